import { describe, expect, it } from 'vitest';
import { createOrderBodySchema } from './contracts/orders.js';
import { GIFT_MESSAGE_MAX_LENGTH, giftMessageLength, giftMessageProblem, giftWrapCharge, normalizeGiftMessage } from './gifts.js';
import { orderTotal } from './money.js';

describe('gift message rules', () => {
  it('counts characters as the shopper sees them: an emoji or an Arabic letter is one', () => {
    expect(giftMessageLength('عيد مبارك')).toBe(9);
    expect(giftMessageLength('🌙✨')).toBe(2);
    expect(giftMessageLength('')).toBe(0);
  });

  it('takes the longest message and refuses one character more (after trimming)', () => {
    expect(giftMessageProblem('ب'.repeat(GIFT_MESSAGE_MAX_LENGTH))).toBeNull();
    expect(giftMessageProblem(`  ${'🎁'.repeat(GIFT_MESSAGE_MAX_LENGTH)}\n `)).toBeNull();
    expect(giftMessageProblem('ب'.repeat(GIFT_MESSAGE_MAX_LENGTH + 1))).toBe('too_long');
  });

  it('refuses control characters but keeps line breaks', () => {
    expect(giftMessageProblem('Eid\nMubarak\r\nLove')).toBeNull();
    for (const bad of ['a\u0000b', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u0085b']) {
      expect(giftMessageProblem(bad), JSON.stringify(bad)).toBe('control_characters');
    }
  });

  it('keeps a message trimmed with "\\n" line breaks; empty is no message', () => {
    expect(normalizeGiftMessage('  Eid\r\nMubarak\r ')).toBe('Eid\nMubarak');
    expect(normalizeGiftMessage('   ')).toBeNull();
    expect(normalizeGiftMessage(undefined)).toBeNull();
  });
});

describe('gift wrapping charge', () => {
  it("is the store's fee when asked for, nothing otherwise, and part of the total", () => {
    expect(giftWrapCharge(true, 1_250)).toBe(1_250);
    expect(giftWrapCharge(false, 1_250)).toBe(0);
    expect(giftWrapCharge(true, null)).toBe(0);
    expect(orderTotal({ subtotal: 10_000, discount: 1_000, shipping: 1_500, giftWrap: 1_250 })).toBe(11_750);
  });
});

describe('the order contract', () => {
  const base = {
    name: 'Fatima',
    email: 'f@example.com',
    phone: '+96550000000',
    shipping_address: 'Block 5',
    country_id: 1,
    governorate_id: 1,
    city_id: 1,
  };

  it('reads the gift fields, with none by default', () => {
    expect(createOrderBodySchema.parse(base)).toMatchObject({ gift_message: null, gift_wrap: false });
    expect(createOrderBodySchema.parse({ ...base, gift_message: ' Eid ', gift_wrap: true })).toMatchObject({
      gift_message: 'Eid',
      gift_wrap: true,
    });
  });

  it('names the gift message in its refusals', () => {
    const tooLong = createOrderBodySchema.safeParse({ ...base, gift_message: 'x'.repeat(GIFT_MESSAGE_MAX_LENGTH + 1) });
    expect(tooLong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['gift_message', 'order.gift_message_too_long'],
    ]);
    const control = createOrderBodySchema.safeParse({ ...base, gift_message: 'a\u0000b' });
    expect(control.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['gift_message', 'order.gift_message_invalid'],
    ]);
  });
});
