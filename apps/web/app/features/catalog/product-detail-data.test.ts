import { describe, expect, it } from 'vitest';
import { productIdFrom } from './product-detail-data';

describe('productIdFrom', () => {
  it('accepts positive integer ids', () => {
    expect(productIdFrom('1')).toBe(1);
    expect(productIdFrom('2147483647')).toBe(2_147_483_647);
  });

  it('rejects anything else, which the page shows as Product Not Found', () => {
    for (const segment of [
      undefined,
      '',
      '0',
      '-1',
      '01',
      '1.5',
      '12abc',
      'abc',
      '2147483648',
      '99999999999',
    ]) {
      expect(productIdFrom(segment)).toBeNull();
    }
  });
});
