import { describe, expect, it } from 'vitest';
import { carrierTrackingUrl, isTrackingNumber, knownCarrier, KUWAIT_CARRIERS, shipmentOf } from './shipping.js';

describe('shipping', () => {
  it('knows the Kuwait carriers by name and by their other spellings', () => {
    expect(knownCarrier('Aramex')?.id).toBe('aramex');
    expect(knownCarrier('  aramex ')?.id).toBe('aramex');
    expect(knownCarrier('أرامكس')?.id).toBe('aramex');
    expect(knownCarrier('dhl')?.id).toBe('dhl');
    expect(knownCarrier('البريد الكويتي')?.id).toBe('kuwait-post');
    expect(knownCarrier('توصيل المتجر / Shop delivery')?.id).toBe('shop');
    expect(knownCarrier('My cousin')).toBeUndefined();
    expect(knownCarrier(null)).toBeUndefined();
    expect(new Set(KUWAIT_CARRIERS.map((carrier) => carrier.id)).size).toBe(KUWAIT_CARRIERS.length);
  });

  it("builds the carrier's tracking page from the number where it has one", () => {
    expect(carrierTrackingUrl('Aramex', '4417 2200 11')).toBe(
      'https://www.aramex.com/track/results?ShipmentNumber=4417%202200%2011',
    );
    expect(carrierTrackingUrl('DHL', 'JD0146-001')).toBe(
      'https://www.dhl.com/kw-en/home/tracking.html?tracking-id=JD0146-001',
    );
    expect(carrierTrackingUrl('Kuwait Post', 'RR123KW')).toBeNull();
    expect(carrierTrackingUrl('Someone', 'RR123KW')).toBeNull();
    expect(carrierTrackingUrl('Aramex', '  ')).toBeNull();
    expect(carrierTrackingUrl('Aramex', null)).toBeNull();
    for (const carrier of KUWAIT_CARRIERS) {
      if (carrier.trackingUrl) expect(carrier.trackingUrl.startsWith('https://')).toBe(true);
    }
  });

  it('accepts letters, digits, spaces and hyphens as a tracking number', () => {
    expect(isTrackingNumber('JD014600003')).toBe(true);
    expect(isTrackingNumber('AB-12 34')).toBe(true);
    expect(isTrackingNumber('كويت-١٢٣')).toBe(true);
    expect(isTrackingNumber('')).toBe(false);
    expect(isTrackingNumber('-12')).toBe(false);
    expect(isTrackingNumber('12/34')).toBe(false);
    expect(isTrackingNumber('<b>1</b>')).toBe(false);
    expect(isTrackingNumber('1'.repeat(61))).toBe(false);
  });

  it('has no shipment until one of its parts is set', () => {
    expect(shipmentOf({ carrier: null, tracking_number: null, tracking_url: null })).toBeNull();
    expect(shipmentOf({ carrier: 'DHL', tracking_number: null, tracking_url: null })).toEqual({
      carrier: 'DHL',
      tracking_number: null,
      tracking_url: null,
    });
  });
});
