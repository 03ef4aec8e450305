import { api, publicApi } from './client';
import type { components } from './schema';

type Language = components['schemas']['EmailLanguage']['language'];

// The parent's own account (docs/product.md#api): password, e-mail and name.

/** Both passwords are already hashed (lib/password). 400 code 1: wrong old password. */
export function changePassword(oldPass: string, newPass: string) {
  return api.POST('/v4/users/change-pass', { body: { oldPass, newPass } });
}

/** 400 code 2 invalid, 5 taken. */
export function changeEmail(email: string) {
  return api.POST('/v4/users/change-email', { body: { email } });
}

export function changeName(name: string) {
  return api.POST('/v4/users/change-name', { body: { name } });
}

/** Partner accounts (mondia) get their password by e-mail once they have a real address. */
export function sendPartnerPasswordMail(email: string) {
  return publicApi.GET('/v5/users/forgotten-pass', { params: { query: { email } } });
}

/**
 * The language of the parent's e-mails. `explicit` is the parent's choice in the profile, which
 * wins; otherwise the site language the parent uses (applied by the API only while none was chosen).
 */
export function setEmailLanguage(language: string, explicit: boolean) {
  // The site's locales are the API's languages.
  const body = { language: language as Language, explicit };
  return api.PUT('/v5/users/email-language', { body });
}
