// The catalogue's messages as nested objects, and how a page's messages are laid over the shell's
// (i18n/MergeMessages.tsx, in the browser; client-messages.ts chooses what is sent).
export type Messages = Record<string, unknown>;

export function isObject(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `extra` on top of `base`, namespaces that both hold merged key by key. */
export function mergeMessages(base: Messages, extra: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    merged[key] =
      isObject(value) && isObject(merged[key])
        ? mergeMessages(merged[key] as Messages, value)
        : value;
  }
  return merged;
}
