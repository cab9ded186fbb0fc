import type { SavedAddress } from '@shop/shared';
import type { CheckoutForm, CheckoutPrefill } from './checkout-rules';

/** Which address the checkout delivers to: a saved one (its id) or one typed here. */
export type AddressChoice = number | 'new';

type DeliveryFields = Pick<CheckoutForm, 'name' | 'phone' | 'shipping_address' | 'country_id' | 'governorate_id' | 'city_id'>;

/** The checkout's delivery fields filled from a saved address (the e-mail and the rest stay). */
export function withSavedAddress<T extends DeliveryFields>(form: T, saved: SavedAddress): T {
  return {
    ...form,
    name: saved.name,
    phone: saved.phone,
    shipping_address: saved.address,
    country_id: saved.country_id,
    governorate_id: saved.governorate_id,
    city_id: saved.city_id,
  };
}

/** "A new address": the area and the address emptied, the name and phone back to the account's. */
export function withNewAddress<T extends DeliveryFields>(form: T, prefill: Pick<CheckoutPrefill, 'name' | 'phone'>): T {
  return {
    ...form,
    name: prefill.name,
    phone: prefill.phone,
    shipping_address: '',
    country_id: null,
    governorate_id: null,
    city_id: null,
  };
}

/**
 * Whether the default address may fill the form when the addresses arrive: only while the
 * shopper has chosen no area and typed no address of their own (the account's prefilled one is
 * not theirs to lose), so nothing typed is ever replaced.
 */
export function mayPreselect(form: DeliveryFields, prefill: Pick<CheckoutPrefill, 'shipping_address'>): boolean {
  const typed = form.shipping_address.trim();
  return form.country_id === null && form.governorate_id === null && form.city_id === null && (typed === '' || typed === prefill.shipping_address);
}

/**
 * The address the form holds now: the saved one whose every delivery field it shows, else a new
 * one (so editing a chosen address makes it a new address, which may then be saved).
 */
export function chosenAddress(form: DeliveryFields, addresses: readonly SavedAddress[]): AddressChoice {
  const same = addresses.find(
    (saved) =>
      saved.name === form.name &&
      saved.phone === form.phone &&
      saved.address === form.shipping_address &&
      saved.country_id === form.country_id &&
      saved.governorate_id === form.governorate_id &&
      saved.city_id === form.city_id,
  );
  return same?.id ?? 'new';
}

/** The address to start with: the default (the list puts it first), or a new one when none is saved. */
export function initialChoice(addresses: readonly SavedAddress[]): AddressChoice {
  return addresses.find((address) => address.is_default)?.id ?? addresses[0]?.id ?? 'new';
}

/** What the order asks of the address book: save the typed address when the shopper ticked it. */
export function saveAddressField(choice: AddressChoice, save: boolean): { save_address?: true } {
  return choice === 'new' && save ? { save_address: true } : {};
}
