import { HUB_APPS, hubView } from './apps';

describe('hub (docs/product.md#screens)', () => {
  it('shows store links for subscribed apps and a subscribe link for the others', () => {
    const view = hubView(new Set(['tv', 'games']), false);
    expect(view.cards.map((c) => [c.app.id, c.subscribed])).toEqual([
      ['tv', true],
      ['books', false],
      ['games', true],
    ]);
    expect(view.steps).toEqual(['install', 'login', 'open']);
  });

  it('enables the open step only with a TV subscription', () => {
    expect(hubView(new Set(['tv']), false).canOpen).toBe(true);
    expect(hubView(new Set(['books', 'games']), false).canOpen).toBe(false);
  });

  it('shows only the open step on a TV platform', () => {
    expect(hubView(new Set(['tv']), true)).toEqual({ steps: ['open'], cards: [], canOpen: true });
  });

  it('has an App Store and a Google Play address for each app', () => {
    HUB_APPS.forEach((app) => {
      expect(app.appStore).toMatch(/^https:\/\/apps\.apple\.com\//);
      expect(app.googlePlay).toMatch(/^https:\/\/play\.google\.com\//);
    });
  });
});
