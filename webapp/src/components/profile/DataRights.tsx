'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorFocus } from '@/components/common/errorFocus';
import { withFlash } from '@/components/login/page-flash';
import { useRouter } from '@/i18n/navigation';
import { deleteAccount, exportAccountData, saveJsonFile } from '@/lib/api/account-data';
import type { ErrorKey } from '@/lib/api/errors';
import { hashPassword } from '@/lib/password';
import { clearSession } from '@/lib/session/storage';
import styles from './Profile.module.css';

// Parent's data rights: download the account's data, delete the account.
export default function DataRights() {
  const t = useTranslations('DataRights');
  const tErrors = useTranslations('Errors');
  const router = useRouter();
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const [errorKey, setErrorKey] = useState<ErrorKey | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  // An empty or wrong password is the field's fault: it takes the focus, described by
  // the message; any other failure (the download, the server) focuses the message.
  const [passwordInvalid, setPasswordInvalid] = useState(false);
  const { ref: sectionRef, focusError } = useErrorFocus<HTMLElement>();

  async function download() {
    setErrorKey(null);
    setBusy('export');
    const result = await exportAccountData();
    setBusy(null);
    if (!result.ok) {
      setPasswordInvalid(false);
      setErrorKey(result.errorKey);
      return focusError();
    }
    saveJsonFile(result.data, `lumo-data-${new Date().toISOString().slice(0, 10)}.json`);
  }

  async function remove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setErrorKey(null);
    if (!password) {
      setPasswordInvalid(true);
      setErrorKey('valueRequired');
      return focusError();
    }
    setBusy('delete');
    const result = await deleteAccount(await hashPassword(password));
    if (!result.ok) {
      setBusy(null);
      setPasswordInvalid(result.errorKey === 'wrongPassword');
      setErrorKey(result.errorKey);
      return focusError();
    }
    clearSession();
    router.replace(withFlash('/login', { kind: 'success', key: 'accountDeleted' }));
  }

  return (
    <section
      ref={sectionRef}
      className={`${styles.card} ${styles.dataRights}`}
      aria-labelledby="data-rights-title"
    >
      <h2 id="data-rights-title">{t('title')}</h2>
      {errorKey && (
        <Flash kind="error" id="data-rights-error" onClose={() => setErrorKey(null)}>
          {tErrors(errorKey)}
        </Flash>
      )}
      <div className={styles.dataBlock}>
        <p>{t('exportIntro')}</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={download}
          disabled={busy !== null}
          aria-busy={busy === 'export'}
        >
          {t('export')}
        </button>
      </div>
      {/* Destructive, so set apart: its own framed block in the danger colour, away from the download. */}
      <div className={styles.danger} role="group" aria-labelledby="danger-title">
        <h3 id="danger-title">{t('dangerTitle')}</h3>
        {!deleting ? (
          <>
            <p>{t('dangerIntro')}</p>
            <button
              type="button"
              className={`button ${styles.dangerOutline}`}
              onClick={() => setDeleting(true)}
            >
              {t('delete')}
            </button>
          </>
        ) : (
          <form className="form" onSubmit={remove} noValidate aria-busy={busy === 'delete'}>
            <p>{t('deleteWarning')}</p>
            <label className="field">
              <span>{t('password')}</span>
              <input
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                aria-invalid={(passwordInvalid && !!errorKey) || undefined}
                aria-describedby={passwordInvalid && errorKey ? 'data-rights-error' : undefined}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <div className={styles.dangerActions}>
              <button
                type="submit"
                className={`button ${styles.dangerButton}`}
                disabled={busy !== null}
              >
                {t('deleteConfirm')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setDeleting(false)}
              >
                {t('cancel')}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
