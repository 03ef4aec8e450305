// Plan names come from the catalogue's Plans.* keys: product plus period
// ("lumo_tv_books_yearly"), or the product alone for other periods and stores.

const PERIOD_NAMES: Record<string, string> = { P1M: 'monthly', P1Y: 'yearly' };

export function planNameKeys(product: string, durationCode: string): string[] {
  const period = PERIOD_NAMES[durationCode];
  return period ? [`${product}_${period}`, product] : [product];
}

export function productOf(apps: readonly string[]): string {
  return ['lumo', ...apps].join('_');
}

type Translator = { (key: never): string; has(key: never): boolean };

/** The first name the catalogue knows, else the raw product code (never an empty label). */
export function planName(t: Translator, product: string, durationCode: string): string {
  const key = planNameKeys(product, durationCode).find((k) => t.has(k as never));
  return key ? t(key as never) : product;
}
