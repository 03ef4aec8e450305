import { apiRequest } from './client';

// The parent's own account (SPEC 7): password, e-mail and name.

/** Both passwords are already hashed (lib/password). 400 code 1: wrong old password. */
export function changePassword(oldPass: string, newPass: string) {
  return apiRequest<unknown>('/v4/users/change-pass', { method: 'POST', body: { oldPass, newPass } });
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
  return apiRequest<unknown>(`/v5/users/forgotten-pass?email=${encodeURIComponent(email)}`, { auth: false });
}
