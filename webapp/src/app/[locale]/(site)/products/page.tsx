import ServerHeadedProductsPage from '@/components/products/ServerHeadedProductsPage';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ProductsPage');

export default async function ProductsPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages
      namespaces={[
        'EmailOverlay',
        'Errors',
        'FamilyLinks',
        'ParentalGate',
        'Plans',
        'ProductsPage',
      ]}
    >
      <ServerHeadedProductsPage />
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
