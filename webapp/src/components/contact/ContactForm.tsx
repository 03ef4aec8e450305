'use client';

import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useApiForm } from '@/components/common/useApiForm';
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
  const [sent, setSent] = useState(false);
  const set = (field: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [field]: e.target.value }));

  function validate(): boolean {
    const errors: Partial<Record<keyof Fields, string>> = {};
    (['name', 'subject', 'message'] as const).forEach((f) => {
      if (!fields[f].trim()) errors[f] = tErrors('valueRequired');
    });
    const emailKey = emailError(fields.email.trim());
    if (emailKey) errors.email = tErrors(emailKey);
    setInvalid(errors);
    return Object.keys(errors).length === 0;
  }

  const form = useApiForm(
    async () => {
      const result = await sendContactMessage({
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim() || null,
        subject: fields.subject as ContactMessage['subject'], // one of the select's options
        message: fields.message.trim(),
      });
      if (!result.ok) return 'contactSendFailed';
      setSent(true);
      return null;
    },
    { validate },
  );

  if (sent) return <Flash kind="success">{t('sent')}</Flash>;

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
    <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.submitting}>
      {form.error && (
        <Flash kind="error" onClose={() => form.setError(null)}>
          {tErrors(form.error)}
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
      <button type="submit" className="button" disabled={form.submitting}>
        {t('submit')}
      </button>
    </form>
  );
}
