import { isObject, type Messages } from './merge-messages';

// The parts of the catalogue that reach the browser: only what client components read. The pages'
// own texts (the landing page, the FAQ, the product and info pages…) are rendered on the server and
// the e-mail texts are used by the API's mailer: sending them would only weigh down every page.
//
// The locale layout sends the shell's namespaces, read by the client components of the layouts
// (header, start-up, footer, cookie banner, notices); a page or layout whose client components read
// more wraps them in <PageMessages namespaces={[…]}>, which adds those on top for its subtree.
// client-messages.test.ts follows the imports of every page and layout to its client components and
// fails when one reads a namespace that is not sent to it (or when a listed one is not read).

/**
 * The error texts the shell's own forms and notices can show, read through useErrorText
 * (i18n/error-text.ts), which shows the generic text for any other: the start-up's failures
 * (lib/startup/decide.ts), the errors the API documents for the footer's newsletter sign-up and the
 * terms prompt (POST /v4/newsletter, POST /v5/terms/accept: client-messages.test.ts reads them from the
 * generated API types), the browser's own check of an e-mail address, and the API's maintenance answer.
 * The whole error catalogue (90 texts, a third of what the shell would send) goes only to the pages and
 * layouts whose forms read it, with <PageMessages>.
 */
export const SHELL_ERROR_KEYS = [
  'somethingWentWrong',
  'subscriptionNotFound',
  'valueRequired',
  'invalidEmail',
  'parameterRequired',
  'newsletterAlreadySaved',
  'rateLimited',
  'maintenance',
  'loginNeeded',
  'termsUpdate',
  'termsVersionOutdated',
] as const;

/** The catalogue paths of some error texts ('Errors.emailTaken'), for a page that sends only those. */
export const errorTexts = (keys: readonly string[]): string[] => keys.map((key) => `Errors.${key}`);

export const SHELL_NAMESPACES: readonly string[] = [
  'Common',
  'CookieConsent',
  ...errorTexts(SHELL_ERROR_KEYS),
  'Flash',
  'Header',
  'HolidayModal',
  'LocaleSwitcher',
  'MaintenancePage',
  'Newsletter',
  'Startup',
  'TermsUpdate',
];

// Merging lives in its own module (./merge-messages): MergeMessages, in the browser, imports only that and
// not the shell's lists above.
export { mergeMessages, type Messages } from './merge-messages';

/** The messages under the given dotted paths ('Errors', 'HomePage.emailForm'), nested as in the catalogue. */
export function pickMessages(messages: Messages, paths: readonly string[]): Messages {
  const picked: Messages = {};
  for (const path of paths) {
    const keys = path.split('.');
    let source: unknown = messages;
    for (const key of keys) source = isObject(source) ? source[key] : undefined;
    if (source === undefined) continue;
    let target = picked;
    for (const key of keys.slice(0, -1)) {
      if (!isObject(target[key])) target[key] = {};
      target = target[key] as Messages;
    }
    target[keys[keys.length - 1]] = source;
  }
  return picked;
}

/** What the locale layout sends to every page. */
export function shellMessages(messages: Messages): Messages {
  return pickMessages(messages, SHELL_NAMESPACES);
}
