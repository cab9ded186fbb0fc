/**
 * Ways shoppers write one Kuwaiti mobile number, +96551112222 (country code with + or 00 or
 * none, spaces, hyphens, parentheses, Arabic-Indic and Persian digits): lib/contact.ts must read
 * every one as that number, and migration 0024's SQL must agree with it.
 */
export const KUWAITI_NUMBER = '+96551112222';

export const KUWAITI_NUMBER_SPELLINGS = [
  '+965 5111 2222',
  '+96551112222',
  '0096551112222',
  '00965 5111 2222',
  '(00965) 5111-2222',
  '965 5111 2222',
  '96551112222',
  '(965) 5111-2222',
  '51112222',
  '5111 2222',
  '5111-2222',
  ' 5111 2222 ',
  '٥١١١٢٢٢٢',
  '+٩٦٥ ٥١١١ ٢٢٢٢',
  '۵۱۱۱ ۲۲۲۲',
] as const;
