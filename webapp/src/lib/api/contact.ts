import { apiRequest } from './client';
import type { components } from './schema';

// The contact form (docs/product.md#flows); the language is left to the API.
export type ContactMessage = Omit<components['schemas']['Contact'], 'language'>;

export function sendContactMessage(message: ContactMessage) {
  return apiRequest<components['schemas']['Status']>('/v4/contact', {
    method: 'POST',
    auth: false,
    body: message,
  });
}
