// Screenshots of the public pages in en, ar and de at 375 and 1280 px,
// written to var/screenshots/ at the repository root. Needs the web app (and its
// API) running: BASE_URL=http://localhost:3000 node scripts/screenshots.mjs
// Uses the system Chromium; never downloads a browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE_URL = (process.env.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const OUT_DIR = path.resolve(import.meta.dirname, '../../var/screenshots');
const LOCALES = (process.env.LOCALES || 'en,ar,de').split(',');
const WIDTHS = [375, 1280];
const PAGES = [
  ['landing', '/homePage'],
  ['register', '/register'],
  ['login', '/login'],
  ['forgotten-password', '/forgotten-password'],
  ['promo', '/promo/LUMO-HALF'],
  ['swisscom', '/swisscom'],
  ['publisher-coupon', '/coupon'],
  ['intermarche', '/intermarche'],
  ['acef', '/ACEF'],
];
const only = process.env.PAGES ? process.env.PAGES.split(',') : null;

function localized(locale, route) {
  return `${BASE_URL}${locale === 'en' ? '' : `/${locale}`}${route}`;
}

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumo-shots-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: CHROMIUM,
  headless: true,
  locale: 'en-GB',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
fs.mkdirSync(OUT_DIR, { recursive: true });
const failures = [];
try {
  const page = context.pages()[0] ?? (await context.newPage());
  for (const [name, route] of PAGES.filter(([n]) => !only || only.includes(n))) {
    for (const locale of LOCALES) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
        // next-intl remembers the last locale in a cookie: start each page afresh.
        await context.clearCookies();
        const url = localized(locale, route);
        const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
        if (!response || response.status() >= 400)
          failures.push(`${url}: HTTP ${response?.status()}`);
        // Scroll down and back so lazy images load, then let client components settle.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForTimeout(800);
        const file = path.join(OUT_DIR, `${name}-${locale}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`${file}`);
      }
    }
  }
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
