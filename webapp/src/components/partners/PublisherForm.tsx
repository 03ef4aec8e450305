'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorFocus } from '@/components/common/errorFocus';
import Spinner from '@/components/common/Spinner';
import { logIn } from '@/lib/api/accounts';
import Field from '@/components/login/Field';
import { useRouter } from '@/i18n/navigation';
import { noteAccessGranted } from '@/components/subscribe/paymentNotice';
import { clearCoupon, setToken } from '@/lib/session/storage';
import type { ErrorKey } from '@/lib/api/errors';
import { submitPublisher } from '@/lib/api/partners';
import {
  publisherErrors,
  publisherMessage,
  type PublisherErrors,
  type PublisherMessage,
} from './publisher';

type Failure = { kind: 'publisher'; key: PublisherMessage } | { kind: 'api'; key: ErrorKey };

// docs/product.md#flows "Publisher": phone + coupon -> an e-mail; then log in with it and the
// hash of the coupon (the API's publisher accounts use it as password).
export default function PublisherForm() {
  const t = useTranslations('CouponPage');
  const tErrors = useTranslations('Errors');
  const router = useRouter();
  const [phone, setPhone] = useState('');
  const [coupon, setCoupon] = useState('');
  const [errors, setErrors] = useState<PublisherErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { ref: formRef, focusError } = useErrorFocus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const invalid = publisherErrors(phone, coupon);
    setErrors(invalid);
    setFailure(null);
    if (invalid.phone || invalid.coupon) return focusError();

    setSubmitting(true);
    const answer = await submitPublisher(phone, coupon);
    if (!answer.ok) {
      const key = publisherMessage(answer);
      setFailure(key ? { kind: 'publisher', key } : { kind: 'api', key: answer.errorKey });
      setSubmitting(false);
      focusError();
      return;
    }
    const login = await logIn(answer.data.email, coupon.trim().toUpperCase()); // the API upper-cases codes
    if (!login.ok) {
      setFailure({ kind: 'api', key: login.errorKey });
      setSubmitting(false);
      focusError();
      return;
    }
    setToken(login.data.token);
    clearCoupon(); // the coupon is redeemed: nothing left for the subscribe page
    noteAccessGranted(); // The hub confirms the coupon is active
    router.push('/products');
  }

  const empty = !phone.trim() || !coupon.trim();
  return (
    <form ref={formRef} className="form" onSubmit={submit} noValidate aria-busy={submitting}>
      {failure && (
        <Flash kind="error" onClose={() => setFailure(null)}>
          {failure.kind === 'publisher' ? t(`errors.${failure.key}`) : tErrors(failure.key)}
        </Flash>
      )}
      <Field
        name="phone"
        type="tel"
        label={t('phone')}
        autoComplete="tel"
        inputMode="tel"
        required
        value={phone}
        onValue={setPhone}
        error={errors.phone && tErrors(errors.phone)}
      />
      <Field
        name="coupon"
        label={t('coupon')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        value={coupon}
        onValue={setCoupon}
        error={errors.coupon && tErrors(errors.coupon)}
      />
      <button type="submit" className="button" disabled={empty || submitting}>
        {submitting ? <Spinner label={t('submitting')} /> : t('submit')}
      </button>
    </form>
  );
}
