import { useTranslations } from 'next-intl';
import Carousel from './Carousel';

export const TESTIMONIALS = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10'] as const;

// docs/product.md#screens: ten testimonials; cards 300 px wide, two rows from 1024 px (CSS).
export default function Testimonials() {
  const t = useTranslations('HomePage.testimonials');
  return (
    <section className="landing-section">
      <h2 id="testimonials-title">{t('heading')}</h2>
      <Carousel
        label={t('heading')}
        labels={{
          prev: t('prev'),
          next: t('next'),
          pageLabels: TESTIMONIALS.map((_, i) => t('page', { page: i + 1 })),
        }}
      >
        {TESTIMONIALS.map((key) => (
          <figure key={key} className="testimonial">
            <span className="stars" aria-hidden="true">
              ★★★★★
            </span>
            <blockquote>{t(`${key}.quote`)}</blockquote>
            <figcaption>{t(`${key}.author`)}</figcaption>
          </figure>
        ))}
      </Carousel>
    </section>
  );
}
