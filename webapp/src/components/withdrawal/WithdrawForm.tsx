'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useApiForm } from '@/components/common/useApiForm';
import Spinner from '@/components/common/Spinner';
import type { ErrorKey } from '@/lib/api/errors';
import { withdrawPublic, type WithdrawalAnswer } from '@/lib/api/withdrawals';
import { emailError } from '@/lib/email';
import { useStartup } from '@/lib/startup/use-startup';
import WithdrawalReceipt from './WithdrawalReceipt';

type Fields = { name: string; email: string; reference: string };
type Field = keyof Fields;

/**
 * The public withdrawal function (art. 11a CRD, § 356a BGB; docs/consumer-law-withdrawal.md): no login, only
 * name, e-mail address and contract reference, then "confirm withdrawal"; the declaration as received is
 * shown at once and can be printed. A signed-in parent finds their name and address filled in.
 */
export default function WithdrawForm({ initialReference = '' }: { initialReference?: string }) {
  const t = useTranslations('Withdrawal');
  const tErrors = useTranslations('Errors');
  const locale = useLocale();
  const { account } = useStartup();
  const [fields, setFields] = useState<Fields>({
    name: '',
    email: '',
    reference: initialReference,
  });
  const [invalid, setInvalid] = useState<Partial<Record<Field, ErrorKey>>>({});
  const [done, setDone] = useState<WithdrawalAnswer | null>(null);
  const filled = useRef(false);

  useEffect(() => {
    if (!account || filled.current) return;
    filled.current = true;
    setFields((f) => ({
      ...f,
      name: f.name || account.name || '',
      email: f.email || (account.isEmailFake ? '' : account.email),
    }));
  }, [account]);

  const set = (field: Field) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [field]: e.target.value }));

  const form = useApiForm(
    async () => {
      const result = await withdrawPublic({
        name: fields.name.trim(),
        email: fields.email.trim(),
        reference: fields.reference.trim(),
        language: locale,
      });
      if (!result.ok) return result.errorKey;
      setDone(result.data);
      return null;
    },
    {
      validate: () => {
        const problems: Partial<Record<Field, ErrorKey>> = {};
        if (!fields.name.trim()) problems.name = 'valueRequired';
        if (!fields.reference.trim()) problems.reference = 'valueRequired';
        const emailKey = emailError(fields.email);
        if (emailKey) problems.email = emailKey;
        setInvalid(problems);
        return Object.keys(problems).length === 0;
      },
    },
  );
  const sending = form.submitting;

  if (done) return <WithdrawalReceipt withdrawal={done} />;

  const input = (field: Field, label: string, props: Record<string, string> = {}) => (
    <>
      <label className="field">
        <span>{label}</span>
        <input
          name={field}
          value={fields[field]}
          onChange={set(field)}
          disabled={sending}
          aria-invalid={Boolean(invalid[field]) || undefined}
          aria-describedby={invalid[field] ? `withdraw-${field}-error` : undefined}
          {...props}
        />
      </label>
      {invalid[field] && (
        <p className="field-error" id={`withdraw-${field}-error`}>
          {tErrors(invalid[field])}
        </p>
      )}
    </>
  );

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={sending}>
      {form.error && (
        <Flash kind="error" onClose={() => form.setError(null)}>
          {tErrors(form.error)}
        </Flash>
      )}
      {input('name', t('name'), { autoComplete: 'name', maxLength: '100' })}
      {input('email', t('email'), {
        type: 'email',
        autoComplete: 'email',
        dir: 'ltr',
        maxLength: '254',
      })}
      {input('reference', t('reference'), {
        dir: 'ltr',
        maxLength: '40',
        placeholder: 'LUMO-123',
        autoCapitalize: 'characters',
      })}
      <p className="field-hint">{t('referenceHint')}</p>
      <button type="submit" className="button" disabled={sending}>
        {sending ? <Spinner label={t('sending')} /> : t('confirm')}
      </button>
    </form>
  );
}
