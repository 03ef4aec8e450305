import fs from 'node:fs';
import path from 'node:path';

// The information pages carry the landing's shared bands (sections.css), not the landing's own styles
// (landing.css): the page's CSS is sent twice, in the HTML and in the page data (docs/web-speed.md).
const SRC = path.resolve(__dirname, '..', '..');
const VIEWS = ['AboutView.tsx', 'FaqView.tsx', 'LearningView.tsx', 'ProductPage.tsx'].map((file) =>
  path.join(__dirname, file),
);
const read = (file: string) => fs.readFileSync(file, 'utf8');
const GLOBAL_CSS = [
  path.join(SRC, 'components', 'landing', 'sections.css'),
  path.join(SRC, 'app', 'globals.css'),
  path.join(SRC, 'components', 'layout', 'public.css'),
].map(read);

/** The global class names a view writes literally (CSS modules' `styles.x` and `${…}` parts left out). */
function globalClasses(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g))
    for (const name of (match[1] ?? match[2]).replace(/\$\{[^}]*\}/g, ' ').split(/\s+/))
      if (name && !name.endsWith('-')) names.add(name);
  return [...names];
}

describe('the information pages’ styles', () => {
  it.each(VIEWS.map((file) => [path.basename(file), file]))(
    '%s imports sections.css and not the landing’s own styles',
    (_, file) => {
      const source = read(file);
      expect(source).toContain("import '@/components/landing/sections.css';");
      expect(source).not.toMatch(/landing\/landing\.css/);
    },
  );

  it.each(VIEWS.map((file) => [path.basename(file), file]))(
    'every global class %s uses is defined in sections.css or the site’s global CSS',
    (_, file) => {
      const classes = globalClasses(read(file));
      expect(classes.length).toBeGreaterThan(3);
      const undefinedClasses = classes.filter(
        (name) => !GLOBAL_CSS.some((css) => new RegExp(`\\.${name}(?![\\w-])`).test(css)),
      );
      expect(undefinedClasses).toEqual([]);
    },
  );

  it.each(VIEWS.map((file) => [path.basename(file), file]))(
    'every module class %s uses is defined in the module it comes from',
    (_, file) => {
      const source = read(file);
      const modules = [...source.matchAll(/import (\w+) from '\.\/(\w+\.module\.css)';/g)];
      expect(modules.length).toBeGreaterThan(0);
      for (const [, name, module] of modules) {
        const css = read(path.join(__dirname, module));
        const used = [
          ...new Set([...source.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, 'g'))].map((m) => m[1])),
        ];
        expect(used.length).toBeGreaterThan(0);
        expect({
          module,
          missing: used.filter((c) => !new RegExp(`\\.${c}(?![\\w-])`).test(css)),
        }).toEqual({
          module,
          missing: [],
        });
      }
    },
  );
});
