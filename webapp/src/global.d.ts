import type { routing } from '@/i18n/routing';
import type messages from '@locales/en.json';

// English is the reference catalogue: message keys are type-checked against it.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
