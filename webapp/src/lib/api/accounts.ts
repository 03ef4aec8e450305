import { storedUtm } from '../analytics';
import { countryCode } from '../country';
import { hashPassword } from '../password';
import { api, publicApi } from './client';
import type { components } from './schema';

// Registration, login and logout (docs/product.md#entities, docs/product.md#api).
type Schemas = components['schemas'];
export type Registration = Schemas['Registration'];
export type RegisterInput = {
  email: string;
  password: string; // clear text: hashed here
  coupon: string;
  isPromoAccepted: boolean;
  language: string;
  partner: string | null;
};

/** POST /v5/accounts with the register payload of docs/product.md#entities. */
export async function registerAccount(input: RegisterInput) {
  const body: Schemas['Register'] = {
    email: input.email.trim(),
    password: await hashPassword(input.password),
    displayName: '',
    coupon: input.coupon.trim() || null,
    isPromoAccepted: input.isPromoAccepted,
    isTcAccepted: true,
    env: 'web',
    countryCode: await countryCode(),
    language: input.language,
    utm: storedUtm(),
    externalPartner: input.partner,
  };
  return publicApi.POST('/v5/accounts', { body });
}

/** POST /v4/accounts/login with the client-side hash of the password. */
export async function logIn(email: string, password: string) {
  const body: Schemas['Login'] = {
    email: email.trim(),
    password: await hashPassword(password),
    countryCode: await countryCode(),
  };
  return publicApi.POST('/v4/accounts/login', { body });
}

export function logOut() {
  return api.POST('/v4/accounts/logout');
}
