import { describe, expect, it } from 'vitest';
import { internationalDigits, mailtoUrl, telUrl, whatsappUrl } from './contact';

describe('contact links', () => {
  it('turns a Kuwaiti local number into an international wa.me link', () => {
    expect(whatsappUrl('9999 8888')).toBe('https://wa.me/96599998888');
  });

  it('keeps an international number and drops the plus, the 00 prefix and spacing', () => {
    expect(whatsappUrl('+965 5555-1234')).toBe('https://wa.me/96555551234');
    expect(internationalDigits('00965 5555 1234')).toBe('96555551234');
    expect(internationalDigits('+44 20 7946 0958')).toBe('442079460958');
  });

  it('opens the WhatsApp chat with a message when one is given', () => {
    expect(whatsappUrl('9999 8888', 'طلبي SB-7K3M9Q2X4T & more')).toBe(
      'https://wa.me/96599998888?text=%D8%B7%D9%84%D8%A8%D9%8A%20SB-7K3M9Q2X4T%20%26%20more',
    );
    expect(whatsappUrl('  -  ', 'hello')).toBeNull();
  });

  it('gives no WhatsApp link for a value without digits', () => {
    expect(whatsappUrl('  -  ')).toBeNull();
  });

  it('builds a tel: link that keeps the leading plus', () => {
    expect(telUrl('+965 2222 3333')).toBe('tel:+96522223333');
    expect(telUrl('2222-3333')).toBe('tel:22223333');
    expect(telUrl('n/a')).toBeNull();
  });

  it('builds a mailto: link', () => {
    expect(mailtoUrl(' shop@example.com ')).toBe('mailto:shop@example.com');
  });
});
