/** @jest-environment node */
import { siAppstore, siGoogleplay } from 'simple-icons';
import { storeMarkUrl } from '@/components/brand/storeMarks';
import { GET, generateStaticParams } from './[file]/route';

const get = (file: string) =>
  GET(new Request(`http://localhost/marks/${file}`), { params: Promise.resolve({ file }) });

describe('the app stores’ marks as images', () => {
  it('are built for each store the landing names, at the address RatingBadge uses', async () => {
    const files = generateStaticParams().map(({ file }) => file);
    expect(files.map((file) => `/marks/${file}`).sort()).toEqual(
      [storeMarkUrl('appStore'), storeMarkUrl('googlePlay')].sort(),
    );
  });

  it.each([
    ['app-store.svg', siAppstore],
    ['google-play.svg', siGoogleplay],
  ])('serve %s: the mark’s own drawing in its own colour, cached', async (file, icon) => {
    const answer = await get(file);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(answer.headers.get('Cache-Control')).toMatch(/^public, /);
    const svg = await answer.text();
    expect(svg).toContain(`d="${icon.path}"`);
    expect(svg).toContain(`fill="#${icon.hex}"`);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 24 24">/);
  });

  it('answer 404 for any other name', async () => {
    expect((await get('paypal.svg')).status).toBe(404);
  });
});
