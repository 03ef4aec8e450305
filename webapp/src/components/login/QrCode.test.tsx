import { render, screen } from '@testing-library/react';
import { encode } from 'uqr';
import QrCode, { qrPath, qrSvg } from './QrCode';

/** The modules a path paints: every rectangle `M x,y h n v1 h -n z` expanded back to its cells. */
function painted(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, n] of path.matchAll(/M(\d+),(\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(n); i += 1) grid[Number(y)][Number(x) + i] = true;
  }
  return grid;
}

describe('QrCode', () => {
  it('paints exactly the dark modules, one rectangle per horizontal run', () => {
    const { data } = encode('https://www.lumo.example/en/link?pin=123456', { border: 2 });
    const path = qrPath(data);
    expect(painted(path, data.length)).toEqual(data);
    const runs = data.flatMap((row) =>
      row.filter((dark, x) => dark && (x === 0 || !row[x - 1])),
    ).length;
    expect(path.match(/M/g)).toHaveLength(runs);
    const onePerModule = data
      .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x},${y}h1v1h-1z` : '')))
      .join('');
    expect(path.length).toBeLessThan(onePerModule.length * 0.6); // the former path: a square each
  });

  it('renders an image named by its label', () => {
    render(<QrCode value="https://www.lumo.example" label="Scan to log in" />);
    const image = screen.getByRole('img', { name: 'Scan to log in' });
    expect(image.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+,\d+h\d+v1h-\d+z/);
  });

  it('writes the same drawing as a standalone SVG file', () => {
    const value = 'https://www.lumo.example/en/register';
    const { data } = encode(value, { border: 2 });
    const svg = new DOMParser().parseFromString(qrSvg(value), 'image/svg+xml').documentElement;
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${data.length} ${data.length}`);
    expect(painted(svg.querySelector('path')?.getAttribute('d') ?? '', data.length)).toEqual(data);
  });

  it('draws nothing for a row without dark modules', () => {
    expect(
      qrPath([
        [false, false],
        [true, true],
      ]),
    ).toBe('M0,1h2v1h-2z');
  });
});
