// Browser calls go through Next's /api rewrite to the Flask API (see next.config.ts).
export const API_BASE_PATH = '/api';

/** The headers every API call sends (the API client's defaults, and the layout's early start-up call). */
export const API_DEFAULT_HEADERS = { Accept: 'application/json' } as const;
