// Removes query parameters from the address bar without a navigation (an
// e-mail or a flash key must not stay in the history or be bookmarked).
export function removeQueryParams(...names: string[]): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  const present = names.filter((name) => url.searchParams.has(name));
  if (!present.length) return;
  present.forEach((name) => url.searchParams.delete(name));
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
