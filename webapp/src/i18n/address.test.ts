/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { routing } from './routing';

// How each catalogue addresses the parent, and the words that would break it:
//   de: informal "du" (du, dein, dir, dich; lower case inside a sentence), never "Sie/Ihr/Ihnen"
//   fr: "vous"              es: "tú"              it: "tu"
//   pt: "você" ("o seu")    nl: "je/jij"          ru: "вы"
// English has one form; Arabic has no T-V distinction, so neither is checked.

const LOCALES_DIR = path.resolve(__dirname, '../../../locales');
type Catalogue = { [key: string]: string | Catalogue | string[] };

function flatten(catalogue: Catalogue | string[], prefix = ''): Record<string, string> {
  return Object.entries(catalogue).reduce<Record<string, string>>((flat, [key, value]) => {
    const id = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? { ...flat, [id]: value }
      : { ...flat, ...flatten(value, id) };
  }, {});
}

function load(locale: string): Record<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${locale}.json`), 'utf8')));
}

// Texts spoken to a child, not to the parent: every language says "tu/du/ты" to a child.
// AgeGate.blocked: a child gave a too-recent birth year; ParentalGate.intro: "ask an adult".
const CHILD_FACING = [/^AgeGate\.blocked$/, /^ParentalGate\.intro$/];
// Texts written by the parent to us (the contact form's subjects, the staff e-mail), where
// the pronoun is the company, not the parent: "Ich möchte mit euch arbeiten".
const NOT_TO_THE_PARENT = [/^Emails\.contact_subjects\./, /^Emails\.contact_message\./];
// Justified exceptions, key by key (none today). Add a key only with a comment saying why.
const ALLOWED: Record<string, string[]> = {
  de: [],
  fr: [],
  es: [],
  it: [],
  pt: [],
  nl: [],
  ru: [],
};

const L = '\\p{L}';
const word = (alternatives: string) =>
  new RegExp(`(?<![${L}'’-])(?:${alternatives})(?![${L}])`, 'u');

/** Words that address the parent in the form the catalogue does not use. */
const WRONG_FORM: Record<string, RegExp[]> = {
  de: [
    word('Sie|Ihr|Ihre|Ihrer|Ihren|Ihrem|Ihres|Ihnen'),
    // "du" forms are lower case inside a sentence (not after . ! ? : or at the start of a text).
    new RegExp(`[${L},;)] +(?:Du|Dein|Deine|Deiner|Deinen|Deinem|Deines|Dir|Dich)(?![${L}])`, 'u'),
  ],
  fr: [word("tu|toi|ton|ta|tes|te|t'")],
  es: [word('usted|ustedes|Usted|Ustedes')],
  it: [word('Lei|Loro'), new RegExp(`[${L},] +(?:Suo|Sua|Suoi|Sue|La|Le)(?![${L}])`, 'u')],
  pt: [word('tu|Tu|teu|Teu|tua|Tua|teus|Teus|tuas|Tuas|te|contigo')],
  nl: [word('u|U|uw|Uw')],
  ru: [
    word(
      'ты|Ты|тебя|Тебя|тебе|Тебе|тобой|твой|Твой|твоя|Твоя|твоё|Твоё|твое|Твое|твои|Твои|твоего|твоей|твоих|твоим|твоими',
    ),
  ],
};

function exempt(key: string): boolean {
  return [...CHILD_FACING, ...NOT_TO_THE_PARENT].some((pattern) => pattern.test(key));
}

describe('form of address', () => {
  it('checks every routed language but English and Arabic', () => {
    expect(Object.keys(WRONG_FORM).sort()).toEqual(
      routing.locales.filter((l) => l !== 'en' && l !== 'ar').sort(),
    );
  });

  it.each(Object.keys(WRONG_FORM))('%s addresses the parent one way only', (locale) => {
    const offending = Object.entries(load(locale))
      .filter(([key]) => !exempt(key) && !ALLOWED[locale].includes(key))
      .filter(([, text]) => WRONG_FORM[locale].some((pattern) => pattern.test(text)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offending).toEqual([]);
  });

  it('the German check catches the formal address and a capitalised "du"', () => {
    const [formal, capital] = WRONG_FORM.de;
    expect(formal.test('Bitte geben Sie Ihr Geburtsjahr ein.')).toBe(true);
    expect(formal.test('Wir antworten Ihnen bald.')).toBe(true);
    expect(formal.test('Bitte gib dein Geburtsjahr ein.')).toBe(false);
    expect(formal.test('Gutscheine von Sielmann')).toBe(false);
    expect(capital.test('Wir antworten Dir bald.')).toBe(true);
    expect(capital.test('Danke! Dein Abo ist aktiv. Du kannst jederzeit kündigen.')).toBe(false);
  });
});

// "Log in" and the newsletter's button must not read the same (German said "Anmelden" for both).
const ACCOUNT_ACTIONS = [
  'Header.login',
  'Header.register',
  'LoginPage.title',
  'LoginPage.submit',
  'Common.goToLogin',
  'RegisterPage.title',
  'RegisterPage.submit',
  'ProductsPage.steps.login.title',
];

describe('newsletter wording', () => {
  it.each([...routing.locales])(
    '%s: the newsletter button differs from log in and register',
    (locale) => {
      const messages = load(locale);
      const button = messages['Newsletter.submit'].trim().toLowerCase();
      const clashes = ACCOUNT_ACTIONS.filter(
        (key) => messages[key]?.trim().toLowerCase() === button,
      );
      expect(clashes).toEqual([]);
    },
  );
});
