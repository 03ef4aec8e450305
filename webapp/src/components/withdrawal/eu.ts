/**
 * Whether the catalogue shown is an EU one: the API sells in euros in the 27 member states and nowhere else
 * (core/domain/catalogue.py `currency_for`), from the same trusted country header that decides whether the
 * express request is kept with the purchase (docs/consumer-law-withdrawal.md).
 */
export function isEuCatalogue(currency: string | null | undefined): boolean {
  return currency === 'EUR';
}
