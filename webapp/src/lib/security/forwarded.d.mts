/** Types of forwarded.mjs (plain JavaScript, so that server.mjs can load it without a build step). */
export function appendForwardedFor(
  prior: string | string[] | null | undefined,
  peer: string | null | undefined,
): string;
