import { useTranslations } from 'next-intl';

export default function Spinner({ label }: { label?: string }) {
  const t = useTranslations('Common');
  return (
    <span className="spinner-row" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </span>
  );
}
