import path from 'node:path';
import { fileURLToPath } from 'node:url';
import createNextIntlPlugin from 'next-intl/plugin';

const here = path.dirname(fileURLToPath(import.meta.url));
// node_modules is a link to the web app's (bench/web_builds.py makes it): the root must hold both.
const repositoryRoot = path.resolve(here, '..', '..', '..');

export default createNextIntlPlugin('./i18n/request.js')({
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: { root: repositoryRoot },
  outputFileTracingRoot: repositoryRoot,
});
