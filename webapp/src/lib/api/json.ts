/** An answer's body as JSON; null when it is empty or not JSON (an HTML error page from a proxy). */
export function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? null;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
