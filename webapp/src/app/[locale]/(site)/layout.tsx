import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import CookieConsent from '@/components/consent/CookieConsent';
import Footer from '@/components/layout/Footer';
import Header from '@/components/layout/Header';
import HolidayOffer from '@/components/site/HolidayOffer';
import TermsUpdateNotice from '@/components/terms/TermsUpdateNotice';
import { PlatformProvider } from '@/components/layout/PlatformContext';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { isTvUserAgent } from '@/lib/platform';
import { getSiteStatus } from '@/lib/site/status';
import StartupProvider from '@/lib/startup/StartupProvider';

type Props = LocaleParams & { children: ReactNode };

export default async function SiteLayout({ children, params }: Props) {
  // Layouts render apart from their pages: each one sets the locale it serves.
  await resolvePageLocale(params);
  // TV platforms (docs/product.md#roles) get no footer; pages read the flag from the context.
  const isTv = isTvUserAgent((await headers()).get('user-agent'));
  // Issue 7: the holiday promo (GET /v4/site, cached); TV platforms cannot register, so never there.
  const { holidayPromo } = await getSiteStatus();
  return (
    <PlatformProvider isTv={isTv}>
      <div className="shell">
        <Header />
        <main className="content" id="main">
          {/* docs/product.md#flows start-up logic: guards the account pages and hands them the account. */}
          <StartupProvider>{children}</StartupProvider>
        </main>
        {!isTv && <Footer />}
        <CookieConsent />
        <TermsUpdateNotice />
        {!isTv && holidayPromo.active && <HolidayOffer promo={holidayPromo} />}
      </div>
    </PlatformProvider>
  );
}
