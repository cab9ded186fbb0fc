import { describe, expect, it } from 'vitest';
import { formatPrice, type MoneyFormat, type ProductAttribute } from '@shop/shared';
import {
  attributeMessages,
  missingAttributes,
  priceWithOptions,
  surchargeTotal,
} from './product-options';

/** The default symbol with KWD's 3 decimals. */
const KD: MoneyFormat = { symbol: 'KD', decimals: 3 };

const attributes: ProductAttribute[] = [
  {
    id: 1,
    name: 'عدد الحبات',
    name_en: 'Bead count',
    variations: [
      { id: 11, title: '33', title_en: null, additional_price: 0 },
      { id: 12, title: '99', title_en: null, additional_price: 2.5 },
    ],
  },
  {
    id: 2,
    name: 'الشرابة',
    name_en: null,
    variations: [
      { id: 21, title: 'فضة', title_en: 'Silver', additional_price: 0.125 },
      { id: 22, title: 'ذهب', title_en: 'Gold', additional_price: 0.1 },
    ],
  },
  { id: 3, name: 'بلا خيارات', name_en: null, variations: [] },
];

const messages = {
  'catalog.detail.choose_attribute': 'يرجى اختيار {attribute}',
  'catalog.detail.choose_all': 'يرجى اختيار جميع الخصائص المطلوبة',
} as const;
const t = (key: keyof typeof messages, params?: Record<string, string>) =>
  messages[key].replace('{attribute}', params?.attribute ?? '');

describe('priceWithOptions', () => {
  const product = { price: 25, sale_price: 20, current_price: 20 };

  it('is the current price without choices', () => {
    expect(priceWithOptions(product, attributes, {})).toEqual({
      current: 20_000,
      original: 25_000,
      surcharge: 0,
      percent: 20,
    });
  });

  it('adds the chosen variations surcharges in integer thousandths', () => {
    const prices = priceWithOptions(product, attributes, { 1: 12, 2: 22 });
    expect(prices.surcharge).toBe(2_600);
    expect(prices.current).toBe(22_600);
    expect(prices.original).toBe(27_600);
    expect(formatPrice(prices.current, KD)).toBe('22.600 KD');
  });

  it('does not drift like floating point would (0.1 + 0.125 + 20)', () => {
    const prices = priceWithOptions(
      { price: 0.2, sale_price: null, current_price: 0.2 },
      attributes,
      { 2: 22 },
    );
    expect(prices.current).toBe(300);
    expect(formatPrice(prices.current, KD)).toBe('0.300 KD');
    expect(prices.percent).toBe(0);
  });

  it('ignores a choice that is not one of the attribute variations', () => {
    expect(surchargeTotal(attributes, { 1: 21, 9: 12 })).toBe(0);
  });
});

describe('attribute validation', () => {
  it('requires every attribute that has variations', () => {
    expect(missingAttributes(attributes, {}).map((attribute) => attribute.id)).toEqual([1, 2]);
    expect(missingAttributes(attributes, { 1: 11 }).map((attribute) => attribute.id)).toEqual([2]);
    expect(missingAttributes(attributes, { 1: 11, 2: 21 })).toEqual([]);
  });

  it('names each missing attribute and asks for all of them', () => {
    const result = attributeMessages(attributes, { 2: 21 }, t, 'ar');
    expect([...result.byAttribute]).toEqual([[1, 'يرجى اختيار عدد الحبات']]);
    expect(result.summary).toBe('يرجى اختيار جميع الخصائص المطلوبة');
  });

  it('names a missing attribute in English on the English page, in Arabic when it has no English name', () => {
    const english = (_key: string, params?: Record<string, string>) => `Please choose ${params?.attribute ?? ''}`;
    expect([...attributeMessages(attributes, {}, english, 'en').byAttribute]).toEqual([
      [1, 'Please choose Bead count'],
      [2, 'Please choose الشرابة'],
    ]);
  });

  it('has no message when everything is chosen or nothing is required', () => {
    expect(attributeMessages(attributes, { 1: 12, 2: 22 }, t, 'ar')).toEqual({
      byAttribute: new Map(),
      summary: null,
    });
    expect(attributeMessages([], {}, t, 'en').summary).toBeNull();
  });
});
