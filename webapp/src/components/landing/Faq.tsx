import { useTranslations } from 'next-intl';
import { FAQ_ITEMS } from './faq';

// docs/product.md#screens: eight questions, each opening and closing on its own (native <details>).
export default function Faq() {
  const t = useTranslations('HomePage.faq');
  return (
    <section className="landing-section" aria-labelledby="faq-title">
      <h2 id="faq-title">{t('heading')}</h2>
      <div className="faq">
        {FAQ_ITEMS.map((item) => (
          <details key={item} className="faq-item">
            <summary>{t(`${item}.question`)}</summary>
            <p>{t(`${item}.answer`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
