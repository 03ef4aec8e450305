'use client';

import { useState, useSyncExternalStore } from 'react';
import { useApiForm } from '@/components/common/useApiForm';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import Modal from '@/components/pricing/Modal';
import '@/components/pricing/pricing.css'; // the modal's styles live with the plan popup
import type { Account } from '@/lib/account/account';
import { changeEmail, sendPartnerPasswordMail } from '@/lib/api/profile';
import { emailError } from '@/lib/email';
import { session } from '@/lib/session/storage';
import { realEmailRequest, sendsPasswordMail, type EmailRequest } from './needsRealEmail';

type Props = { account: Account; onSaved(): Promise<unknown> };

const unchanging = () => () => undefined;
/** Closed in this browser session (read during render; on the server: closed, it cannot know). */
const closedSnapshot = () => session.get('emailModal') === 'closed';

/** The modal that asks partner and store parents for a real e-mail (shown once per browser session). */
export default function EmailOverlay({ account, onSaved }: Props) {
  const t = useTranslations('EmailOverlay');
  const tErrors = useTranslations('Errors');
  const partner = realEmailRequest(account)?.partner ?? null;
  // Kept once shown: the saved message stays up after the reloaded account no longer asks.
  const [request, setRequest] = useState<EmailRequest>(null);
  const [email, setEmail] = useState('');
  const [saved, setSaved] = useState(false);

  const closed = useSyncExternalStore(unchanging, closedSnapshot, () => true);
  // Opened when a partner asks and the modal was not closed: decided again during render when either
  // changes (https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes).
  const asked = `${partner ?? ''}|${closed}`;
  const [decided, setDecided] = useState<string | null>(null);
  if (asked !== decided) {
    setDecided(asked);
    if (partner && !closed) setRequest({ partner });
  }

  function close() {
    session.set('emailModal', 'closed');
    setRequest(null);
  }

  const form = useApiForm(
    async () => {
      const result = await changeEmail(email.trim());
      if (!result.ok) return result.code === 5 ? 'emailTaken' : result.errorKey;
      if (sendsPasswordMail(request)) await sendPartnerPasswordMail(email.trim());
      setSaved(true);
      await onSaved();
      return null;
    },
    {
      validate: () => {
        const invalid = emailError(email);
        form.setError(invalid);
        return !invalid;
      },
    },
  );
  const { error, setError, submitting } = form;

  if (!request) return null;
  return (
    <Modal titleId="email-overlay-title" onClose={close} closeLabel={t('close')}>
      <h2 id="email-overlay-title">{t('title')}</h2>
      {saved ? (
        <>
          <Flash kind="success">
            {t(sendsPasswordMail(request) ? 'savedWithPassword' : 'saved')}
          </Flash>
          <button type="button" className="button" onClick={close}>
            {t('done')}
          </button>
        </>
      ) : (
        <form className="form" onSubmit={form.onSubmit} noValidate>
          <p>{t('intro', { partner: request.partner })}</p>
          {error && (
            <Flash kind="error" onClose={() => setError(null)}>
              {tErrors(error)}
            </Flash>
          )}
          <label className="field">
            <span>{t('email')}</span>
            <input
              type="email"
              autoComplete="email"
              required
              value={email}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setEmail(e.target.value)}
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
