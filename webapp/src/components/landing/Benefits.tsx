import { useTranslations } from 'next-intl';

const BENEFITS = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'] as const;

export default function Benefits() {
  const t = useTranslations('HomePage.benefits');
  return (
    <section className="landing-section" aria-labelledby="benefits-title">
      <h2 id="benefits-title">{t('heading')}</h2>
      <ul className="benefits">
        {BENEFITS.map((key) => (
          <li key={key}>
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="11" fill="#e6f4ea" />
              <path
                d="M7 12.5l3.2 3.2L17 9"
                fill="none"
                stroke="#1e6b3a"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <div>
              <h3>{t(`${key}.title`)}</h3>
              <p>{t(`${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
