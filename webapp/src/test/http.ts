/** A minimal fetch Response with this body text: the API calls only read ok, status, headers and text(). */
export function textResponse(status: number, text: string): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(),
    text: async () => text,
  } as Response;
}

/** The same, its body `body` as JSON (none when undefined). */
export function jsonResponse(status: number, body: unknown): Response {
  return textResponse(status, body === undefined ? '' : JSON.stringify(body));
}
