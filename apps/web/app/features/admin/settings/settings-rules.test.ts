import { describe, expect, it } from 'vitest';
import * as contract from '@shop/shared';
import {
  isSettingsFormDirty,
  settingsFormData,
  settingsFormFrom,
  settingsFormProblems,
  type SettingsForm,
  type SettingsValues,
} from './settings-rules';

const stored: SettingsValues = {
  store_name: 'متجر السبح',
  store_name_en: null,
  store_description: 'سبح ومسابح',
  store_description_en: 'Prayer beads',
  email: 'info@subha.shop',
  address: 'الكويت',
  address_en: 'Kuwait City',
  phone_number: '+965 2222 3333',
  whatsapp_number: null,
  free_shipping_threshold: null,
  gift_wrap_fee: null,
  logo: '/uploads/settings/logo.webp',
};

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

function filled(overrides: Partial<SettingsForm> = {}): SettingsForm {
  return { ...settingsFormFrom(stored), ...overrides };
}

describe('settingsFormFrom', () => {
  it('fills the form from the stored settings, empty texts for nulls, logo untouched', () => {
    expect(settingsFormFrom(stored)).toEqual({
      store_name: 'متجر السبح',
      store_name_en: '',
      store_description: 'سبح ومسابح',
      store_description_en: 'Prayer beads',
      email: 'info@subha.shop',
      address: 'الكويت',
      address_en: 'Kuwait City',
      phone_number: '+965 2222 3333',
      whatsapp_number: '',
      free_shipping_threshold: '',
      gift_wrap_fee: '',
      logo: { file: null, removed: false },
    });
    expect(settingsFormFrom({ ...stored, gift_wrap_fee: 1.25 }).gift_wrap_fee).toBe('1.25');
    expect(settingsFormFrom({ ...stored, free_shipping_threshold: 19.5 }).free_shipping_threshold).toBe('19.5');
  });
});

describe('isSettingsFormDirty', () => {
  const initial = settingsFormFrom(stored);
  it('is clean as loaded and when only spaces were added', () => {
    expect(isSettingsFormDirty(initial, initial)).toBe(false);
    expect(isSettingsFormDirty({ ...initial, address: 'الكويت  ' }, initial)).toBe(false);
  });
  it('is dirty after a text or the logo changed', () => {
    expect(isSettingsFormDirty({ ...initial, whatsapp_number: '99998888' }, initial)).toBe(true);
    expect(isSettingsFormDirty({ ...initial, logo: { file: png(), removed: false } }, initial)).toBe(true);
    expect(isSettingsFormDirty({ ...initial, logo: { file: null, removed: true } }, initial)).toBe(true);
  });
});

describe('settingsFormProblems', () => {
  it('accepts the stored settings and empty optional fields', () => {
    expect(settingsFormProblems(filled())).toEqual({});
    expect(settingsFormProblems(filled({ email: ' ', phone_number: '', whatsapp_number: '', address: '' }))).toEqual({});
  });

  it('takes a free delivery amount above zero with at most 3 decimals, or none', () => {
    expect(settingsFormProblems(filled({ free_shipping_threshold: '20' }))).toEqual({});
    expect(settingsFormProblems(filled({ free_shipping_threshold: '١٩٫٥٠٠' }))).toEqual({});
    for (const bad of ['0', 'twenty', '12.3456', '-5']) {
      expect(settingsFormProblems(filled({ free_shipping_threshold: bad }))).toEqual({
        free_shipping_threshold: { key: 'admin-settings.validation.free_shipping_invalid' },
      });
    }
  });

  it('takes a gift wrapping fee above zero with at most 3 decimals, or none (not offered)', () => {
    expect(settingsFormProblems(filled({ gift_wrap_fee: '1.5' }))).toEqual({});
    expect(settingsFormProblems(filled({ gift_wrap_fee: '٢٫٢٥٠' }))).toEqual({});
    for (const bad of ['0', 'free', '1.2345', '-1']) {
      expect(settingsFormProblems(filled({ gift_wrap_fee: bad }))).toEqual({
        gift_wrap_fee: { key: 'admin-settings.validation.gift_wrap_fee_invalid' },
      });
    }
  });

  it('needs a store name and a valid e-mail, phone and WhatsApp number', () => {
    expect(settingsFormProblems(filled({ store_name: '  ', email: 'info@shop', phone_number: 'call us', whatsapp_number: '965-2222' }))).toEqual({
      store_name: { key: 'admin-settings.validation.store_name_required' },
      email: { key: 'admin-settings.validation.email_invalid' },
      phone_number: { key: 'admin-settings.validation.phone_invalid', params: { min: 8, count: 15 } },
      whatsapp_number: { key: 'admin-settings.validation.whatsapp_invalid', params: { min: 8, count: 15 } },
    });
  });

  it('refuses texts longer than the server keeps, naming the limit', () => {
    expect(settingsFormProblems(filled({ store_name_en: 'x'.repeat(contract.STORE_NAME_MAX + 1) }))).toEqual({
      store_name_en: { key: 'admin-settings.validation.too_long', params: { count: contract.STORE_NAME_MAX } },
    });
  });
});

