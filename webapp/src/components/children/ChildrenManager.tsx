'use client';

import { useCallback, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorFocus } from '@/components/common/errorFocus';
import Spinner from '@/components/common/Spinner';
import { useLoaded } from '@/components/common/useLoaded';
import {
  AGE_BANDS,
  createChild,
  deleteChild,
  listChildren,
  updateChild,
  type AgeBand,
  type ChildList,
} from '@/lib/api/children';
import type { ErrorKey } from '@/lib/api/errors';
import ChildRow, { bandKey } from './ChildRow';
import styles from './Children.module.css';

/** The page's error message, which a field at fault points at (aria-describedby). */
const ERROR_ID = 'children-error';

// Up to six child profiles (name or nickname and an age band only).
export default function ChildrenManager() {
  const t = useTranslations('ChildrenPage');
  const tErrors = useTranslations('Errors');
  const [list, setList] = useState<ChildList | null>(null);
  const [errorKey, setErrorKey] = useState<ErrorKey | null>(null);
  const [errorMax, setErrorMax] = useState<number | undefined>(undefined);
  const [name, setName] = useState('');
  const [ageBand, setAgeBand] = useState<AgeBand>('3-5');
  const [creating, setCreating] = useState(false);
  // The add form's name field when it is at fault; after any failed submit the focus goes
  // to the field at fault (here or in a row being renamed), else to the message.
  const [nameInvalid, setNameInvalid] = useState(false);
  const [renameFault, setRenameFault] = useState<number | null>(null);
  const { ref: managerRef, focusError } = useErrorFocus<HTMLDivElement>();

  const show = useCallback((result: Awaited<ReturnType<typeof listChildren>>) => {
    if (result.ok) setList(result.data);
    else setErrorKey(result.errorKey);
  }, []);
  const load = async () => show(await listChildren());
  useLoaded(listChildren, show);

  const fail = (key: ErrorKey, body?: Record<string, unknown>) => {
    setErrorKey(key);
    setErrorMax(typeof body?.max === 'number' ? body.max : undefined);
    focusError();
  };

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (creating) return;
    setErrorKey(null);
    setRenameFault(null);
    setNameInvalid(!name.trim());
    if (!name.trim()) return fail('valueRequired');
    setCreating(true);
    const result = await createChild(name.trim(), ageBand);
    setCreating(false);
    if (!result.ok) return fail(result.errorKey, result.body);
    setName('');
    await load();
  }

  async function rename(id: number, newName: string) {
    setErrorKey(null);
    setNameInvalid(false);
    setRenameFault(id);
    if (!newName.trim()) {
      fail('valueRequired');
      return false;
    }
    const result = await updateChild(id, { name: newName });
    if (!result.ok) {
      fail(result.errorKey, result.body);
      return false;
    }
    await load();
    return true;
  }

  async function remove(id: number) {
    setErrorKey(null);
    setNameInvalid(false);
    setRenameFault(null);
    const result = await deleteChild(id);
    if (!result.ok) {
      fail(result.errorKey, result.body);
      return false;
    }
    await load();
    return true;
  }

  if (!list && !errorKey) return <Spinner label={t('loading')} />;
  const full = !!list && list.children.length >= list.max;

  return (
    <div ref={managerRef} className={styles.manager}>
      {errorKey && (
        <Flash kind="error" id={ERROR_ID} onClose={() => setErrorKey(null)}>
          {tErrors(errorKey, { max: errorMax ?? list?.max ?? 6 })}
        </Flash>
      )}
      {list && (
        <>
          <p>{t('count', { count: list.children.length, max: list.max })}</p>
          {list.children.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            <ul className={styles.list}>
              {list.children.map((child) => (
                <ChildRow
                  key={`${child.id}-${child.name}`}
                  child={child}
                  onRename={rename}
                  renameError={renameFault === child.id && errorKey ? ERROR_ID : undefined}
                  onDelete={remove}
                />
              ))}
            </ul>
          )}
          <h2>{t('addTitle')}</h2>
          {full ? (
            <p>{t('full', { max: list.max })}</p>
          ) : (
            <form className="form" onSubmit={create} noValidate aria-busy={creating}>
              <label className="field">
                <span>{t('nameLabel')}</span>
                <input
                  name="name"
                  value={name}
                  maxLength={100}
                  required
                  autoComplete="off"
                  aria-invalid={(nameInvalid && !!errorKey) || undefined}
                  aria-describedby={nameInvalid && errorKey ? ERROR_ID : undefined}
                  onChange={(e) => setName(e.target.value)}
                />
              </label>
              <p className={styles.hint}>{t('nameHint')}</p>
              <label className="field">
                <span>{t('ageBandLabel')}</span>
                <select
                  name="ageBand"
                  value={ageBand}
                  onChange={(e) => setAgeBand(e.target.value as AgeBand)}
                >
                  {AGE_BANDS.map((band) => (
                    <option key={band} value={band}>
                      {t('ageBandValue', { band: bandKey(band) })}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="button" disabled={creating}>
                {t('add')}
              </button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
