'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorFocus } from '@/components/common/errorFocus';
import { useLoggedIn } from '@/components/layout/useLoggedIn';
import { declareCancellation, type Declaration } from '@/lib/api/contract-cancellations';
import type { ErrorKey } from '@/lib/api/errors';
import { loadAccount } from '@/lib/api/subscriptions';
import { emailError } from '@/lib/email';
import Confirmation from './Confirmation';

type Fields = {
  termination: 'ordinary' | 'extraordinary';
  reason: string;
  name: string;
  email: string;
  reference: string;
  endWhen: 'earliest' | 'date';
  endDate: string;
};
type Invalid = Partial<Record<keyof Fields, string>>;
const API_FIELDS: Record<string, keyof Fields> = {
  termination: 'termination',
  reason: 'reason',
  name: 'name',
  email: 'email',
  reference: 'reference',
  endDate: 'endDate',
};

/**
 * The one page of § 312k BGB and art. L215-1-1 Code de la consommation (docs/consumer-law.md#cancellation-page):
 * the listed data and nothing more, one button, no step, offer or survey before it.
 */
export default function CancelContractForm() {
  const t = useTranslations('CancelContract');
  const tErrors = useTranslations('Errors');
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  const [fields, setFields] = useState<Fields>({
    termination: 'ordinary',
    reason: '',
    name: '',
    email: '',
    reference: '',
    endWhen: 'earliest',
    endDate: '',
  });
  const [prefilled, setPrefilled] = useState(false);
  const [invalid, setInvalid] = useState<Invalid>({});
  const [failure, setFailure] = useState<ErrorKey | null>(null);
  const [sending, setSending] = useState(false);
  const [declaration, setDeclaration] = useState<Declaration | null>(null);
  const { ref: formRef, focusError } = useErrorFocus();

  // A signed-in parent finds the form filled in with the account's name and address.
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    loadAccount().then((result) => {
      if (!live || !result.ok) return;
      setFields((f) => ({
        ...f,
        name: f.name || result.data.name || '',
        email: f.email || result.data.email || '',
      }));
      setPrefilled(true);
    });
    return () => {
      live = false;
    };
  }, [loggedIn]);

  const set = (field: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [field]: e.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const errors: Invalid = {};
    if (!fields.name.trim()) errors.name = tErrors('valueRequired');
    const emailKey = emailError(fields.email.trim());
    if (emailKey) errors.email = tErrors(emailKey);
    if (fields.termination === 'extraordinary' && !fields.reason.trim())
      errors.reason = tErrors('valueRequired');
    if (fields.endWhen === 'date' && !fields.endDate) errors.endDate = tErrors('valueRequired');
    setInvalid(errors);
    setFailure(null);
    if (Object.keys(errors).length) return focusError();
    setSending(true);
    const result = await declareCancellation({
      termination: fields.termination,
      reason: fields.termination === 'extraordinary' ? fields.reason.trim() : null,
      name: fields.name.trim(),
      email: fields.email.trim(),
      reference: fields.reference.trim() || null,
      endDate: fields.endWhen === 'date' ? fields.endDate : null,
      language: locale,
    });
    setSending(false);
    if (result.ok) {
      setDeclaration(result.data);
      return;
    }
    const byField = (result.body?.errors ?? {}) as Record<string, unknown>;
    const fromApi: Invalid = {};
    Object.keys(byField).forEach((name) => {
      const field = API_FIELDS[name];
      if (field) fromApi[field] = tErrors(field === 'email' ? 'invalidEmail' : 'fillField');
    });
    setInvalid(fromApi);
    if (!Object.keys(fromApi).length) setFailure(result.errorKey);
    focusError();
  }

  if (declaration) return <Confirmation declaration={declaration} />;

  const describedBy = (name: keyof Fields, hint?: string) =>
    [invalid[name] ? `cancel-${name}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const error = (name: keyof Fields) =>
    invalid[name] ? (
      <p className="field-error" id={`cancel-${name}-error`}>
        {invalid[name]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      className="form cancel-contract-form"
      onSubmit={submit}
      noValidate
      aria-busy={sending}
    >
      {failure && (
        <Flash kind="error" onClose={() => setFailure(null)}>
          {tErrors(failure)}
        </Flash>
      )}
      {prefilled && <p className="field-hint">{t('prefilled')}</p>}
      <fieldset className="cancel-choices">
        <legend>{t('termination')}</legend>
        {(['ordinary', 'extraordinary'] as const).map((kind) => (
          <label key={kind} className="choice">
            <input
              type="radio"
              name="termination"
              value={kind}
              checked={fields.termination === kind}
              onChange={() => setFields((f) => ({ ...f, termination: kind }))}
            />
            <span>{t(kind)}</span>
          </label>
        ))}
      </fieldset>
      {fields.termination === 'extraordinary' && (
        <>
          <label className="field">
            <span>{t('reason')}</span>
            <textarea
              name="reason"
              rows={3}
              maxLength={1000}
              value={fields.reason}
              onChange={set('reason')}
              aria-invalid={Boolean(invalid.reason)}
              aria-describedby={describedBy('reason')}
            />
          </label>
          {error('reason')}
        </>
      )}
      <label className="field">
        <span>{t('name')}</span>
        <input
          name="name"
          autoComplete="name"
          maxLength={100}
          value={fields.name}
          onChange={set('name')}
          aria-invalid={Boolean(invalid.name)}
          aria-describedby={describedBy('name')}
        />
      </label>
      {error('name')}
      <label className="field">
        <span>{t('email')}</span>
        <input
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          value={fields.email}
          onChange={set('email')}
          aria-invalid={Boolean(invalid.email)}
          aria-describedby={describedBy('email', 'cancel-email-hint')}
        />
      </label>
      <p className="field-hint" id="cancel-email-hint">
        {t('emailHint')}
      </p>
      {error('email')}
      <label className="field">
        <span>{t('reference')}</span>
        <input
          name="reference"
          dir="ltr"
          maxLength={40}
          value={fields.reference}
          onChange={set('reference')}
          aria-invalid={Boolean(invalid.reference)}
          aria-describedby={describedBy('reference', 'cancel-reference-hint')}
        />
      </label>
      <p className="field-hint" id="cancel-reference-hint">
        {t('referenceHint')}
      </p>
      {error('reference')}
      <fieldset className="cancel-choices">
        <legend>{t('endWhen')}</legend>
        {(['earliest', 'date'] as const).map((when) => (
          <label key={when} className="choice">
            <input
              type="radio"
              name="endWhen"
              value={when}
              checked={fields.endWhen === when}
              onChange={() => setFields((f) => ({ ...f, endWhen: when }))}
            />
            <span>{t(when === 'date' ? 'onDate' : 'earliest')}</span>
          </label>
        ))}
        {fields.endWhen === 'date' && (
          <label className="field">
            <span>{t('date')}</span>
            <input
              name="endDate"
              type="date"
              dir="ltr"
              value={fields.endDate}
              onChange={set('endDate')}
              aria-invalid={Boolean(invalid.endDate)}
              aria-describedby={describedBy('endDate')}
            />
          </label>
        )}
        {error('endDate')}
      </fieldset>
      <button type="submit" className="button" disabled={sending}>
        {sending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
