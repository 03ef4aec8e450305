import fs from 'node:fs';
import path from 'node:path';
import { importedBy } from '@/test/imports';
import { callOnDemand } from './on-demand';

describe('a call on demand', () => {
  it('makes the call once its module is there', async () => {
    const call = jest.fn(async () => ({ ok: true as const, status: 200, data: 'DE' }));
    await expect(
      callOnDemand(
        async () => ({ call }),
        (m) => m.call(),
      ),
    ).resolves.toEqual({
      ok: true,
      status: 200,
      data: 'DE',
    });
  });

  it('answers as a failed network when its module cannot be downloaded', async () => {
    const load = () => Promise.reject(new Error('ChunkLoadError'));
    await expect(
      callOnDemand(load, async () => ({ ok: true, status: 200, data: 1 })),
    ).resolves.toEqual({ ok: false, status: 0, errorKey: 'somethingWentWrong' });
  });
});

describe("the site's shell, on every page", () => {
  const src = path.resolve(__dirname, '..', '..');
  const shell = [
    ...importedBy(path.join(src, 'app/[locale]/layout.tsx')),
    ...importedBy(path.join(src, 'app/[locale]/(site)/layout.tsx')),
  ];

  it('runs the start-up decision and the landing capture', () => {
    expect(shell).toEqual(
      expect.arrayContaining(['lib/startup/run.ts', 'lib/landing.ts', 'lib/country.ts']),
    );
  });

  it('downloads the API client and the start-up calls only when a call is made', () => {
    expect(shell).not.toContain('lib/api/client.ts');
    expect(shell).not.toContain('lib/startup/calls.ts');
  });
});

describe('the pages parents arrive on', () => {
  const src = path.resolve(__dirname, '..', '..');
  it.each(['homePage', 'register', 'login'])(
    '/%s reads what it shows without the API client, which comes with a submitted form',
    (route) => {
      const page = importedBy(path.join(src, `app/[locale]/(site)/${route}/page.tsx`));
      expect(page).not.toContain('lib/api/client.ts');
      expect(page).not.toContain('lib/startup/calls.ts');
    },
  );
});

describe('the pages that read the account', () => {
  const src = path.resolve(__dirname, '..', '..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const readers = sources(src).filter(
    (file) =>
      /\buseStartup\(/.test(fs.readFileSync(file, 'utf8')) && !file.includes('/lib/startup/'),
  );

  it('hand them to the start-up from the first render when headed by the server (StartupGate.tsx)', () => {
    expect(importedBy(path.join(src, 'lib/startup/StartupGate.tsx'))).toContain(
      'lib/startup/calls.ts',
    );
  });

  it('carry the start-up calls in their own scripts (lib/startup/use-startup.ts)', () => {
    expect(readers.length).toBeGreaterThan(5);
    for (const file of readers) {
      expect([file, importedBy(file).has('lib/startup/calls.ts')]).toEqual([file, true]);
    }
  });
});
