// Issue 20: the Errors namespace (75 texts, 2 KB gzip) is not sent with every page. The texts a form shows
// without asking the network (its own checks) and the generic one come with the shell; the others — what
// the API may answer — are fetched the first time a component asks for one (ClientIntlProvider), from
// the prerendered /<locale>/error-texts (app/[locale]/error-texts/route.ts).
export const EAGER_ERROR_KEYS = [
  'somethingWentWrong',
  'valueRequired',
  'invalidEmail',
  'fillField',
  'passwordsMismatch',
  'passwordTooShort',
  'selectPlan',
  'birthYearInvalid',
] as const;

export const ERROR_TEXTS_PATH = '/error-texts';
