import { encode } from 'uqr';

/**
 * The dark modules of a QR code as one SVG path: each horizontal run of dark modules is one rectangle
 * (`M x,y h n v1 h -n z`), about half the text of one square per module — the path travels in the page's
 * HTML and RSC payload (docs/web-speed.md).
 */
export function qrPath(modules: boolean[][]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      const run = x - start;
      parts.push(`M${start},${y}h${run}v1h-${run}z`);
    }
  });
  return parts.join('');
}

/** A value's code: its side in modules (a 2-module quiet zone included) and its dark modules as a path. */
function qrDrawing(value: string): { side: number; path: string } {
  const { data } = encode(value, { border: 2 });
  return { side: data.length, path: qrPath(data) };
}

/** The same drawing as a standalone SVG file (the TV login's code, src/app/qr): named by its <img alt>. */
export function qrSvg(value: string): string {
  const { side, path } = qrDrawing(value);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}

/** A QR code drawn as one SVG path (no image request, crisp at any size). */
export default function QrCode({
  value,
  label,
  size = 184,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const { side, path } = qrDrawing(value);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
