import ServerHeadedProfilePage from '@/components/profile/ServerHeadedProfilePage';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ProfilePage');

export default async function ProfilePage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages
      namespaces={[
        'BillingPage',
        'DataRights',
        'EmailOverlay',
        'Errors',
        'FamilyLinks',
        'Plans',
        'ProfilePage',
        'Withdrawal',
      ]}
    >
      <ServerHeadedProfilePage />
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
