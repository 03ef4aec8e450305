'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorFocus } from '@/components/common/errorFocus';
import Spinner from '@/components/common/Spinner';
import { marketingUrl } from '@/components/layout/marketing';
import Field from '@/components/login/Field';
import PasswordHint from '@/components/common/PasswordHint';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation';
import PageFlash from '@/components/login/PageFlash';
import type { PageFlash as PageFlashValue } from '@/components/login/page-flash';
import { useAccountRedirect } from '@/components/login/useAccountRedirect';
import PlanPicker from '@/components/pricing/PlanPicker';
import { useErrorText } from '@/i18n/error-text';
import { Link, useRouter } from '@/i18n/navigation';
import { track } from '@/lib/analytics';
import type { ErrorKey } from '@/lib/api/errors';
import { session, setToken } from '@/lib/session/storage';
import { removeQueryParams } from '@/lib/url';
import { callOnDemand } from '@/lib/api/on-demand';
import { afterRegistration } from './api';
import Consent from './Consent';
import CouponTooltip from './CouponTooltip';
import { registerErrors, type RegisterErrors } from './validation';

export type RegisterFormProps = {
  variant?: 'site' | 'retailer'; // retailer landings: no pricing card
  initialEmail?: string;
  partner?: string | null; // externalPartner of the payload
  coupon?: { code: string; locked: boolean } | null;
  offerNote?: string | null; // the pricing card's line for a code's own offer, instead of the 7-day trial line
  flash?: PageFlashValue | null;
};

export default function RegisterForm({
  variant = 'site',
  initialEmail = '',
  partner = null,
  coupon: preset = null,
  offerNote = null,
  flash,
}: RegisterFormProps) {
  const t = useTranslations('RegisterPage');
  const errorText = useErrorText(); // the texts of REGISTER_ERROR_KEYS (./error-keys.ts)
  const locale = useLocale();
  const router = useRouter();
  const checking = useAccountRedirect('register');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [coupon, setCoupon] = useState(preset?.code ?? '');
  const [promo, setPromo] = useState(false);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [apiError, setApiError] = useState<ErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { ref: formRef, focusError } = useErrorFocus();

  useEffect(() => {
    // The e-mail may come from the address (then removed from it; read here: the page is
    // prerendered) or from the landing form.
    const fromQuery = new URLSearchParams(window.location.search).get('email')?.trim();
    removeQueryParams('email');
    const fromLanding = session.get('landingEmail');
    if (!initialEmail && (fromQuery || fromLanding)) setEmail(fromQuery || fromLanding || '');
  }, [initialEmail]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const invalid = registerErrors({
      email,
      password,
      terms,
      promo,
      promoRequired: locale === 'ar',
    });
    setErrors(invalid);
    setApiError(null);
    if (Object.keys(invalid).length) return focusError();

    setSubmitting(true);
    track('CLICK_REGISTER');
    // The API client comes with the call (docs/web-speed.md#the-api-client-on-demand).
    const result = await callOnDemand(
      () => import('@/lib/api/accounts'),
      (calls) =>
        calls.registerAccount({
          email,
          password,
          coupon,
          isPromoAccepted: promo,
          language: locale,
          partner,
        }),
    );
    if (!result.ok) {
      setApiError(result.errorKey);
      setSubmitting(false);
      focusError();
      return;
    }
    setToken(result.data.token);
    session.remove('landingEmail');
    router.push(afterRegistration(result.data, coupon));
  }

  if (checking) return <Spinner />;
  const message = (key?: ErrorKey | 'termsRequired' | 'promoRequired') =>
    key === 'termsRequired' || key === 'promoRequired' ? t(key) : key ? errorText(key) : null;
  return (
    <form ref={formRef} className="form" onSubmit={submit} noValidate aria-busy={submitting}>
      <PageFlash flash={flash} />
      {apiError && (
        <Flash kind="error" onClose={() => setApiError(null)}>
          {errorText(apiError)}
        </Flash>
      )}
      <Field
        name="email"
        type="email"
        label={t('email')}
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onValue={setEmail}
        error={message(errors.email)}
      />
      <Field
        name="password"
        type="password"
        label={t('password')}
        autoComplete="new-password"
        required
        value={password}
        onValue={setPassword}
        error={message(errors.password)}
        minLength={PASSWORD_MIN_LENGTH}
        aria-describedby={errors.password ? 'field-password-error password-hint' : 'password-hint'}
      />
      <PasswordHint id="password-hint" password={password} />
      <Field
        name="coupon"
        label={preset?.locked ? t('couponLocked') : t('coupon')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={coupon}
        onValue={setCoupon}
        readOnly={preset?.locked}
        aria-readonly={preset?.locked || undefined}
        after={<CouponTooltip />}
      />
      {variant === 'site' && <PlanPicker note={offerNote ?? t('trialNote')} />}
      <Consent
        name="promo"
        checked={promo}
        onChange={setPromo}
        required={locale === 'ar'}
        error={message(errors.promo)}
      >
        {t('promoConsent')}
      </Consent>
      <Consent
        name="terms"
        checked={terms}
        onChange={setTerms}
        required
        error={message(errors.terms)}
      >
        {t.rich('termsConsent', {
          terms: (chunks) => (
            <a href={marketingUrl(locale, 'terms')} target="_blank" rel="noopener noreferrer">
              {chunks}
            </a>
          ),
        })}
      </Consent>
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? <Spinner label={t('submitting')} /> : t('submit')}
      </button>
      <p className="form-aside">
        {t.rich('haveAccount', {
          link: (chunks) => (
            <Link prefetch={false} href="/login">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </form>
  );
}
