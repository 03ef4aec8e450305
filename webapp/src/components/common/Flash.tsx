'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';

type Props = {
  kind: 'error' | 'success';
  children: ReactNode;
  onClose?: () => void;
  /** Lets a field point at the message (aria-describedby). */
  id?: string;
};

export default function Flash({ kind, children, onClose, id }: Props) {
  const t = useTranslations('Flash');
  return (
    <div id={id} className={`flash flash-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <div className="flash-body">{children}</div>
      {onClose && (
        <button type="button" className="flash-close" onClick={onClose} aria-label={t('close')}>
          ×
        </button>
      )}
    </div>
  );
}
