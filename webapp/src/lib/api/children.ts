import { api } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

// Child profiles: first name or nickname and an age band only.
export type Child = Schemas['Child'];
export type ChildList = Schemas['ChildList'];
export type AgeBand = Child['ageBand'];
export const AGE_BANDS = ['3-5', '6-8', '9-10'] as const satisfies readonly AgeBand[];

/** The adult check in front of the family pages; the answer is never stored. 400 birthYearInvalid. */
export function checkAgeGate(birthYear: number) {
  return api.POST('/v5/age-gate', { body: { birthYear } });
}

export function listChildren() {
  return api.GET('/v5/children');
}

/** 400 childLimitReached {max}. */
export function createChild(name: string, ageBand: AgeBand) {
  return api.POST('/v5/children', { body: { name, ageBand } });
}

/** 404 childNotFound. */
export function updateChild(id: number, changes: Partial<Schemas['UpdateChild']>) {
  return api.PATCH('/v5/children/{child_id}', {
    params: { path: { child_id: id } },
    body: changes as Schemas['UpdateChild'],
  });
}

export function deleteChild(id: number) {
  return api.DELETE('/v5/children/{child_id}', { params: { path: { child_id: id } } });
}

// Parental settings, per child and per app (tv, books = Stories, games).
export const SETTINGS_APPS = ['tv', 'books', 'games'] as const;
export type SettingsApp = (typeof SETTINGS_APPS)[number];
export type ChildSettings = Schemas['ChildSettings'];
type OneApp = ChildSettings[SettingsApp];
type KeysOf<U> = U extends unknown ? keyof U : never;
type ValueOf<U, K extends PropertyKey> = U extends unknown
  ? K extends keyof U
    ? U[K]
    : never
  : never;
export type Category = ValueOf<OneApp, 'categories'>[number];
/** The three apps' settings in one shape, as the form edits them (categories: Stories and Games only). */
type Merged = { [K in KeysOf<OneApp>]: ValueOf<OneApp, K> };
export type AppSettings = Omit<Merged, 'categories' | 'updatedAt'> &
  Partial<Pick<Merged, 'updatedAt'>> & { categories?: Category[] };
export const AGE_FILTERS: Record<SettingsApp, readonly AppSettings['ageFilter'][]> = {
  tv: ['3-5', '6-8', '3-8'],
  books: ['3-6', '7-10', '3-10'],
  games: ['3-6', '7-10', '3-10'],
};
export const CONTENT_TYPES = [
  'mix',
  'cartoons',
  'educational',
  'music',
] as const satisfies readonly AppSettings['contentType'][];
export const CATEGORIES: Record<SettingsApp, readonly Category[]> = {
  tv: [],
  books: ['adventure', 'fairy_tales', 'learning', 'night_stories'],
  games: ['creativity', 'logic', 'memory', 'casual', 'multiplayer', 'music'],
};
export const MIN_MINUTES = 5;
export const MAX_MINUTES = 240;

export function getChildSettings(id: number) {
  return api.GET('/v5/children/{child_id}/settings', { params: { path: { child_id: id } } });
}

/** Sends every field of one app's settings (the API replaces them; TV has no categories). */
export function putChildSettings(id: number, app: SettingsApp, settings: AppSettings) {
  const { updatedAt: _ignored, ...fields } = settings;
  void _ignored;
  const path = { params: { path: { child_id: id } } };
  // The form keeps each app's own values (its age filters and categories): the body is that app's input.
  if (app === 'tv') {
    delete fields.categories;
    return api.PUT('/v5/children/{child_id}/settings/tv', {
      ...path,
      body: fields as Schemas['TvSettingsInput'],
    });
  }
  return app === 'books'
    ? api.PUT('/v5/children/{child_id}/settings/books', {
        ...path,
        body: fields as Schemas['BooksSettingsInput'],
      })
    : api.PUT('/v5/children/{child_id}/settings/games', {
        ...path,
        body: fields as Schemas['GamesSettingsInput'],
      });
}
