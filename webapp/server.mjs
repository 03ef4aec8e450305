// `npm run start`: Next's production server, with one change. Next's /api proxy (the rewrite to
// API_URL) passes a client's own X-Forwarded-For through untouched and adds nothing, so the API could
// neither trust the header nor tell two visitors apart. This server appends the address it really sees
// (a visitor's, or the load balancer's) before Next handles the request: the web app counts as one
// hop, and the API reads that last entry (TRUSTED_PROXY_HOPS=1; 2 with a load balancer in front).
// Usage: node server.mjs [--hostname H] [--port P]
import { createServer } from 'node:http';
import next from 'next';
import { appendForwardedFor } from './src/lib/security/forwarded.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const hostname = option('hostname', process.env.HOSTNAME || 'localhost');
const port = Number(option('port', process.env.PORT || 3000));

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
createServer((req, res) => {
  req.headers['x-forwarded-for'] = appendForwardedFor(
    req.headers['x-forwarded-for'],
    req.socket.remoteAddress,
  );
  handle(req, res);
}).listen(port, hostname, () => {
  console.log(`> Ready on http://${hostname}:${port}`);
});
