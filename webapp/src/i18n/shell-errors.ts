import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import type { ErrorKey } from '@/lib/api/errors';

/**
 * The text of an error shown by the shell (start-up, footer newsletter, terms prompt): its own text when
 * the page was sent it (SHELL_ERROR_KEYS on every page, the whole catalogue on pages with forms), else
 * the generic one (client-messages.ts).
 */
export function useShellErrors(): (key: ErrorKey) => string {
  const t = useTranslations('Errors');
  return useCallback((key: ErrorKey) => (t.has(key) ? t(key) : t('somethingWentWrong')), [t]);
}
