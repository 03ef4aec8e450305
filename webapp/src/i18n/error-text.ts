import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import type { ErrorKey } from '@/lib/api/errors';

/**
 * The text of an error: its own text when the page was sent it, else the generic one. The shell's
 * components (start-up, footer newsletter, terms prompt) are sent SHELL_ERROR_KEYS on every page
 * (client-messages.ts); the register page sends the few more its form and flash can show
 * (components/register/error-keys.ts); other pages with forms send the whole catalogue.
 */
export function useErrorText(): (key: ErrorKey) => string {
  const t = useTranslations('Errors');
  return useCallback((key: ErrorKey) => (t.has(key) ? t(key) : t('somethingWentWrong')), [t]);
}
