// X-Forwarded-For as a proxy must forward it: what came before, then the address this hop saw.
export function appendForwardedFor(prior, peer) {
  const before = Array.isArray(prior) ? prior.join(', ') : (prior || '').trim();
  const seen = (peer || '').replace(/^::ffff:/, '');
  if (!seen) return before;
  return before ? `${before}, ${seen}` : seen;
}
