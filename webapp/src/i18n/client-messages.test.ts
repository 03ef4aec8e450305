import fs from 'node:fs';
import path from 'node:path';
import en from '@locales/en.json';
import { importedBy } from '@/test/imports';
import { REGISTER_ERROR_KEYS } from '@/components/register/error-keys';
import { registerErrors } from '@/components/register/validation';
import { ERROR_KEYS, type ErrorKey } from '@/lib/api/errors';
import {
  mergeMessages,
  pickMessages,
  SHELL_ERROR_KEYS,
  SHELL_NAMESPACES,
  shellMessages,
} from './client-messages';

const SRC = path.resolve(__dirname, '..');
const APP = path.join(SRC, 'app', '[locale]');
// The layouts whose client components read the shell's namespaces (the locale layout sends them).
const SHELL_LAYOUTS = ['layout.tsx', '(site)/layout.tsx', '(retailer)/layout.tsx'].map((file) =>
  path.join(APP, file),
);

// Namespaces chosen at run time, by the modules that choose them.
const COMPUTED: Record<string, readonly string[]> = {
  'components/subscribe/PaymentPage.tsx': ['SubscribePage', 'ResubscribePage', 'ChangePlanPage'],
};

// Modules that read only some texts of a namespace: the shell's errors (useErrorText falls back to the
// generic text for any other).
const NARROWED: Record<string, Record<string, readonly string[]>> = {
  'i18n/error-text.ts': { Errors: SHELL_ERROR_KEYS.map((key) => `Errors.${key}`) },
};

const sources = new Map<string, string>();
const read = (file: string) => {
  if (!sources.has(file)) sources.set(file, fs.readFileSync(file, 'utf8'));
  return sources.get(file)!;
};

