import { apiRequest } from '@/lib/api/client';
import { countryCode } from '@/lib/country';
import { hashPassword } from '@/lib/password';

/** POST /v4/accounts/login with the client-side hash of the password (docs/product.md#entities, docs/product.md#api). */
export async function logIn(email: string, password: string) {
  return apiRequest<{ token: string }>('/v4/accounts/login', {
    method: 'POST',
    auth: false,
    body: {
      email: email.trim(),
      password: await hashPassword(password),
      countryCode: await countryCode(),
    },
  });
}

export function logOut() {
  return apiRequest<unknown>('/v4/accounts/logout', { method: 'POST' });
}
