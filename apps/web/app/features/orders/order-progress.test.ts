import { orderStatuses } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import ordersEn from '../../i18n/messages/orders.en.json';
import { normaliseOrderNumber, orderProgress, statusExplanation, statusLabels } from './order-progress';

const english = (key: string) => (ordersEn as Record<string, string>)[key.replace(/^orders\./, '')];

describe('order progress', () => {
  it('is pending 25, processing 50, shipped 75, delivered 100, others 0', () => {
    expect(orderProgress('pending')).toBe(25);
    expect(orderProgress('processing')).toBe(50);
    expect(orderProgress('shipped')).toBe(75);
    expect(orderProgress('delivered')).toBe(100);
    expect(orderProgress('cancelled')).toBe(0);
    expect(orderProgress('refunded')).toBe(0);
  });

  it('explains the four moving statuses and nothing else', () => {
    // Pending names the delivery promise, a counted noun (hours): its family has a form per count.
    expect(english(`${statusExplanation('pending')!}.other`)).toContain('within {count} hours');
    expect(english(`${statusExplanation('pending')!}.one`)).toContain('within 1 hour');
    expect(english(statusExplanation('processing')!)).toBe('Your order is being prepared');
    expect(english(statusExplanation('shipped')!)).toBe('Your order is out for delivery');
    expect(english(statusExplanation('delivered')!)).toBe('Your order was delivered successfully');
    expect(statusExplanation('cancelled')).toBeNull();
    expect(statusExplanation('refunded')).toBeNull();
  });

  it('has a label in the catalogue for every status', () => {
    for (const status of orderStatuses) expect(english(statusLabels[status]), status).toBeTruthy();
  });
});

describe('normaliseOrderNumber', () => {
  it('accepts a well-formed number, whatever its case and surrounding spaces', () => {
    expect(normaliseOrderNumber(' sb-7k3m9q2x4t ')).toBe('SB-7K3M9Q2X4T');
  });

  it('refuses anything else', () => {
    expect(normaliseOrderNumber(undefined)).toBeNull();
    expect(normaliseOrderNumber('12')).toBeNull();
    expect(normaliseOrderNumber('SB-7K3M9Q2X4')).toBeNull();
    expect(normaliseOrderNumber('SB-7K3M9Q2X4I')).toBeNull();
  });
});
