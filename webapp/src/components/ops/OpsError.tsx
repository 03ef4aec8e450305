'use client';

import { useTranslations } from 'next-intl';

/** An /ops error answer in words: the API's message key, from the Errors catalogue. */
export default function OpsError({
  message,
  max,
  params,
  id,
}: {
  message: string | null;
  max?: number;
  /** The refusal's numbers (e.g. grantLimitReached: max, left, windowDays). */
  params?: Record<string, number>;
  /** Lets a field at fault point at the message (aria-describedby). */
  id?: string;
}) {
  const t = useTranslations('Errors');
  if (!message) return null;
  type Key = Parameters<typeof t>[0];
  const key = (t.has(message as Key) ? message : 'somethingWentWrong') as Key;
  return (
    <p id={id} role="alert" className="ops-error">
      {t(key, { left: 0, windowDays: 0, ...params, max: max ?? params?.max ?? 0 })}
    </p>
  );
}
