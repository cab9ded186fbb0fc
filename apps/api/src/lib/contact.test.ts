import { describe, expect, it } from 'vitest';
import { KUWAITI_NUMBER, KUWAITI_NUMBER_SPELLINGS } from '../../test-support/phone-spellings.js';
import { normalizeEmail, normalizePhone, storedPhone } from './contact.js';

describe('normalizePhone', () => {
  it('gives every spelling of a Kuwaiti number one international form', () => {
    for (const spelling of KUWAITI_NUMBER_SPELLINGS) expect(normalizePhone(spelling), spelling).toBe(KUWAITI_NUMBER);
  });

  it('reads Arabic-Indic and Persian digits as the same number', () => {
    expect(normalizePhone('٥١١١٢٢٢٢')).toBe('+96551112222');
    expect(normalizePhone('+٩٦٥ ٥١١١ ٢٢٢٢')).toBe('+96551112222');
    expect(normalizePhone('٠٠٩٦٥٥١١١٢٢٢٢')).toBe('+96551112222');
    expect(normalizePhone('۵۱۱۱-۲۲۲۲')).toBe('+96551112222');
  });

  it('takes an 8-digit number without a country code as Kuwaiti, landlines too', () => {
    expect(normalizePhone('2221 2345')).toBe('+96522212345');
    expect(normalizePhone('6001 1234')).toBe('+96560011234');
    expect(normalizePhone('9001 1234')).toBe('+96590011234');
  });

  it("keeps another country's number in its own country, from + or 00", () => {
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('00442079460958')).toBe('+442079460958');
    expect(normalizePhone('+1 (202) 555-0143')).toBe('+12025550143');
    expect(normalizePhone('0012025550143')).toBe('+12025550143');
    expect(normalizePhone('+971 50 123 4567')).toBe('+971501234567');
    expect(normalizePhone('00966 5 1234 5678')).toBe('+966512345678');
  });

  it('keeps a number the library does not know as valid, in its international form', () => {
    // Not refused: a new Kuwaiti range, or a shopper's typo the shop may still call about.
    expect(normalizePhone('12345678')).toBe('+96512345678');
    expect(normalizePhone('051112222')).toBe('+965051112222');
  });

  it('finds no number in garbage', () => {
    for (const garbage of ['', '   ', 'abc', '--------', '(((())))', '+000 1234 5678', '+999 12345678', '+965']) {
      expect(normalizePhone(garbage), garbage).toBeNull();
    }
  });
});

describe('normalizeEmail', () => {
  it('ignores case, surrounding spaces and a +tag', () => {
    for (const spelling of ['name@example.com', ' Name@Example.com ', 'NAME@EXAMPLE.COM', 'Name+tag@Example.com', 'name+a+b@example.com']) {
      expect(normalizeEmail(spelling), spelling).toBe('name@example.com');
    }
  });

  it('keeps the dots of an address outside Gmail', () => {
    expect(normalizeEmail('first.last@example.com')).toBe('first.last@example.com');
    expect(normalizeEmail('first.last@example.com')).not.toBe(normalizeEmail('firstlast@example.com'));
  });

  it('drops the dots of a Gmail address, whose mailbox ignores them, and googlemail.com is gmail.com', () => {
    for (const spelling of ['f.ali@gmail.com', 'F.A.L.I@GMail.com', 'fali+shop@gmail.com', 'f.ali+x@googlemail.com', 'fali@googlemail.com']) {
      expect(normalizeEmail(spelling), spelling).toBe('fali@gmail.com');
    }
  });

  it('keeps a local part that is only a tag, and text without an @, as they are (lower-case)', () => {
    expect(normalizeEmail('+only@Example.com')).toBe('+only@example.com');
    expect(normalizeEmail('No-At-Sign')).toBe('no-at-sign');
    expect(normalizeEmail('...@gmail.com')).toBe('...@gmail.com');
  });
});

describe('storedPhone', () => {
  it("stores an account's number in its international form, other text as typed", () => {
    expect(storedPhone('0096551112222')).toBe('+96551112222');
    expect(storedPhone('call me later')).toBe('call me later');
    expect(storedPhone(null)).toBeNull();
    expect(storedPhone(undefined)).toBeUndefined();
  });
});
