import type { Language } from './constants.js';

/**
 * The shop's calendar, for display and for the database's date arithmetic: Kuwait (UTC+3 all
 * year, the same offset kuwaitDateOf in promotions.ts uses).
 */
export const SHOP_TIME_ZONE = 'Asia/Kuwait';

/**
 * One date format per language (docs/decisions/051), for every screen, printout and e-mail: the
 * day, the month in words and the year ("3 Dec 2026", "3 ديسمبر 2026"), with the time on the 24-hour
 * clock when it matters ("3 Dec 2026, 00:30", "3 ديسمبر 2026، 00:30": no am/pm words, which the
 * browsers' and the server's date libraries do not all write alike). The month in words
 * reads the same to a reader used to day/month and to one used to month/day; the digits are Latin
 * in both languages, as the prices are. Always on Kuwait's clock: an order placed at 1 a.m. shows
 * Kuwait's date on the server, in any browser and in the e-mail alike.
 */
export const DATE_LOCALES: Readonly<Record<Language, string>> = {
  ar: 'ar-KW-u-nu-latn-ca-gregory',
  en: 'en-GB',
};

const DATE_PARTS = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const TIME_PARTS = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

// Building an Intl formatter is costly, and the first one of a page loads the browser's calendar
// and time-zone data (about 35 ms on a phone): each is built on first use and then kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: Language, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lang}:${withTime ? 'time' : 'date'}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(DATE_LOCALES[lang], {
      timeZone: SHOP_TIME_ZONE,
      ...DATE_PARTS,
      ...(withTime ? TIME_PARTS : {}),
    });
    formatters.set(key, made);
  }
  return made;
}

/** A moment as the shop writes it in `lang`, on Kuwait's clock; text that is not a date is shown as is. */
export function formatShopDate(at: string | Date, lang: Language, { withTime = false } = {}): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return String(at);
  return formatter(lang, withTime).format(date);
}
