import { session } from '@/lib/session/storage';

// A passed age gate is remembered for the browser session (this tab's session storage), so
// /children, /children/1 and /link ask once; nothing about the answer (no birth year) is kept, only that
// the gate was passed. After a refusal the gate waits before it asks again, and a reload does not skip
// the wait: only the time of the next allowed try is kept.
export const AGE_GATE_RETRY_SECONDS = 300;

export function ageGatePassed(): boolean {
  return session.get('ageGatePassed') === '1';
}

export function rememberAgeGatePassed(): void {
  session.set('ageGatePassed', '1');
  session.remove('ageGateRetryAt');
}

export function rememberAgeGateRefused(now = Date.now()): void {
  session.set('ageGateRetryAt', String(now + AGE_GATE_RETRY_SECONDS * 1000));
}

/** Seconds left before a refused gate asks again (0: it may ask now). */
export function ageGateWaitSeconds(now = Date.now()): number {
  const retryAt = Number(session.get('ageGateRetryAt'));
  if (!Number.isFinite(retryAt) || retryAt <= now) return 0;
  return Math.ceil((retryAt - now) / 1000);
}
