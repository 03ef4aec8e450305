'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useApiForm } from '@/components/common/useApiForm';
import { routing } from '@/i18n/routing';
import {
  AGE_FILTERS,
  CATEGORIES,
  CONTENT_TYPES,
  MAX_MINUTES,
  MIN_MINUTES,
  putChildSettings,
  type AppSettings,
  type SettingsApp,
} from '@/lib/api/children';
import styles from './Children.module.css';

type Props = { childId: number; app: SettingsApp; initial: AppSettings };

const key = (value: string) => `v${value.replace(/-/g, '_')}`; // ICU select keys: no dashes

/** One app's parental settings for one child. */
export default function AppSettingsForm({ childId, app, initial }: Props) {
  const t = useTranslations('ChildSettingsPage');
  const tErrors = useTranslations('Errors');
  const tLocale = useTranslations('LocaleSwitcher');
  const [settings, setSettings] = useState<AppSettings>(initial);
  const [minutes, setMinutes] = useState(String(initial.timeLimitMinutes ?? 60));
  const [saved, setSaved] = useState(false);
  const [minutesInvalid, setMinutesInvalid] = useState(false);
  const limited = settings.timeLimitMinutes !== null;
  const id = (field: string) => `${app}-${field}`;

  const change = (patch: Partial<AppSettings>) => {
    setSettings((s) => ({ ...s, ...patch }));
    setSaved(false);
  };

  const value = Number(minutes);
  const form = useApiForm(
    async () => {
      setSaved(false);
      const result = await putChildSettings(childId, app, {
        ...settings,
        timeLimitMinutes: limited ? value : null,
      });
      if (!result.ok) return result.errorKey;
      setSaved(true);
      return null;
    },
    {
      validate: () => {
        const invalid =
          limited && (!Number.isInteger(value) || value < MIN_MINUTES || value > MAX_MINUTES);
        setMinutesInvalid(invalid);
        return !invalid;
      },
      // The settings stay on the page, to be changed and saved again.
      stays: true,
    },
  );
  const { error: errorKey, submitting } = form;

  return (
    <form
      className="form"
      onSubmit={form.onSubmit}
      noValidate
      aria-busy={submitting}
      aria-labelledby={id('title')}
    >
      <h2 id={id('title')}>{t('app', { app })}</h2>
      {errorKey && (
        <Flash kind="error" onClose={() => form.setError(null)}>
          {tErrors(errorKey)}
        </Flash>
      )}
      {saved && <Flash kind="success">{t('saved')}</Flash>}
      <label className="field">
        <span>{t('ageFilter')}</span>
        <select
          value={settings.ageFilter}
          onChange={(e) => change({ ageFilter: e.target.value as AppSettings['ageFilter'] })}
        >
          {AGE_FILTERS[app].map((band) => (
            <option key={band} value={band}>
              {t('ageFilterValue', { band: key(band) })}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={limited}
          onChange={(e) =>
            change({ timeLimitMinutes: e.target.checked ? Number(minutes) || 60 : null })
          }
        />
        <span>{t('timeLimitOn')}</span>
      </label>
      {limited && (
        <label className="field">
          <span>{t('minutes', { min: MIN_MINUTES, max: MAX_MINUTES })}</span>
          <input
            type="number"
            inputMode="numeric"
            min={MIN_MINUTES}
            max={MAX_MINUTES}
            step={5}
            dir="ltr"
            aria-invalid={minutesInvalid}
            aria-describedby={minutesInvalid ? id('minutes-error') : undefined}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </label>
      )}
      {minutesInvalid && (
        <p id={id('minutes-error')} className="field-error">
          {t('minutesInvalid', { min: MIN_MINUTES, max: MAX_MINUTES })}
        </p>
      )}
      <label className="field">
        <span>{t('contentType')}</span>
        <select
          value={settings.contentType}
          onChange={(e) => change({ contentType: e.target.value as AppSettings['contentType'] })}
        >
          {CONTENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t('contentTypeValue', { type })}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('language')}</span>
        <select
          value={settings.language}
          onChange={(e) => change({ language: e.target.value as AppSettings['language'] })}
        >
          {routing.locales.map((locale) => (
            <option key={locale} value={locale}>
              {tLocale('locale', { locale })}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={settings.sound}
          onChange={(e) => change({ sound: e.target.checked })}
        />
        <span>{t('sound')}</span>
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={settings.fullscreen}
          onChange={(e) => change({ fullscreen: e.target.checked })}
        />
        <span>{t('fullscreen')}</span>
      </label>
      {CATEGORIES[app].length > 0 && (
        <fieldset className={styles.categories}>
          <legend>{t('categories')}</legend>
          {CATEGORIES[app].map((category) => (
            <label key={category} className={styles.check}>
              <input
                type="checkbox"
                checked={settings.categories?.includes(category) ?? false}
                onChange={(e) =>
                  change({
                    categories: e.target.checked
                      ? [...(settings.categories ?? []), category]
                      : (settings.categories ?? []).filter((c) => c !== category),
                  })
                }
              />
              <span>{t('category', { category })}</span>
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit" className="button" disabled={submitting}>
        {t('save', { app })}
      </button>
    </form>
  );
}
