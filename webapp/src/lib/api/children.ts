import { apiRequest } from './client';

// Child profiles: first name or nickname and an age band only.
export const AGE_BANDS = ['3-5', '6-8', '9-10'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export type Child = { id: number; name: string; ageBand: AgeBand; createdAt: string };
export type ChildList = { children: Child[]; max: number };

/** The adult check in front of the family pages; the answer is never stored. 400 birthYearInvalid. */
export function checkAgeGate(birthYear: number) {
  return apiRequest<{ allowed: boolean }>('/v5/age-gate', { method: 'POST', body: { birthYear } });
}

export function listChildren() {
  return apiRequest<ChildList>('/v5/children');
}

/** 400 childLimitReached {max}. */
export function createChild(name: string, ageBand: AgeBand) {
  return apiRequest<Child>('/v5/children', { method: 'POST', body: { name, ageBand } });
}

/** 404 childNotFound. */
export function updateChild(id: number, changes: { name?: string; ageBand?: AgeBand }) {
  return apiRequest<Child>(`/v5/children/${id}`, { method: 'PATCH', body: changes });
}

export function deleteChild(id: number) {
  return apiRequest<unknown>(`/v5/children/${id}`, { method: 'DELETE' });
}

// Parental settings, per child and per app (tv, books = Stories, games).
export const SETTINGS_APPS = ['tv', 'books', 'games'] as const;
export type SettingsApp = (typeof SETTINGS_APPS)[number];
export const AGE_FILTERS: Record<SettingsApp, readonly string[]> = {
  tv: ['3-5', '6-8', '3-8'],
  books: ['3-6', '7-10', '3-10'],
  games: ['3-6', '7-10', '3-10'],
};
export const CONTENT_TYPES = ['mix', 'cartoons', 'educational', 'music'] as const;
export const CATEGORIES: Record<SettingsApp, readonly string[]> = {
  tv: [],
  books: ['adventure', 'fairy_tales', 'learning', 'night_stories'],
  games: ['creativity', 'logic', 'memory', 'casual', 'multiplayer', 'music'],
};
export const MIN_MINUTES = 5;
export const MAX_MINUTES = 240;

export type AppSettings = {
  ageFilter: string;
  timeLimitMinutes: number | null;
  contentType: string;
  language: string;
  sound: boolean;
  fullscreen: boolean;
  categories?: string[];
  updatedAt?: string;
};
export type ChildSettings = Record<SettingsApp, AppSettings>;

export function getChildSettings(id: number) {
  return apiRequest<ChildSettings>(`/v5/children/${id}/settings`);
}

/** Sends every field of one app's settings (the API replaces them). */
export function putChildSettings(id: number, app: SettingsApp, settings: AppSettings) {
  const { updatedAt: _ignored, ...fields } = settings;
  void _ignored;
  if (app === 'tv') delete fields.categories;
  return apiRequest<AppSettings>(`/v5/children/${id}/settings/${app}`, {
    method: 'PUT',
    body: fields,
  });
}
