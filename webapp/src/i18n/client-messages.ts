// Catalogue namespaces that never reach the browser: e-mail texts are used by
// the API's mailer only (and hold arrays, which next-intl's message model lacks).
const SERVER_ONLY_NAMESPACES = ['Emails'] as const;
type ServerOnlyNamespace = (typeof SERVER_ONLY_NAMESPACES)[number];

export function clientMessages<M extends Record<string, unknown>>(
  messages: M,
): Omit<M, ServerOnlyNamespace> {
  return Object.fromEntries(
    Object.entries(messages).filter(
      ([namespace]) => !(SERVER_ONLY_NAMESPACES as readonly string[]).includes(namespace),
    ),
  ) as Omit<M, ServerOnlyNamespace>;
}
