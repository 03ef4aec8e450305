/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

// Next serves src/app/favicon.ico at /favicon.ico (which browsers and crawlers ask for
// on their own) and links src/app/icon.svg from every page's head. Both are the Lumo
// mark; scripts/make-favicon.mjs draws the ICO from the SVG's shapes.
const APP = __dirname;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function icoImages(file: Buffer) {
  expect(file.readUInt16LE(0)).toBe(0); // reserved
  expect(file.readUInt16LE(2)).toBe(1); // 1 = icon
  return Array.from({ length: file.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const size = file[entry] || 256;
    const data = file.subarray(
      file.readUInt32LE(entry + 12),
      file.readUInt32LE(entry + 12) + file.readUInt32LE(entry + 8),
    );
    return { size, data };
  });
}

describe('favicon', () => {
  it('is a real ICO at the app root with 16, 32 and 48 px images', () => {
    const images = icoImages(fs.readFileSync(path.join(APP, 'favicon.ico')));
    expect(images.map((image) => image.size)).toEqual([16, 32, 48]);
    images.forEach(({ size, data }) => {
      expect(data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect([data.readUInt32BE(16), data.readUInt32BE(20)]).toEqual([size, size]); // IHDR width, height
    });
  });

  it('has a scalable SVG version in the brand colour', () => {
    const svg = fs.readFileSync(path.join(APP, 'icon.svg'), 'utf8');
    const brand = fs
      .readFileSync(path.join(APP, 'globals.css'), 'utf8')
      .match(/--brand:\s*(#[0-9a-f]{6})/i)?.[1];
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/);
    expect(brand).toBeDefined();
    expect(svg.toLowerCase()).toContain(`fill="${brand!.toLowerCase()}"`);
  });

  it('is not caught by the locale proxy, which would redirect it to /en/favicon.ico', async () => {
    const { config } = await import('@/proxy');
    const [pages] = config.matcher;
    const matches = (pathname: string) => new RegExp(`^${pages}$`).test(pathname);
    expect(matches('/login')).toBe(true);
    expect(matches('/favicon.ico')).toBe(false);
    expect(matches('/icon.svg')).toBe(false);
  });
});
