// Browser calls go through Next's /api rewrite to the Flask API (see next.config.ts).
export const API_BASE_PATH = '/api';
