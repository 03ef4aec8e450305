import type { ReactNode } from 'react';
import Footer from '@/components/layout/Footer';
import Header from '@/components/layout/Header';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

type Props = LocaleParams & { children: ReactNode };

export default async function SiteLayout({ children, params }: Props) {
  // Layouts render apart from their pages: each one sets the locale it serves.
  await resolvePageLocale(params);
  return (
    <div className="shell">
      <Header />
      <main className="content">{children}</main>
      <Footer />
    </div>
  );
}
