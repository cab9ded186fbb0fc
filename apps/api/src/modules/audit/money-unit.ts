import { toThousandths } from '@shop/shared';

/**
 * Money in the trail is in thousandths (fils), like every money column. Product entries recorded
 * before issue 30 were the exception: the product's audit view kept price, sale_price and its
 * attribute_variations' prices as decimal dinars (12.5), so a reader that took them for fils
 * showed them 1000 times too small. Since then, product entries are written in thousandths and
 * carry MONEY_UNIT_KEY; a product entry without it is an old one, whose prices are dinars.
 *
 * The key is in the stored `changes` (no migration needed) and starts with `$`, which no column
 * name does; the reader removes it before the entry leaves the API.
 */
export const MONEY_UNIT_KEY = '$money';
export const MONEY_UNIT_MARK = { from: null, to: 'thousandths' } as const;

/** Entities whose entries were once written with decimal dinars (see above). */
const ONCE_IN_DINARS = new Set(['products']);
const DINAR_FIELDS = ['price', 'sale_price'] as const;

type Changes = Record<string, { from: unknown; to: unknown }>;

/** The mark a new entry of this entity carries, if any (only the products' need one). */
export function moneyUnitMark(entity: string): Changes {
  return ONCE_IN_DINARS.has(entity) ? { [MONEY_UNIT_KEY]: { ...MONEY_UNIT_MARK } } : {};
}

/** A decimal dinar amount as kept by the old entries (a number, or its text) → thousandths. */
function dinarsToThousandths(value: unknown): unknown {
  if (typeof value !== 'number' && typeof value !== 'string') return value;
  try {
    return toThousandths(value);
  } catch {
    // Not an amount (never written so, but the trail must still show): left as it is.
    return value;
  }
}

function linksInThousandths(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((link: unknown) =>
    typeof link === 'object' && link !== null && 'price' in link
      ? { ...link, price: dinarsToThousandths((link as { price: unknown }).price) }
      : link,
  );
}

/**
 * An entry's changes as the API gives them: money in thousandths whenever it was written, and
 * without the storage's mark.
 */
export function changesInThousandths(entity: string, changes: Changes | null): Changes | null {
  if (changes === null) return null;
  const { [MONEY_UNIT_KEY]: mark, ...fields } = changes;
  if (mark !== undefined || !ONCE_IN_DINARS.has(entity)) return fields;
  const read: Changes = { ...fields };
  for (const field of DINAR_FIELDS) {
    const change = read[field];
    if (change) {
      read[field] = { from: dinarsToThousandths(change.from), to: dinarsToThousandths(change.to) };
    }
  }
  const links = read.attribute_variations;
  if (links) {
    read.attribute_variations = {
      from: linksInThousandths(links.from),
      to: linksInThousandths(links.to),
    };
  }
  return read;
}
