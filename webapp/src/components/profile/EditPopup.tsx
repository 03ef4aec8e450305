'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorFocus } from '@/components/common/errorFocus';
import Spinner from '@/components/common/Spinner';
import Modal from '@/components/pricing/Modal';
import '@/components/pricing/pricing.css'; // the modal's styles live with the plan popup
import { changeEmail, changeName } from '@/lib/api/profile';
import type { ErrorKey } from '@/lib/api/errors';
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
  const [status, setStatus] = useState<'editing' | 'saving' | 'saved'>('editing');
  const [error, setError] = useState<ErrorKey | null>(null);
  const { ref: formRef, focusError } = useErrorFocus();

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [status, onClose]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'editing') return;
    const trimmed = value.trim();
    const invalid = !trimmed ? 'fillField' : field === 'email' ? emailError(trimmed) : null;
    setError(invalid);
    if (invalid) return focusError();
    setStatus('saving');
    const result = field === 'email' ? await changeEmail(trimmed) : await changeName(trimmed);
    if (!result.ok) {
      setStatus('editing');
      focusError();
      // docs/product.md#errors "Profile popup": code 5 is an e-mail already taken.
      return setError(result.code === 5 ? 'emailTaken' : result.errorKey);
    }
    await onSaved();
    setStatus('saved');
  }

  return (
    <Modal titleId="edit-popup-title" onClose={onClose} closeLabel={t('close')}>
      <h2 id="edit-popup-title">{t('title', { field })}</h2>
      {status === 'saved' ? (
        <Flash kind="success">{t('saved', { field })}</Flash>
      ) : (
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
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
          <button type="submit" className="button" disabled={status === 'saving'}>
            {status === 'saving' ? <Spinner label={t('saving')} /> : t('save')}
          </button>
        </form>
      )}
    </Modal>
  );
}
