// How an order travels once shipped: the carriers the back office suggests, the tracking number's
// form and the link to a carrier's own tracking page. Without zod, so the storefront's tracking
// page and the back office can import it without the contract schemas.

/** Longest carrier name and tracking number the shop stores. */
export const CARRIER_MAX_LENGTH = 60;
export const TRACKING_NUMBER_MAX_LENGTH = 60;
/** Longest tracking page address the shop stores. */
export const TRACKING_URL_MAX_LENGTH = 500;

/** A tracking number: letters (any script), digits, spaces and hyphens. */
export const TRACKING_NUMBER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;

/** A carrier the back office offers as a suggestion; staff may type any other name. */
export interface KnownCarrier {
  /** Stable key (for lists and tests). */
  id: string;
  /** The name stored on the order and shown to the customer, as the carrier writes itself. */
  name: string;
  /** Other spellings that mean the same carrier (compared case- and space-insensitively). */
  aliases: readonly string[];
  /** The carrier's public tracking page for a number ("{number}" is replaced), if it has one. */
  trackingUrl: string | null;
}

/** The carriers that deliver in Kuwait, most used first. */
export const KUWAIT_CARRIERS: readonly KnownCarrier[] = [
  {
    id: 'shop',
    name: 'توصيل المتجر / Shop delivery',
    aliases: ['توصيل المتجر', 'Shop delivery', 'own delivery'],
    trackingUrl: null,
  },
  {
    id: 'aramex',
    name: 'Aramex',
    aliases: ['أرامكس', 'ارامكس'],
    trackingUrl: 'https://www.aramex.com/track/results?ShipmentNumber={number}',
  },
  {
    id: 'dhl',
    name: 'DHL',
    aliases: ['دي اتش ال', 'دي إتش إل'],
    trackingUrl: 'https://www.dhl.com/kw-en/home/tracking.html?tracking-id={number}',
  },
  {
    id: 'kuwait-post',
    name: 'Kuwait Post',
    aliases: ['البريد الكويتي', 'بريد الكويت'],
    trackingUrl: null,
  },
  { id: 'smsa', name: 'SMSA Express', aliases: ['سمسا', 'SMSA'], trackingUrl: null },
  { id: 'talabat', name: 'Talabat', aliases: ['طلبات'], trackingUrl: null },
];

const folded = (value: string) => value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The known carrier a typed name means (its name or one of its spellings), if any. */
export function knownCarrier(name: string | null | undefined): KnownCarrier | undefined {
  if (!name) return undefined;
  const wanted = folded(name);
  return KUWAIT_CARRIERS.find(
    (carrier) => folded(carrier.name) === wanted || carrier.aliases.some((alias) => folded(alias) === wanted),
  );
}

/** Whether text is a tracking number the shop accepts (see TRACKING_NUMBER_PATTERN). */
export function isTrackingNumber(value: string): boolean {
  return value.length <= TRACKING_NUMBER_MAX_LENGTH && TRACKING_NUMBER_PATTERN.test(value);
}

/**
 * The carrier's tracking page for a number, when the carrier is known and has one; else null. The
 * number is percent-encoded (spaces and Arabic letters stay one query value).
 */
export function carrierTrackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const known = knownCarrier(carrier);
  const number = trackingNumber?.trim();
  if (!known?.trackingUrl || !number) return null;
  return known.trackingUrl.replace('{number}', encodeURIComponent(number));
}

/** How an order travels, as the API shows it: null until any of it was given. */
export interface Shipment {
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
}

/** The shipment of an order's columns, or null when none of them is set. */
export function shipmentOf(columns: Shipment): Shipment | null {
  const { carrier, tracking_number, tracking_url } = columns;
  return carrier === null && tracking_number === null && tracking_url === null
    ? null
    : { carrier, tracking_number, tracking_url };
}
