import { useTranslations } from 'next-intl';
import LandingEmailForm from './LandingEmailForm';

/** The sign-up block at the foot of the landing page. */
export default function Signup() {
  const t = useTranslations('HomePage.signup');
  return (
    <section className="landing-section signup" aria-labelledby="signup-title">
      <h2 id="signup-title">{t('heading')}</h2>
      <p>{t('text')}</p>
      <LandingEmailForm id="footer" />
    </section>
  );
}
