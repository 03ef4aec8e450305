import { consentProbeScript } from '@/lib/consent';
import { earlyAccountScript } from '@/lib/startup/early-account';

// The one inline script of the layout, allowed by its hash on every page, so the layout needs no
// per-request nonce and the public pages can be prerendered: the consent probe (lib/consent.ts) and, on
// a private page with a stored token, the start-up call sent early (lib/startup/early-account.ts).
export const HEAD_SCRIPT = consentProbeScript() + ';' + earlyAccountScript();
