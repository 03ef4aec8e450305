import { apiRequest } from './client';

// The parent's own account (docs/product.md#api): password, e-mail and name.

/** Both passwords are already hashed (lib/password). 400 code 1: wrong old password. */
export function changePassword(oldPass: string, newPass: string) {
  return apiRequest<unknown>('/v4/users/change-pass', {
    method: 'POST',
    body: { oldPass, newPass },
  });
}

/** 400 code 2 invalid, 5 taken. */
export function changeEmail(email: string) {
  return apiRequest<unknown>('/v4/users/change-email', { method: 'POST', body: { email } });
}

export function changeName(name: string) {
  return apiRequest<unknown>('/v4/users/change-name', { method: 'POST', body: { name } });
}

/** Partner accounts (mondia) get their password by e-mail once they have a real address. */
export function sendPartnerPasswordMail(email: string) {
  return apiRequest<unknown>(`/v5/users/forgotten-pass?email=${encodeURIComponent(email)}`, {
    auth: false,
  });
}

/**
 * The language of the parent's e-mails. `explicit` is the parent's choice in the profile, which
 * wins; otherwise the site language the parent uses (applied by the API only while none was chosen).
 */
export function setEmailLanguage(language: string, explicit: boolean) {
  return apiRequest<{ language: string; chosen: boolean }>('/v5/users/email-language', {
    method: 'PUT',
    body: { language, explicit },
  });
}
