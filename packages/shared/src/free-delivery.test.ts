import { describe, expect, it } from 'vitest';
import { amountToFreeDelivery, deliveryFee } from './free-delivery.js';

describe('deliveryFee', () => {
  it('is the city fee below the threshold and nothing at or above it', () => {
    expect(deliveryFee(2_000, 19_999, 20_000)).toBe(2_000);
    expect(deliveryFee(2_000, 20_000, 20_000)).toBe(0);
    expect(deliveryFee(2_000, 20_001, 20_000)).toBe(0);
  });

  it('is always the city fee when the store has no threshold', () => {
    expect(deliveryFee(2_000, 1_000_000, null)).toBe(2_000);
    expect(deliveryFee(0, 10, null)).toBe(0);
  });
});

describe('amountToFreeDelivery', () => {
  it('is what is missing, 0 once reached, null without a threshold', () => {
    expect(amountToFreeDelivery(12_500, 20_000)).toBe(7_500);
    expect(amountToFreeDelivery(20_000, 20_000)).toBe(0);
    expect(amountToFreeDelivery(25_000, 20_000)).toBe(0);
    expect(amountToFreeDelivery(25_000, null)).toBeNull();
  });
});
