import 'server-only';

// Server-side settings read from the environment at request time.
const WEB_APP_DEFAULTS = {
  tv: 'https://tv.lumo.example',
  stories: 'https://stories.lumo.example',
  games: 'https://games.lumo.example',
} as const;

export type WebApp = keyof typeof WEB_APP_DEFAULTS;

export function webAppUrl(app: WebApp): string {
  const fromEnv = {
    tv: process.env.WEBAPP_TV_URL,
    stories: process.env.WEBAPP_STORIES_URL,
    games: process.env.WEBAPP_GAMES_URL,
  }[app];
  return fromEnv || WEB_APP_DEFAULTS[app];
}
