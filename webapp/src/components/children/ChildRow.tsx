'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { AgeBand, Child } from '@/lib/api/children';
import styles from './Children.module.css';

type Props = {
  child: Child;
  onRename(id: number, name: string): Promise<boolean>;
  onDelete(id: number): Promise<boolean>;
  /** The page's error message, when this row's rename failed: its name field points at it. */
  renameError?: string;
};

/** One child profile: its name and age band, with rename and delete (confirmed). */
export default function ChildRow({ child, onRename, onDelete, renameError }: Props) {
  const t = useTranslations('ChildrenPage');
  const [mode, setMode] = useState<'view' | 'rename' | 'confirmDelete'>('view');
  const [name, setName] = useState(child.name);
  const [busy, setBusy] = useState(false);

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    if (await onRename(child.id, name.trim())) setMode('view');
    setBusy(false);
  }

  async function remove() {
    setBusy(true);
    if (!(await onDelete(child.id))) setBusy(false);
  }

  if (mode === 'rename') {
    return (
      <li className={styles.row}>
        <form className={styles.inline} onSubmit={rename} aria-busy={busy} noValidate>
          <label className="field">
            <span>{t('nameLabel')}</span>
            <input
              value={name}
              maxLength={100}
              required
              aria-invalid={!!renameError || undefined}
              aria-describedby={renameError}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {t('save')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setMode('view')}>
            {t('cancel')}
          </button>
        </form>
      </li>
    );
  }

  return (
    <li className={styles.row}>
      <span className={styles.name}>
        <strong>{child.name}</strong>{' '}
        <span>{t('ageBandValue', { band: bandKey(child.ageBand) })}</span>
      </span>
      {mode === 'confirmDelete' ? (
        <span
          className={styles.actions}
          role="group"
          aria-label={t('deleteConfirm', { name: child.name })}
        >
          <span>{t('deleteConfirm', { name: child.name })}</span>
          <button type="button" className="button" onClick={remove} disabled={busy}>
            {t('deleteYes')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setMode('view')}>
            {t('cancel')}
          </button>
        </span>
      ) : (
        <span className={styles.actions}>
          <Link prefetch={false} href={`/children/${child.id}`} className="button button-secondary">
            {t('settings', { name: child.name })}
          </Link>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setMode('rename')}
            aria-label={t('renameLabel', { name: child.name })}
          >
            {t('rename')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setMode('confirmDelete')}
            aria-label={t('deleteLabel', { name: child.name })}
          >
            {t('delete')}
          </button>
        </span>
      )}
    </li>
  );
}

/** ICU select keys cannot contain dashes. */
export function bandKey(band: AgeBand): string {
  return `b${band.replace('-', '_')}`;
}
