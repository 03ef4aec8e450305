import type { WebApp } from '@/lib/startup/decide';

// The three apps of the hub and where to get them. Store addresses can be
// replaced per deployment with NEXT_PUBLIC_STORE_LINKS (JSON of the same shape).

export type HubApp = {
  id: 'tv' | 'books' | 'games';
  webApp: WebApp;
  appStore: string;
  googlePlay: string;
};

const DEFAULT_APPS: HubApp[] = [
  {
    id: 'tv',
    webApp: 'tv',
    appStore: 'https://apps.apple.com/app/lumo-tv/id6450000001',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.lumo.tv',
  },
  {
    id: 'books',
    webApp: 'stories',
    appStore: 'https://apps.apple.com/app/lumo-stories/id6450000002',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.lumo.stories',
  },
  {
    id: 'games',
    webApp: 'games',
    appStore: 'https://apps.apple.com/app/lumo-games/id6450000003',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.lumo.games',
  },
];

function fromEnv(): HubApp[] | null {
  try {
    const parsed = JSON.parse(process.env.NEXT_PUBLIC_STORE_LINKS ?? 'null') as Partial<
      Record<HubApp['id'], Partial<HubApp>>
    > | null;
    return parsed
      ? DEFAULT_APPS.map((app) => ({ ...app, ...parsed[app.id], id: app.id, webApp: app.webApp }))
      : null;
  } catch {
    return null;
  }
}

export const HUB_APPS: readonly HubApp[] = fromEnv() ?? DEFAULT_APPS;

/** docs/product.md#screens "Hub": store links for subscribed apps, a subscribe link otherwise; the open step needs TV. */
export function hubView(appsWithAccess: ReadonlySet<string>, isTv: boolean) {
  return {
    steps: isTv ? (['open'] as const) : (['install', 'login', 'open'] as const),
    cards: isTv ? [] : HUB_APPS.map((app) => ({ app, subscribed: appsWithAccess.has(app.id) })),
    canOpen: appsWithAccess.has('tv'),
  };
}
