import type { Language, SavedAddress, SavedAddressBody } from '@shop/shared';
import type { MessageKey } from '../../i18n/i18n';
import { requiredFieldMessages } from '../checkout/checkout-rules';

/** What the profile's address form holds: the checkout's delivery fields and "make it the default". */
export interface AddressForm {
  name: string;
  phone: string;
  country_id: number | null;
  governorate_id: number | null;
  city_id: number | null;
  address: string;
  is_default: boolean;
}
export type AddressField = Exclude<keyof AddressForm, 'is_default'>;
/** The form's fields in their order on the screen (the focus goes to the first wrong one). */
export const addressFields: readonly AddressField[] = ['name', 'phone', 'country_id', 'governorate_id', 'city_id', 'address'];

/** A new address starts with the account's name and phone, which most customers deliver to. */
export function emptyAddressForm(prefill: { name?: string | null; phone?: string | null } = {}): AddressForm {
  return {
    name: prefill.name?.trim() ?? '',
    phone: prefill.phone?.trim() ?? '',
    country_id: null,
    governorate_id: null,
    city_id: null,
    address: '',
    is_default: false,
  };
}

/** A saved address in the form, to edit it. */
export function addressFormFrom(saved: SavedAddress): AddressForm {
  return {
    name: saved.name,
    phone: saved.phone,
    country_id: saved.country_id,
    governorate_id: saved.governorate_id,
    city_id: saved.city_id,
    address: saved.address,
    is_default: saved.is_default,
  };
}

/** The checkout's message for each required field left empty (the same rules, the same words). */
const requiredMessages: Record<AddressField, MessageKey> = {
  name: requiredFieldMessages.name,
  phone: requiredFieldMessages.phone,
  country_id: requiredFieldMessages.country_id,
  governorate_id: requiredFieldMessages.governorate_id,
  city_id: requiredFieldMessages.city_id,
  address: requiredFieldMessages.shipping_address,
};

/** The fields left empty, each with its message; empty when the form may be sent. */
export function missingAddressFields(form: AddressForm): Partial<Record<AddressField, MessageKey>> {
  const missing: Partial<Record<AddressField, MessageKey>> = {};
  for (const field of addressFields) {
    const value = form[field];
    if (typeof value === 'string' ? value.trim() === '' : value === null) missing[field] = requiredMessages[field];
  }
  return missing;
}

/** The request body of a filled form (missingAddressFields found nothing). */
export function addressPayload(form: AddressForm): SavedAddressBody {
  return {
    name: form.name.trim(),
    phone: form.phone.trim(),
    country_id: form.country_id ?? 0,
    governorate_id: form.governorate_id ?? 0,
    city_id: form.city_id ?? 0,
    address: form.address.trim(),
    ...(form.is_default ? { is_default: true } : {}),
  };
}

/** One line naming an address where it is offered or deleted: the text, then the area. */
export function addressSummary(
  saved: Pick<SavedAddress, 'address' | 'city_name' | 'governorate_name'>,
  lang: Language,
): string {
  return [saved.address, saved.city_name, saved.governorate_name].filter(Boolean).join(lang === 'ar' ? '، ' : ', ');
}
