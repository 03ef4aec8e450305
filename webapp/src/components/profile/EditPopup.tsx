'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useApiForm } from '@/components/common/useApiForm';
import Spinner from '@/components/common/Spinner';
import Modal from '@/components/pricing/Modal';
import '@/components/pricing/pricing.css'; // the modal's styles live with the plan popup
import { changeEmail, changeName } from '@/lib/api/profile';
import { emailError } from '@/lib/email';

export type EditableField = 'email' | 'name';

/** After a save the popup shows success, then closes after 1 second (docs/product.md#flows). */
export const CLOSE_AFTER_SAVE_MS = 1000;

type Props = {
  field: EditableField;
  initial: string;
  onSaved(): Promise<unknown>;
  onClose(): void;
};

export default function EditPopup({ field, initial, onSaved, onClose }: Props) {
  const t = useTranslations('ProfilePage.popup');
  const tErrors = useTranslations('Errors');
  const [value, setValue] = useState(initial);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [saved, onClose]);

  const form = useApiForm(
    async () => {
      const trimmed = value.trim();
      const result = field === 'email' ? await changeEmail(trimmed) : await changeName(trimmed);
      // docs/product.md#errors "Profile popup": code 5 is an e-mail already taken.
      if (!result.ok) return result.code === 5 ? 'emailTaken' : result.errorKey;
      await onSaved();
      setSaved(true);
      return null;
    },
    {
      validate: () => {
        const trimmed = value.trim();
        const invalid = !trimmed ? 'fillField' : field === 'email' ? emailError(trimmed) : null;
        form.setError(invalid);
        return !invalid;
      },
    },
  );
  const { error, setError, submitting } = form;

  return (
    <Modal titleId="edit-popup-title" onClose={onClose} closeLabel={t('close')}>
      <h2 id="edit-popup-title">{t('title', { field })}</h2>
      {saved ? (
        <Flash kind="success">{t('saved', { field })}</Flash>
      ) : (
        <form className="form" onSubmit={form.onSubmit} noValidate>
          {error && (
            <Flash kind="error" id="edit-popup-error" onClose={() => setError(null)}>
              {tErrors(error)}
            </Flash>
          )}
          {field === 'email' && <p>{t('emailNote')}</p>}
          <label className="field">
            <span>{t('label', { field })}</span>
            <input
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={field === 'email' ? 'email' : 'name'}
              value={value}
              required
              maxLength={field === 'name' ? 100 : 254}
              name={field}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'edit-popup-error' : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? <Spinner label={t('saving')} /> : t('save')}
          </button>
        </form>
      )}
    </Modal>
  );
}
