import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');

/**
 * The modules an entry loads, following its static imports (type-only and dynamic `import()`s load
 * nothing at once), as paths relative to src/.
 */
export function importedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const [, typeOnly, specifier] of text.matchAll(
      /import\s+(type\s+)?[^'"]*?from\s*['"]([^'"]+)['"]/g,
    )) {
      if (typeOnly) continue;
      const base = specifier.startsWith('@/')
        ? path.join(SRC, specifier.slice(2))
        : specifier.startsWith('.')
          ? path.resolve(path.dirname(file), specifier)
          : null;
      const found =
        base &&
        [
          `${base}.ts`,
          `${base}.tsx`,
          path.join(base, 'index.ts'),
          path.join(base, 'index.tsx'),
        ].find((f) => fs.existsSync(f));
      if (found) queue.push(found);
    }
  }
  return new Set([...seen].map((file) => path.relative(SRC, file)));
}
