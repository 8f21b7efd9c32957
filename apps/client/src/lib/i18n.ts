import { atom, computed } from 'nanostores';
import { createI18n, localeFrom, strings, transform } from '@nanostores/i18n';
import type {
  ComponentsJSON,
  count as libraryCount,
  TranslationJSON,
  Translations,
  params as libraryParams,
} from '@nanostores/i18n';

// Every interface string goes through here (Nano Stores I18n: about 1 KB, Intl-based). English is
// the base language, written next to the component that shows it:
//
//   <script lang="ts" module>
//     import { i18n, params } from '../lib/i18n';
//     export const messages = i18n('Chat', { title: 'Table chat', from: params('From {name}') });
//   </script>
//   … {$messages.title} … {$messages.from({ name })}
//
// Other languages are flat JSON files, one per component, under `src/locales/<code>/`, loaded
// in one lazy chunk when that language is first needed, so English readers never download
// them. `locales.test.ts` fails on a key missing from (or left over in) a translation.

/** The interface's languages, in the order the switcher lists them. */
export const LOCALES = ['en', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language in its own words, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'pt-BR': 'Português (Brasil)',
};

const STORAGE_KEY = 'fateboard.locale';

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The browser's language: the first of `navigator.languages` we speak, where any Portuguese
 * (pt, pt-PT, pt-BR) reads Brazilian Portuguese rather than English.
 */
export function browserLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const lower = language.toLowerCase();
    if (lower === 'pt' || lower.startsWith('pt-')) return 'pt-BR';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return 'en';
}

function readChosen(): Locale | undefined {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(saved) ? saved : undefined;
  } catch {
    return undefined; // storage refused (private mode, sandboxed frame)
  }
}

/** The language the person picked in the switcher, if any (kept in this browser). */
const chosen = atom<Locale | undefined>(readChosen());
const detected = atom<Locale>(
  browserLocale(
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  ),
);

/** The interface's language: the one picked, else the browser's. */
export const locale = localeFrom(chosen, detected);

export function setLocale(code: Locale): void {
  chosen.set(code);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, code);
  } catch {
    // Not kept across visits; the language still changes now.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/** Every translation of a language, merged from its per-component files. */
async function translationsOf(code: string): Promise<ComponentsJSON> {
  switch (code) {
    case 'pt-BR':
      return (await import('../locales/pt-BR')).default;
    default:
      return {};
  }
}

export const i18n = createI18n(locale, {
  baseLocale: 'en',
  // The whole language at once: one request, however many components ask for it.
  get: (code) => translationsOf(code),
});

/**
 * Numbers, dates and times in the interface's language. Making an Intl formatter costs a
 * fraction of a millisecond (more on a phone) and a list formats a time on each of its rows:
 * one formatter per language and options, kept (@nanostores/i18n's makes one a call).
 */
export const format = computed(locale, (code) => {
  const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
  const kept = <F extends Intl.NumberFormat | Intl.DateTimeFormat>(
    key: string,
    make: () => F,
  ): F => {
    let f = made.get(key);
    if (!f) made.set(key, (f = make()));
    return f as F;
  };
  return {
    number: (n: number, opts?: Intl.NumberFormatOptions) =>
      kept(`n${JSON.stringify(opts ?? {})}`, () => new Intl.NumberFormat(code, opts)).format(n),
    time: (date: Date, opts?: Intl.DateTimeFormatOptions) =>
      kept(`t${JSON.stringify(opts ?? {})}`, () => new Intl.DateTimeFormat(code, opts)).format(
        date,
      ),
    /** When a row of the log or the roll feed happened (stampOptions). */
    stamp(at: number, now = Date.now()): string {
      const opts = stampOptions(at, now);
      return kept(`s${JSON.stringify(opts)}`, () => new Intl.DateTimeFormat(code, opts)).format(
        new Date(at),
      );
    },
  };
});

/**
 * What a row's time says: the hour and minute today; the day before them on another day
 * (entries from earlier sessions, read with "Load older", are told apart by day); the year
 * too in another year. Days as the reader's clock has them.
 */
export function stampOptions(at: number, now: number): Intl.DateTimeFormatOptions {
  const when = new Date(at);
  const today = new Date(now);
  const time = { hour: '2-digit', minute: '2-digit' } as const;
  if (when.toDateString() === today.toDateString()) return time;
  const day = { ...time, month: 'short', day: 'numeric' } as const;
  return when.getFullYear() === today.getFullYear() ? day : { ...day, year: 'numeric' };
}

/**
 * Waits for the interface's language before the first paint, so a Portuguese reader does not
 * see English flash by. English resolves at once.
 */
export async function languageReady(): Promise<void> {
  const code = locale.get();
  if (typeof document !== 'undefined') document.documentElement.lang = code;
  if (code === 'en') return;
  const translations = await translationsOf(code);
  // The library's type says one component's strings; its cache holds every component's.
  i18n.cache[code] = { ...i18n.cache[code], ...(translations as unknown as Translations) };
}

/**
 * `{name}` parameters, filled in one pass. The library's own `params` fills them with
 * `String.replace` one name at a time, so a player's text could rewrite the sentence: `$&` or
 * `$'` in a compel would paste parts of it, and a name containing `{text}` would receive the
 * next value. User text is data here: each placeholder is replaced once, by its value as is.
 */
export const params = transform(
  (_locale, translation, values: Record<string, string | number>): TranslationJSON =>
    strings(translation as TranslationJSON, (text) =>
      text.replace(/\{(\w+)\}/g, (whole, name: string) =>
        Object.hasOwn(values, name) ? String(values[name]) : whole,
      ),
    ),
) as typeof libraryParams;

/** One `Intl.PluralRules` a language: making one cost a slowed phone about a millisecond. */
const rulesByCode = new Map<string, Intl.PluralRules>();
function pluralRules(code: string): Intl.PluralRules {
  let rules = rulesByCode.get(code);
  if (!rules) rulesByCode.set(code, (rules = new Intl.PluralRules(code)));
  return rules;
}

/**
 * Plural forms by count. The library's own `count` asks `Intl.PluralRules` only, and Portuguese
 * (CLDR) files 0 under `one`: "0 espectador assistindo". Here none is a plural in every language
 * ("0 espectadores", as English's "0 rolls"), unless a message gives its own `zero` form
 * ("Nenhum espectador"). Every other number goes by the language's rules, as before.
 */
export function pluralForm(code: string, forms: object, num: number): string {
  const plural = 'other' in forms ? 'other' : 'many';
  if (num === 0) return 'zero' in forms ? 'zero' : plural;
  const form = pluralRules(code).select(num);
  return form in forms ? form : plural;
}

export const count = transform((code, translation, num: number): TranslationJSON => {
  const forms = translation as Record<string, TranslationJSON>;
  return strings(forms[pluralForm(code, forms, num)]!, (text) =>
    text.replace(/\{count\}/g, String(num)),
  );
}) as typeof libraryCount;
