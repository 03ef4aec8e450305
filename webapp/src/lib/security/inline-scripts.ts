import { consentProbeScript } from '@/lib/consent';

// The one inline script of the layout (lib/consent.ts), allowed by its hash on every page, so
// the layout needs no per-request nonce and the public pages can be prerendered.
export const HEAD_SCRIPT = consentProbeScript();
