// Writes src/app/favicon.ico from the Lumo mark of src/app/icon.svg (a purple rounded
// square, a white "L" and a yellow light). Next serves it at /favicon.ico; browsers
// that read SVG icons use icon.svg. The shapes below are those of icon.svg, on its
// 64 x 64 grid: change both together, then run  node scripts/make-favicon.mjs
import fs from 'node:fs';
import zlib from 'node:zlib';

const SIZES = [16, 32, 48];
const SUPERSAMPLE = 8;
const GRID = 64;
const PURPLE = [0x5a, 0x3f, 0xd1];
const WHITE = [0xff, 0xff, 0xff];
const YELLOW = [0xff, 0xd5, 0x4a];

function inRoundedSquare(x, y, size, radius) {
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

// Top shape first: the colour of a point on the 64 x 64 grid, or null outside the mark.
function colourAt(x, y) {
  if ((x - 45) ** 2 + (y - 22) ** 2 <= 7 ** 2) return YELLOW;
  const stem = x >= 18 && x <= 27 && y >= 14 && y <= 50;
  const foot = x >= 18 && x <= 45 && y >= 41 && y <= 50;
  if (stem || foot) return WHITE;
  return inRoundedSquare(x, y, GRID, 14) ? PURPLE : null;
}

function render(size) {
  const rgba = Buffer.alloc(size * size * 4);
  const step = GRID / size / SUPERSAMPLE;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0];
      let covered = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy += 1) {
        for (let sx = 0; sx < SUPERSAMPLE; sx += 1) {
          const colour = colourAt(
            (px * SUPERSAMPLE + sx + 0.5) * step,
            (py * SUPERSAMPLE + sy + 0.5) * step,
          );
          if (!colour) continue;
          covered += 1;
          colour.forEach((c, i) => {
            sum[i] += c;
          });
        }
      }
      const at = (py * size + px) * 4;
      if (covered)
        sum.forEach((c, i) => {
          rgba[at + i] = Math.round(c / covered);
        });
      rgba[at + 3] = Math.round((255 * covered) / SUPERSAMPLE ** 2);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1)
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ICO: a 6-byte header, a 16-byte entry per image, then the images (PNG-compressed entries).
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry[0] = size % 256;
    entry[1] = size % 256;
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

const out = new URL('../src/app/favicon.ico', import.meta.url);
fs.writeFileSync(out, ico(SIZES.map((size) => ({ size, data: png(size, render(size)) }))));
console.log(`wrote ${out.pathname}`);
