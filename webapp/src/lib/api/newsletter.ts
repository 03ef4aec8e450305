import { publicApi } from './client';
import type { components } from './schema';

/** The newsletter sign-up; `language` is the site language the visitor reads. */
export function subscribeNewsletter(email: string, language: string) {
  const body: components['schemas']['Newsletter'] = { email, language };
  return publicApi.POST('/v4/newsletter', { body });
}