function files(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

const isClientModule = (file: string) => /^\s*['"]use client['"]/.test(read(file));

/** The namespaces read by the client components a page or layout renders (following its imports). */
function namespacesReadBelow(entry: string): Set<string> {
  const seen = new Set<string>();
  const namespaces = new Set<string>();
  const queue: [string, boolean][] = [[entry, false]];
  while (queue.length) {
    const [file, parentIsClient] = queue.pop()!;
    const inBrowser = parentIsClient || isClientModule(file);
    const key = `${inBrowser} ${file}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const text = read(file);
    if (inBrowser) {
      for (const [, argument] of text.matchAll(/useTranslations\(([^)]*)\)/g)) {
        const literal = /^\s*['"]([^'"]+)['"]\s*$/.exec(argument);
        const computed = COMPUTED[path.relative(SRC, file)];
        const narrowed = literal && NARROWED[path.relative(SRC, file)]?.[literal[1]];
        if (narrowed) narrowed.forEach((namespace) => namespaces.add(namespace));
        else if (literal) namespaces.add(literal[1]);
        else if (computed) computed.forEach((namespace) => namespaces.add(namespace));
        else
          throw new Error(
            `${path.relative(SRC, file)}: useTranslations(${argument}) — list its namespaces in COMPUTED`,
          );
      }
    }
    for (const [, specifier] of text.matchAll(/(?:from|import\()\s*['"]([^'"]+)['"]/g)) {
      const target = resolveImport(file, specifier);
      if (target) queue.push([target, inBrowser]);
    }
  }
  return namespaces;
}

/**
 * The namespaces a page or layout sends with <PageMessages namespaces={[…]}>, itself or in a server
 * component it imports (a page's content shared by two routes, e.g. components/register/RegisterPage).
 */
function namespacesSentBy(entry: string): string[] {
  const own = (file: string) => {
    const match = /<PageMessages\s+namespaces=\{\[([^\]]*)\]\}/.exec(read(file));
    return match ? [...match[1].matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]) : [];
  };
  const imported = [...read(entry).matchAll(/from\s*['"]([^'"]+)['"]/g)]
    .map(([, specifier]) => resolveImport(entry, specifier))
    .filter((file): file is string => !!file && !isClientModule(file));
  return [entry, ...imported].flatMap(own);
}

/** The layouts above a page or layout (its own folder's for a page), below the locale layout. */
function layoutsAbove(entry: string): string[] {
  const layouts: string[] = [];
  for (let dir = path.dirname(entry); dir.startsWith(APP) && dir !== APP; dir = path.dirname(dir)) {
    const layout = path.join(dir, 'layout.tsx');
    if (layout !== entry && fs.existsSync(layout)) layouts.push(layout);
  }
  return layouts;
}

const covers = (sent: string, read: string) => read === sent || read.startsWith(`${sent}.`);
const missing = (read: Iterable<string>, sent: readonly string[]) =>
  [...read].filter((n) => !sent.some((s) => covers(s, n)));

const ENTRIES = files(APP, /^(page|layout|not-found)\.tsx$/);

describe('the messages sent to the browser', () => {
  it.each(ENTRIES.map((entry) => [path.relative(APP, entry), entry]))(
    'cover what the client components of %s read',
    (_, entry) => {
      const sent = [
        ...SHELL_NAMESPACES,
        ...namespacesSentBy(entry),
        ...layoutsAbove(entry).flatMap(namespacesSentBy),
      ];
      expect(missing(namespacesReadBelow(entry), sent)).toEqual([]);
    },
  );

  it('add only namespaces that the page or layout reads beyond the shell', () => {
    for (const entry of ENTRIES) {
      const read = [...namespacesReadBelow(entry)];
      const unused = namespacesSentBy(entry).filter(
        (sent) => !read.some((n) => covers(sent, n)) || SHELL_NAMESPACES.includes(sent as never),
      );
      expect({ entry: path.relative(APP, entry), unused }).toEqual({
        entry: path.relative(APP, entry),
        unused: [],
      });
    }
  });

  it('send in the shell what the layouts read, and nothing else', () => {
    const read = new Set(SHELL_LAYOUTS.flatMap((layout) => [...namespacesReadBelow(layout)]));
    expect(missing(read, SHELL_NAMESPACES)).toEqual([]);
    expect(SHELL_NAMESPACES.filter((sent) => ![...read].some((n) => covers(sent, n)))).toEqual([]);
  });

  it('name only namespaces of the catalogue', () => {
    for (const namespace of [...SHELL_NAMESPACES, ...ENTRIES.flatMap(namespacesSentBy)]) {
      expect(pickMessages(en, [namespace])).toHaveProperty(namespace.split('.'));
    }
  });
});

/** The error keys the API documents for one path (its answers' descriptions in the generated types). */
function documentedErrors(apiPath: string): string[] {
  const types = read(path.join(SRC, 'lib', 'api', 'schema.d.ts'));
  const start = types.indexOf(`\n  '${apiPath}': {`);
  expect(start).toBeGreaterThan(-1);
  const end = types.indexOf("\n  '/", start + 1);
  const block = types.slice(start, end);
  return [...block.matchAll(/code \d+ `(\w+)`/g)].map((m) => m[1]);
}

describe('the shell’s error texts', () => {
  it.each(['/v4/newsletter', '/v5/terms/accept'])(
    'cover every error the API documents for %s (the shell’s own calls)',
    (apiPath) => {
      const documented = documentedErrors(apiPath);
      expect(documented.length).toBeGreaterThan(1);
      expect(
        documented.filter((key) => !(SHELL_ERROR_KEYS as readonly string[]).includes(key)),
      ).toEqual([]);
    },
  );

  it('cover the start-up’s failures and the browser’s e-mail check', () => {
    const errorKeysIn = (file: string) =>
      [...read(file).matchAll(/'(\w+)'/g)]
        .map((m) => m[1])
        .filter((key) => (ERROR_KEYS as readonly string[]).includes(key));
    const decide = path.join(SRC, 'lib', 'startup', 'decide.ts');
    // Flashes are shown by the page the start-up sends the parent to (the login page, all errors).
    const flashes = [...read(decide).matchAll(/flash: '(\w+)'/g)].map((m) => m[1]);
    const shown = [
      ...errorKeysIn(decide).filter((key) => !flashes.includes(key)),
      ...errorKeysIn(path.join(SRC, 'lib', 'email.ts')),
    ];
    expect(shown).toEqual(expect.arrayContaining(['subscriptionNotFound', 'invalidEmail']));
    expect(shown.filter((key) => !(SHELL_ERROR_KEYS as readonly string[]).includes(key))).toEqual(
      [],
    );
  });
});

describe('the register page’s error texts (components/register/error-keys.ts)', () => {
  const sent = [...SHELL_ERROR_KEYS, ...REGISTER_ERROR_KEYS] as readonly string[];
  const notSent = (keys: readonly string[]) => keys.filter((key) => !sent.includes(key));

  it('are sent by the page, which sends no other of the catalogue', () => {
    const page = read(path.join(SRC, 'components', 'register', 'RegisterPage.tsx'));
    expect(page).toContain('...errorTexts(REGISTER_ERROR_KEYS)');
    expect(page).not.toMatch(/'Errors'/);
  });

  it('cover every error the API documents for POST /v5/accounts', () => {
    const documented = documentedErrors('/v5/accounts');
    expect(documented).toEqual(expect.arrayContaining(['emailTaken', 'couponRedeemed']));
    expect(notSent(documented)).toEqual([]);
  });

  it('cover what the form’s own checks can find', () => {
    const found = ['', 'a', 'a@b', 'a@b.fr'].flatMap((email) =>
      ['', 'short', 'long enough'].flatMap((password) => {
        const errors = registerErrors({
          email,
          password,
          terms: true,
          promo: true,
          promoRequired: false,
        });
        return [errors.email, errors.password].filter((key): key is ErrorKey => !!key);
      }),
    );
    expect(new Set(found)).toEqual(new Set(['valueRequired', 'invalidEmail', 'passwordTooShort']));
    expect(notSent(found)).toEqual([]);
  });

  it('cover the flashes other pages send to /register', () => {
    const flashes = files(SRC, /\.tsx?$/)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        [
          ...read(file).matchAll(/withFlash\('\/register', \{ kind: 'error', key: '(\w+)' \}\)/g),
        ].map((m) => m[1]),
      );
    expect(flashes).toContain('couponInvalid');
    expect(notSent(flashes)).toEqual([]);
  });
});

describe('shellMessages', () => {
  it('keeps the shell namespaces and drops the pages and e-mail texts', () => {
    const sent = shellMessages({ ...en, Emails: { subject: 'x' } });
    expect(sent).toHaveProperty('Errors.newsletterAlreadySaved', en.Errors.newsletterAlreadySaved);
    expect(sent).not.toHaveProperty('Errors.resetLinkInvalid');
    expect(sent).toHaveProperty('CookieConsent.title', en.CookieConsent.title);
    expect(sent).not.toHaveProperty('HomePage');
    expect(sent).not.toHaveProperty('LoginPage');
    expect(sent).not.toHaveProperty('Emails');
  });
});

describe('MergeMessages, in the browser', () => {
  it('imports the merging alone, not the lists of what is sent (they stay on the server)', () => {
    const loaded = importedBy(path.join(SRC, 'i18n', 'MergeMessages.tsx'));
    expect(loaded).toContain('i18n/merge-messages.ts');
    expect(loaded).not.toContain('i18n/client-messages.ts');
  });
});

describe('pickMessages and mergeMessages', () => {
  it('copy nested paths and skip missing ones', () => {
    const messages = { A: { b: { c: 'x' }, d: 'y' }, E: 'z' };
    expect(pickMessages(messages, ['A.b', 'E', 'F', 'A.q.r'])).toEqual({
      A: { b: { c: 'x' } },
      E: 'z',
    });
  });

  it('merge namespaces key by key, the added ones winning', () => {
    expect(
      mergeMessages({ A: { b: 'x', c: 'y' }, D: 'z' }, { A: { c: 'w', e: 'v' }, F: 'u' }),
    ).toEqual({ A: { b: 'x', c: 'w', e: 'v' }, D: 'z', F: 'u' });
  });
});
