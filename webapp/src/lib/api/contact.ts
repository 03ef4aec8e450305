import { publicApi } from './client';
import type { components } from './schema';

// The contact form (docs/product.md#flows); the language is left to the API.
export type ContactMessage = Omit<components['schemas']['Contact'], 'language'>;

export function sendContactMessage(message: ContactMessage) {
  // `language` left out: the API's default (null).
  return publicApi.POST('/v4/contact', { body: message as components['schemas']['Contact'] });
}
