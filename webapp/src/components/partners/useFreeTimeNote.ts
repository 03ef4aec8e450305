'use client';

import { useTranslations } from 'next-intl';
import { couponDuration } from '@/components/subscribe/coupon';

/** The pricing card's line for a code that gives free time (P{n}M / P{n}D), e.g. "Coupon LUMO-HOLIDAY is
 * valid: 1 month free." instead of the 7-day trial line; null when the code gives none. */
export function useFreeTimeNote(
  code: string,
  durationCode: string | null | undefined,
): string | null {
  const t = useTranslations('CouponField');
  const duration = durationCode ? couponDuration(durationCode) : null;
  return duration ? t('promoBadge', { code, count: duration.count, unit: duration.unit }) : null;
}
