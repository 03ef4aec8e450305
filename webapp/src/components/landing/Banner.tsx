import { useTranslations } from 'next-intl';

const ITEMS = [
  'noAds',
  'parentalControls',
  'offline',
  'noDataSale',
  'profiles',
  'devices',
  'stories',
  'trial',
] as const;

// docs/product.md#constants: the scrolling banner repeats 70 times over 1500 seconds (see .marquee in CSS).
export default function Banner() {
  const t = useTranslations('HomePage.banner');
  const list = (hidden: boolean) => (
    <ul className="marquee-list" aria-hidden={hidden || undefined}>
      {ITEMS.map((item) => (
        <li key={item}>{t(item)}</li>
      ))}
    </ul>
  );
  return (
    <section className="marquee" aria-label={t('label')}>
      <div className="marquee-track">
        {list(false)}
        {list(true)}
      </div>
    </section>
  );
}