describe('settingsFormData', () => {
  it('sends every text trimmed, without a logo field when the logo is untouched', () => {
    const body = settingsFormData(filled({ store_name: '  متجر  ', email: ' info@subha.shop ' }));
    expect(Object.fromEntries(body.entries())).toEqual({
      store_name: 'متجر',
      store_name_en: '',
      store_description: 'سبح ومسابح',
      store_description_en: 'Prayer beads',
      email: 'info@subha.shop',
      address: 'الكويت',
      address_en: 'Kuwait City',
      phone_number: '+965 2222 3333',
      whatsapp_number: '',
      free_shipping_threshold: '',
      gift_wrap_fee: '',
    });
  });

  it('sends the free delivery amount in Latin digits, and empty to switch it off', () => {
    expect(settingsFormData(filled({ free_shipping_threshold: ' ٢٠٫٥ ' })).get('free_shipping_threshold')).toBe('20.5');
    expect(settingsFormData(filled({ free_shipping_threshold: '  ' })).get('free_shipping_threshold')).toBe('');
    expect(settingsFormData(filled({ gift_wrap_fee: ' ١٫٥ ' })).get('gift_wrap_fee')).toBe('1.5');
    expect(settingsFormData(filled({ gift_wrap_fee: '' })).get('gift_wrap_fee')).toBe('');
  });

  it('sends phone numbers in Latin digits', () => {
    const body = settingsFormData(filled({ phone_number: ' +٩٦٥ ٢٢٢٢-٣٣٣٣ ', whatsapp_number: '۹۹۹۹۸۸۸۸' }));
    expect(body.get('phone_number')).toBe('+965 2222-3333');
    expect(body.get('whatsapp_number')).toBe('99998888');
  });

  it('sends a newly chosen logo (and no removal)', () => {
    const body = settingsFormData(filled({ logo: { file: png(), removed: true } }));
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect(body.has('remove_logo')).toBe(false);
  });

  it('asks to remove the stored logo when it was removed without a replacement', () => {
    const body = settingsFormData(filled({ logo: { file: null, removed: true } }));
    expect(body.get('remove_logo')).toBe('1');
    expect(body.has('logo')).toBe(false);
  });
});

describe('agreement with the server contract (packages/shared/src/contracts/admin-settings.ts)', () => {
  it('sends a body the server reads as the form says', () => {
    const body = Object.fromEntries(settingsFormData(filled({ logo: { file: null, removed: true } })).entries());
    expect(contract.adminSettingsUpdateSchema.parse(body)).toEqual({
      store_name: 'متجر السبح',
      store_name_en: null,
      store_description: 'سبح ومسابح',
      store_description_en: 'Prayer beads',
      email: 'info@subha.shop',
      address: 'الكويت',
      address_en: 'Kuwait City',
      phone_number: '+965 2222 3333',
      whatsapp_number: null,
      free_shipping_threshold: null,
      gift_wrap_fee: null,
      remove_logo: true,
    });
    const withAmount = Object.fromEntries(settingsFormData(filled({ free_shipping_threshold: '١٥' })).entries());
    expect(contract.adminSettingsUpdateSchema.parse(withAmount).free_shipping_threshold).toBe(15_000);
    const withFee = Object.fromEntries(settingsFormData(filled({ gift_wrap_fee: '1.5' })).entries());
    expect(contract.adminSettingsUpdateSchema.parse(withFee).gift_wrap_fee).toBe(1_500);
  });
});
