import fs from 'node:fs';
import path from 'node:path';
import { routing } from './routing';

// One name per app, the same in every language (brand names stay untranslated), used everywhere:
// page titles and SEO descriptions, the hub, the FAQ, the parental settings. This test fails when a
// catalogue names an app otherwise ("Lumo Fernsehen", "Lumo Сказки", "Lumo Tv"…).
const APP_NAMES = { tv: 'Lumo TV', stories: 'Lumo Stories', games: 'Lumo Games' } as const;
const LOCALES_DIR = path.join(__dirname, '..', '..', '..', 'locales');

type Tree = { [key: string]: string | string[] | Tree };
const load = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${locale}.json`), 'utf8')) as Tree;
function strings(tree: Tree | string | string[]): string[] {
  if (typeof tree === 'string') return [tree];
  if (Array.isArray(tree)) return tree;
  return Object.values(tree).flatMap(strings);
}

// What may follow "Lumo " when it is not an app name: the words of ordinary sentences ("Lumo is…", "Lumo mit…").
const APP_WORD =
  /Lumo[ \u00a0](Tv|TV|Télé|Fernsehen|Televisão|Televisión|Televisione|ТВ|تلفاز|Stories|Storie|Histoires|Historias|Cuentos|Geschichten|Verhalen|Histórias|Сказки|Истории|قصص|Games|Jeux|Juegos|Giochi|Spiele|Spelletjes|Jogos|Игры|ألعاب)(?!\w)/gu;

describe('app names', () => {
  it.each(routing.locales)('%s names each app with its one name', (locale) => {
    const names = strings(load(locale)).flatMap((text) =>
      [...text.matchAll(APP_WORD)].map((m) => m[0]),
    );
    expect(names.length).toBeGreaterThan(10);
    expect([...new Set(names)].sort()).toEqual([APP_NAMES.games, APP_NAMES.stories, APP_NAMES.tv]);
  });

  it.each(routing.locales)(
    '%s uses them in the product page titles (SEO) and on the hub',
    (locale) => {
      const catalogue = load(locale) as {
        ProductInfoPage: Record<string, { title: string }>;
        ProductsPage: { open: string };
      };
      (['tv', 'stories', 'games'] as const).forEach((app) =>
        expect(catalogue.ProductInfoPage[app].title).toContain(APP_NAMES[app]),
      );
      expect(catalogue.ProductsPage.open).toContain(APP_NAMES.tv);
    },
  );

  it('writes Portuguese as spoken in Portugal (subscrição, not assinatura)', () => {
    const pt = strings(load('pt')).join('\n');
    expect(pt).not.toMatch(/assinatura/i);
    expect(pt).toContain('subscrição');
  });
});
