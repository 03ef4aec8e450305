import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// A prerendered page (its HTML written by `next build`) carries no per-request nonce; its inline
// scripts (the layout's probe, Next's page data) are allowed by their SHA-256 instead. The proxy reads the
// very file Next will serve, once per build (cached by the file's modification time).

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

export const sha256 = (text: string) =>
  `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The distinct hashes of the inline scripts of an HTML document, in order of appearance. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) if (match[1]) hashes.add(sha256(match[1]));
  return [...hashes];
}

function serverAppDir(): string {
  return path.resolve(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'server', 'app');
}

type Entry = { mtimeMs: number; hashes: string[] };
const cache = new Map<string, Entry>();

/**
 * The script hashes of the page prerendered for a routed path (/en/homePage), or null when that page is
 * rendered per request (no HTML file in the build: a private page, a development server).
 */
export function prerenderedScriptHashes(routedPath: string, dir = serverAppDir()): string[] | null {
  const clean = routedPath.replace(/\/+$/, '');
  if (!/^\/[a-z]{2}(\/[\w-]+)*$/.test(clean)) return null;
  const file = path.join(dir, `${clean}.html`);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const known = cache.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.hashes;
  const hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
  cache.set(file, { mtimeMs, hashes });
  return hashes;
}
