import type { PlansResponse } from './plans';
import plansCH from '@/test/fixtures/api/plans-CH.json';
import plansFR from '@/test/fixtures/api/plans-FR.json';

// Real answers of the API (GET /v5/plans?countryCode=FR&showAll=true, ?countryCode=CH), kept current by
// tests/bff/test_web_fixtures.py: the Jest tests render what the API quotes.
export const PLANS_FR = plansFR as PlansResponse;
export const PLANS_CH = plansCH as PlansResponse;
