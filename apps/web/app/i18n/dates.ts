import type { Language } from '@shop/shared';
import { onFirstUse } from '../lib/on-first-use';

// Building an Intl formatter is costly, and the first date formatter of a page is very costly (the
// browser loads its calendar and time-zone data: about 35 ms on a phone). So each is built on
// first use, not when this module loads, and then serves every render. Kuwait's clock everywhere,
// so an order placed at 1 a.m. shows Kuwait's date on the server and in any browser alike (and
// server and browser render the same text).
const options = { timeZone: 'Asia/Kuwait' } as const;
const locales: Record<Language, string> = { ar: 'ar-KW-u-nu-latn-ca-gregory', en: 'en-GB' };

const dateFormats = {
  ar: onFirstUse(() => new Intl.DateTimeFormat(locales.ar, { ...options, dateStyle: 'medium' })),
  en: onFirstUse(() => new Intl.DateTimeFormat(locales.en, { ...options, dateStyle: 'medium' })),
};
const dateTimeFormats = {
  ar: onFirstUse(() => new Intl.DateTimeFormat(locales.ar, { ...options, dateStyle: 'medium', timeStyle: 'short' })),
  en: onFirstUse(() => new Intl.DateTimeFormat(locales.en, { ...options, dateStyle: 'medium', timeStyle: 'short' })),
};

/** A date (or date and time) in the page's language, on Kuwait's clock; bad input is shown as is. */
export function formatKuwaitDate(iso: string, lang: Language, { withTime = false } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (withTime ? dateTimeFormats : dateFormats)[lang]().format(date);
}

// en-GB writes a numeric date as dd/mm/yyyy with Latin digits, whatever the page's language.
const numericDateFormat = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { ...options, day: '2-digit', month: '2-digit', year: 'numeric' }),
);

/** A date as dd/mm/yyyy on Kuwait's clock (the back office's lists); bad input is shown as is. */
export function formatKuwaitNumericDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return numericDateFormat().format(date);
}
