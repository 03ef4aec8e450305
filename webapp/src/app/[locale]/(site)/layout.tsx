import type { ReactNode } from 'react';
import CookieConsent from '@/components/consent/CookieConsent';
import Footer from '@/components/layout/Footer';
import Header from '@/components/layout/Header';
import HolidayOffer from '@/components/site/HolidayOffer';
import TermsUpdateNotice from '@/components/terms/TermsUpdateNotice';
import { NotOnTv, PlatformProvider } from '@/components/layout/PlatformContext';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import StartupProvider from '@/lib/startup/StartupProvider';

type Props = LocaleParams & { children: ReactNode };

export default async function SiteLayout({ children, params }: Props) {
  // Layouts render apart from their pages: each one sets the locale it serves.
  await resolvePageLocale(params);
  // Nothing here reads the request, so the public pages can be prerendered. TV platforms
  // (docs/product.md#roles) get no footer; pages read the flag from the context, decided in the browser.
  // The holiday promo, asked by the browser (never on TV platforms, which cannot register).
  return (
    <PlatformProvider>
      <div className="shell">
        {/* First in the document, so the banner's buttons are the first Tab stops. */}
        <CookieConsent />
        <Header />
        <main className="content" id="main">
          {/* docs/product.md#flows start-up logic: guards the account pages and hands them the account. */}
          <StartupProvider>{children}</StartupProvider>
        </main>
        <NotOnTv>
          <Footer />
        </NotOnTv>
        <TermsUpdateNotice />
        <HolidayOffer />
      </div>
    </PlatformProvider>
  );
}
