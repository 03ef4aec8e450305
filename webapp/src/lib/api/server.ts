// Where the web server (never the browser) asks the Flask API: API_URL, default the local API.
export function apiUrl(): string {
  return (process.env.API_URL || 'http://127.0.0.1:5000').replace(/\/+$/, '');
}
