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
