/** @jest-environment node */
jest.mock('server-only', () => ({}));
jest.mock('@/i18n/navigation', () => ({ redirect: jest.fn() }));

import { NextRequest } from 'next/server';
import { webAppRoute } from './webAppRoute';

describe('/apps/{app} (docs/product.md#flows: back to the web app with a redirect key)', () => {
  it('answers with an HTTP redirect that forwards only the key and the TV folder', () => {
    process.env.WEBAPP_TV_URL = 'https://tv.example.test';
    const response = webAppRoute('tv')(
      new NextRequest('http://localhost/en/apps/tv?key=k1&folder=f2&utm_source=x'),
    );
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('https://tv.example.test/?key=k1&folder=f2');
    expect(response.headers.get('cache-control')).toBe('no-store');
    delete process.env.WEBAPP_TV_URL;
  });

  it('uses the default address of each web app', () => {
    const response = webAppRoute('games')(new NextRequest('http://localhost/apps/games?key=abc'));
    expect(response.headers.get('location')).toBe('https://games.lumo.example/?key=abc');
  });
});
