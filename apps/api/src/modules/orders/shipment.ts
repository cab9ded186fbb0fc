import { apiMessage, carrierTrackingUrl, type Language, type Shipment, type ShipmentInput } from '@shop/shared';
import type { OrderRow } from './present.js';

/** The order's shipment columns. */
export type ShipmentColumns = Shipment;

/**
 * The shipment a status change to shipped writes, or null when it changes nothing. A field left
 * out keeps its value, null clears it. Without a tracking page given, a known carrier's page is
 * built from the number (shared/shipping.ts), unless staff had typed one of their own before.
 */
export function shipmentChange(before: Pick<OrderRow, keyof Shipment>, input: ShipmentInput): ShipmentColumns | null {
  const carrier = input.carrier === undefined ? before.carrier : input.carrier;
  const trackingNumber = input.tracking_number === undefined ? before.tracking_number : input.tracking_number;
  let trackingUrl: string | null;
  if (input.tracking_url !== undefined) trackingUrl = input.tracking_url;
  else {
    const builtBefore = carrierTrackingUrl(before.carrier, before.tracking_number);
    const typedBefore = before.tracking_url !== null && before.tracking_url !== builtBefore;
    trackingUrl = typedBefore ? before.tracking_url : carrierTrackingUrl(carrier, trackingNumber);
  }
  const after = { carrier, tracking_number: trackingNumber, tracking_url: trackingUrl };
  const same =
    after.carrier === before.carrier &&
    after.tracking_number === before.tracking_number &&
    after.tracking_url === before.tracking_url;
  return same ? null : after;
}

/** The history's note of a new shipment, in the staff member's language: "Shipment: Aramex · 4417…". */
export function shipmentNote(shipment: ShipmentColumns, lang: Language): string {
  const parts = [shipment.carrier, shipment.tracking_number].filter((part): part is string => part !== null);
  if (parts.length === 0 && shipment.tracking_url !== null) parts.push(shipment.tracking_url);
  return parts.length === 0
    ? apiMessage('orders.shipment_cleared_history', lang)
    : apiMessage('orders.shipment_history', lang, { shipment: parts.join(' · ') });
}
