import { getToken } from '../session/storage';
import { API_BASE_PATH, api } from './client';
import type { components, paths } from './schema';

// The parent's billing history, receipts and credit notes (docs/billing.md#receipts-and-credit-notes).

export type BillingHistory = components['schemas']['BillingHistory'];
export type BillingEntry = components['schemas']['BillingEntry'];
export type BillingDocument = components['schemas']['BillingDocument'];
type Language = NonNullable<
  NonNullable<paths['/v5/billing-documents/{ident}']['get']['parameters']['query']>['lang']
>;

export function billingHistory() {
  return api.GET('/v5/billing-history');
}

/** 404 billingDocumentNotFound: not one of the parent's own. */
export function billingDocument(number: string, lang: string) {
  return api.GET('/v5/billing-documents/{ident}', {
    // The site's locales are the API's languages.
    params: { path: { ident: number }, query: { lang: lang as Language } },
  });
}

/** The document's PDF in `lang`; null when it could not be had. */
export async function billingDocumentPdf(number: string, lang: string): Promise<Blob | null> {
  const token = getToken();
  try {
    const response = await fetch(
      `${API_BASE_PATH}/v5/billing-documents/${encodeURIComponent(number)}/pdf?lang=${encodeURIComponent(lang)}`,
      {
        headers: {
          Accept: 'application/pdf',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
    );
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}
