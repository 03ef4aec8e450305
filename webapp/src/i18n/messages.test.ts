/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { routing } from './routing';

const LOCALES_DIR = path.resolve(__dirname, '../../../locales');
type Catalogue = { [key: string]: string | Catalogue };

function load(locale: string): Catalogue {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${locale}.json`), 'utf8'));
}

function flatten(catalogue: Catalogue, prefix = ''): Record<string, string> {
  return Object.entries(catalogue).reduce<Record<string, string>>((flat, [key, value]) => {
    const id = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? { ...flat, [id]: value }
      : { ...flat, ...flatten(value, id) };
  }, {});
}

function argumentNames(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((el) => {
    if (el.type === TYPE.literal || el.type === TYPE.pound) return [];
    if (el.type === TYPE.select || el.type === TYPE.plural) {
      const nested = Object.values(el.options).flatMap((o) => argumentNames(o.value));
      return [el.value, ...nested];
    }
    if (el.type === TYPE.tag) return argumentNames(el.children);
    return [el.value];
  });
}

const english = flatten(load('en'));
const others = routing.locales.filter((l) => l !== 'en');

// Brand names and language names written in their own language stay as they are.
// Brand names and the short app name "TV" read the same in every Latin-script language.
// ChildSettingsPage.app: the apps' names, untranslated brands (i18n/app-names.test.ts).
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Metadata.title',
  'Header.logo',
  'Plans.lumo_tv',
  'ChildSettingsPage.app',
  // The billing history's payment methods: the wallets' brand names, and a dash where none is known.
  'BillingPage.methods.paypal',
  'BillingPage.methods.google_pay',
  'BillingPage.methods.apple_pay',
  'BillingPage.methods.other',
]);
// A line that is one placeholder only ("{greeting}" in e-mails, filled from Emails.greeting) has no words.
const ONLY_A_PLACEHOLDER = /^\{\w+\}$/;

describe('locale catalogues', () => {
  it('has exactly one catalogue per routing locale', () => {
    const files = fs.readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual([...routing.locales].sort());
  });

  it.each(others)('%s has exactly the English keys', (locale) => {
    const keys = Object.keys(flatten(load(locale)));
    const missing = Object.keys(english).filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !(k in english));
    expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] });
  });

  it.each([...routing.locales])('%s has no empty message', (locale) => {
    const empty = Object.entries(flatten(load(locale)))
      .filter(([, text]) => text.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(others)('%s uses the same ICU arguments as English', (locale) => {
    const messages = flatten(load(locale));
    const differing = Object.keys(english).filter((key) => {
      if (!(key in messages)) return false;
      const expected = argumentNames(parse(english[key])).sort();
      return (
        JSON.stringify(argumentNames(parse(messages[key])).sort()) !== JSON.stringify(expected)
      );
    });
    expect(differing).toEqual([]);
  });

  it.each(others)('%s is translated, not copied from English', (locale) => {
    const messages = flatten(load(locale));
    const copied = Object.keys(english).filter(
      (key) =>
        !SAME_IN_EVERY_LANGUAGE.has(key) &&
        key !== 'LocaleSwitcher.locale' &&
        !ONLY_A_PLACEHOLDER.test(english[key]) &&
        messages[key] === english[key],
    );
    expect(copied).toEqual([]);
  });

  it.each([
    ['ar', /\p{Script=Arabic}/u],
    ['ru', /\p{Script=Cyrillic}/u],
  ])('%s is written in its own script', (locale, script) => {
    const latinOnly = Object.entries(flatten(load(locale)))
      .filter(
        ([key, text]) =>
          !SAME_IN_EVERY_LANGUAGE.has(key) && !ONLY_A_PLACEHOLDER.test(text) && !script.test(text),
      )
      .map(([key]) => key);
    expect(latinOnly).toEqual([]);
  });
});
