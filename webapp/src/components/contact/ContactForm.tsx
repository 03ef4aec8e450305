'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorFocus } from '@/components/common/errorFocus';
import { sendContactMessage, type ContactMessage } from '@/lib/api/contact';
import { emailError } from '@/lib/email';

export const SUBJECTS = [
  'subscription',
  'hello',
  'subscription_trouble',
  'need_help',
  'work_with_us',
  'suggestions',
] as const;
const MAX_MESSAGE = 2000;
type Fields = { name: string; email: string; phone: string; subject: string; message: string };

// Contact message (docs/product.md#entities): stored by the API and sent to support by the e-mail job.
export default function ContactForm() {
  const t = useTranslations('ContactPage');
  const tErrors = useTranslations('Errors');
  const [fields, setFields] = useState<Fields>({
    name: '',
    email: '',
    phone: '',
    subject: '',
    message: '',
  });
  const [invalid, setInvalid] = useState<Partial<Record<keyof Fields, string>>>({});
  const [status, setStatus] = useState<'editing' | 'sending' | 'sent' | 'failed'>('editing');
  const { ref: formRef, focusError } = useErrorFocus();
  const set = (field: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [field]: e.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const errors: Partial<Record<keyof Fields, string>> = {};
    (['name', 'subject', 'message'] as const).forEach((f) => {
      if (!fields[f].trim()) errors[f] = tErrors('valueRequired');
    });
    const emailKey = emailError(fields.email.trim());
    if (emailKey) errors.email = tErrors(emailKey);
    setInvalid(errors);
    if (Object.keys(errors).length) return focusError();
    setStatus('sending');
    const result = await sendContactMessage({
      name: fields.name.trim(),
      email: fields.email.trim(),
      phone: fields.phone.trim() || null,
      subject: fields.subject as ContactMessage['subject'], // one of the select's options
      message: fields.message.trim(),
    });
    setStatus(result.ok ? 'sent' : 'failed');
    if (!result.ok) focusError();
  }

  if (status === 'sent') return <Flash kind="success">{t('sent')}</Flash>;

  const field = (name: keyof Fields, control: ReactNode, label: string) => (
    <>
      <label className="field">
        <span>{label}</span>
        {control}
      </label>
      {invalid[name] && (
        <p className="field-error" id={`contact-${name}-error`}>
          {invalid[name]}
        </p>
      )}
    </>
  );
  const aria = (name: keyof Fields) => ({
    'aria-invalid': Boolean(invalid[name]),
    'aria-describedby': invalid[name] ? `contact-${name}-error` : undefined,
  });

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={submit}
      noValidate
      aria-busy={status === 'sending'}
    >
      {status === 'failed' && (
        <Flash kind="error" onClose={() => setStatus('editing')}>
          {tErrors('contactSendFailed')}
        </Flash>
      )}
      {field(
        'name',
        <input
          name="name"
          autoComplete="name"
          maxLength={100}
          value={fields.name}
          onChange={set('name')}
          {...aria('name')}
        />,
        t('name'),
      )}
      {field(
        'email',
        <input
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={fields.email}
          onChange={set('email')}
          {...aria('email')}
        />,
        t('email'),
      )}
      {field(
        'phone',
        <input
          name="phone"
          type="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={30}
          value={fields.phone}
          onChange={set('phone')}
        />,
        t('phone'),
      )}
      {field(
        'subject',
        <select
          name="subject"
          value={fields.subject}
          onChange={set('subject')}
          {...aria('subject')}
        >
          <option value="">{t('subjectPlaceholder')}</option>
          {SUBJECTS.map((s) => (
            <option key={s} value={s}>
              {t('subjectValue', { subject: s })}
            </option>
          ))}
        </select>,
        t('subject'),
      )}
      {field(
        'message',
        <textarea
          name="message"
          rows={6}
          maxLength={MAX_MESSAGE}
          value={fields.message}
          onChange={set('message')}
          {...aria('message')}
        />,
        t('message'),
      )}
      <button type="submit" className="button" disabled={status === 'sending'}>
        {t('submit')}
      </button>
    </form>
  );
}
