import type { z } from 'zod';
import {
  deliveryFee,
  giftMessageProblem,
  giftWrapCharge,
  orderTotal,
  paymentMethods,
  type createOrderBodySchema,
  type PaymentMethod,
  type Thousandths,
  type User,
} from '@shop/shared';
import type { MessageKey } from '../../i18n/i18n';

/** What the shopper types and picks on the checkout page. */
export interface CheckoutForm {
  name: string;
  email: string;
  phone: string;
  shipping_address: string;
  notes: string;
  country_id: number | null;
  governorate_id: number | null;
  city_id: number | null;
  payment_method: PaymentMethod;
  /** The gift's card as typed; empty: none. */
  gift_message: string;
  /** Gift wrapping asked for (charged at the store's fee). */
  gift_wrap: boolean;
}

export type LocationChoice = Pick<CheckoutForm, 'country_id' | 'governorate_id' | 'city_id'>;

/**
 * The form a checkout starts from. `prefill` is where a signed-in shopper's name, email, phone
 * and address go once accounts exist; guests start empty.
 */
export function emptyCheckoutForm(prefill: Partial<Pick<CheckoutForm, 'name' | 'email' | 'phone' | 'shipping_address'>> = {}): CheckoutForm {
  return {
    name: prefill.name ?? '',
    email: prefill.email ?? '',
    phone: prefill.phone ?? '',
    shipping_address: prefill.shipping_address ?? '',
    notes: '',
    country_id: null,
    governorate_id: null,
    city_id: null,
    payment_method: 'cash_on_delivery',
    gift_message: '',
    gift_wrap: false,
  };
}

export type CheckoutPrefill = Pick<CheckoutForm, 'name' | 'email' | 'phone' | 'shipping_address'>;
const prefillFields: readonly (keyof CheckoutPrefill)[] = ['name', 'email', 'phone', 'shipping_address'];

/** What a signed-in shopper's account gives the checkout: name (or first + last), email, phone, address. */
export function checkoutPrefill(
  user: Pick<User, 'name' | 'first_name' | 'last_name' | 'email' | 'phone' | 'address'>,
): CheckoutPrefill {
  const fullName = [user.first_name, user.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return {
    name: user.name.trim() || fullName,
    email: user.email.trim(),
    phone: user.phone?.trim() ?? '',
    shipping_address: user.address?.trim() ?? '',
  };
}

/**
 * Fills the contact and address fields the shopper has left empty (prefilled
 * when authenticated); what the shopper typed is never replaced. The same form comes back when
 * nothing changes.
 */
export function fillEmptyFields<T extends CheckoutPrefill>(form: T, prefill: CheckoutPrefill): T {
  let filled = form;
  for (const field of prefillFields) {
    if (form[field].trim() === '' && prefill[field] !== '') filled = { ...filled, [field]: prefill[field] };
  }
  return filled;
}

/** A new country makes the chosen governorate and city meaningless. */
export function chooseCountry<T extends LocationChoice>(form: T, countryId: number | null): T {
  if (form.country_id === countryId) return form;
  return { ...form, country_id: countryId, governorate_id: null, city_id: null };
}

/** A new governorate makes the chosen city meaningless. */
export function chooseGovernorate<T extends LocationChoice>(form: T, governorateId: number | null): T {
  if (form.governorate_id === governorateId) return form;
  return { ...form, governorate_id: governorateId, city_id: null };
}

export function chooseCity<T extends LocationChoice>(form: T, cityId: number | null): T {
  return form.city_id === cityId ? form : { ...form, city_id: cityId };
}

export const requiredFields = [
  'name',
  'email',
  'phone',
  'shipping_address',
  'country_id',
  'governorate_id',
  'city_id',
] as const;
export type RequiredField = (typeof requiredFields)[number];

/** The message of each required checkout field left empty. */
export const requiredFieldMessages: Record<RequiredField, MessageKey> = {
  name: 'checkout.required.name',
  email: 'checkout.required.email',
  phone: 'checkout.required.phone',
  shipping_address: 'checkout.required.shipping_address',
  country_id: 'checkout.required.country',
  governorate_id: 'checkout.required.governorate',
  city_id: 'checkout.required.city',
};

/** The required fields left empty, each with its message; empty when the form may be sent. */
export function missingRequiredFields(form: CheckoutForm): Partial<Record<RequiredField, MessageKey>> {
  const missing: Partial<Record<RequiredField, MessageKey>> = {};
  for (const field of requiredFields) {
    const value = form[field];
    const empty = typeof value === 'string' ? value.trim() === '' : value === null;
    if (empty) missing[field] = requiredFieldMessages[field];
  }
  return missing;
}

export interface CheckoutTotals {
  subtotal: Thousandths;
  discount: Thousandths;
  /** null until a city is chosen. */
  shipping: Thousandths | null;
  /** The gift wrapping's fee (0 unless asked for and offered). */
  giftWrap: Thousandths;
  total: Thousandths;
}

/** What is wrong with the gift message as typed (the shared rule), as the checkout says it; null when nothing. */
export function giftMessageError(message: string): MessageKey | null {
  const problem = giftMessageProblem(message);
  if (problem === 'too_long') return 'checkout.gift.message_too_long';
  if (problem === 'control_characters') return 'checkout.gift.message_invalid';
  return null;
}

/**
 * Order total (shared `orderTotal`): subtotal − discount + the chosen city's delivery fee (nothing
 * once the goods reach the store's free-delivery amount, shared `deliveryFee`), 0 until a city is
 * chosen, + the gift wrapping's fee when asked for and offered (shared `giftWrapCharge`).
 */
export function checkoutTotals(
  subtotal: Thousandths,
  discount: Thousandths,
  cityFee: Thousandths | null,
  freeDeliveryThreshold: Thousandths | null = null,
  giftWrap: { wanted: boolean; fee: Thousandths | null } = { wanted: false, fee: null },
): CheckoutTotals {
  const applied = Math.min(Math.max(discount, 0), subtotal);
  const shipping = cityFee === null ? null : deliveryFee(cityFee, subtotal - applied, freeDeliveryThreshold);
  const wrap = giftWrapCharge(giftWrap.wanted, giftWrap.fee);
  return {
    subtotal,
    discount: applied,
    shipping,
    giftWrap: wrap,
    total: orderTotal({ subtotal, discount: applied, shipping: shipping ?? 0, giftWrap: wrap }),
  };
}

export type CreateOrderInput = z.input<typeof createOrderBodySchema>;

/**
 * The order payload. Without items the server orders the cart it holds, and it prices everything
 * itself, so no total is sent (the API still accepts a total_amount from other clients and ignores it).
 */
export function orderPayload(
  form: CheckoutForm,
  extra: { promoCode: string | null; cityName: string | null; userId: number | null },
): CreateOrderInput {
  const notes = form.notes.trim();
  const giftMessage = form.gift_message.trim();
  return {
    user_id: extra.userId,
    name: form.name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    shipping_address: form.shipping_address.trim(),
    country_id: form.country_id ?? undefined,
    governorate_id: form.governorate_id ?? undefined,
    city_id: form.city_id ?? undefined,
    city: extra.cityName ?? 'Unknown City',
    payment_method: form.payment_method,
    ...(extra.promoCode ? { promo_code: extra.promoCode } : {}),
    ...(notes ? { notes } : {}),
    ...(giftMessage ? { gift_message: giftMessage } : {}),
    ...(form.gift_wrap ? { gift_wrap: true } : {}),
  };
}

/** A random key for one checkout attempt, so a repeated click makes one order (hex, 128 bits). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The payment methods the checkout shows, in the shop's order: those the public settings list
 * (card only when the server has UPayments configured). Cash on delivery stays when the list is
 * empty or unknown, so the checkout can always place an order.
 */
export function offeredPaymentMethods(fromSettings: readonly PaymentMethod[] | undefined): PaymentMethod[] {
  const offered = paymentMethods.filter((method) => fromSettings?.includes(method));
  return offered.length > 0 ? offered : ['cash_on_delivery'];
}

/**
 * The checkout's notice above the place-order button: `required` when the pre-check found empty
 * required fields, `fields` when the server put messages on fields (with any that belong to no
 * field in `extra`), `general` for any other failure.
 */
export interface CheckoutNotice {
  kind: 'required' | 'fields' | 'general';
  text: string;
  extra: string[];
  /** The refusal is one of the order's limits: the shop's WhatsApp and phone are offered with it. */
  contact?: boolean;
}

/**
 * Whether the server refused the order for one of its limits, which the shop can lift by placing
 * the order itself (docs/decisions/038): too many orders (429), or a refusal of the lines (how many
 * pieces) or of cash on delivery for the total.
 */
export function isOrderLimitRefusal(error: { code: string; details: ReadonlyArray<{ field: string }> }): boolean {
  if (error.code === 'RATE_LIMITED') return true;
  if (error.code !== 'VALIDATION_ERROR') return false;
  return error.details.some(({ field }) => field === 'items' || /^items\.\d+\.quantity$/.test(field) || field === 'payment_method');
}

/**
 * The notice as it should show now. A notice about fields stays only while it is still true: the
 * "fill in all required fields" notice goes once no required field is empty or every highlighted
 * field has been edited; a server notice about fields goes when its fields' messages are gone,
 * unless it also carries messages of its own. Other failures stay until the next attempt.
 */
export function shownCheckoutNotice(
  notice: CheckoutNotice | null,
  state: { missing: Partial<Record<RequiredField, unknown>>; fieldErrors: Partial<Record<string, string>> },
): CheckoutNotice | null {
  if (!notice) return null;
  const highlighted = Object.values(state.fieldErrors).some(Boolean);
  if (notice.kind === 'required') return highlighted && Object.keys(state.missing).length > 0 ? notice : null;
  if (notice.kind === 'fields') return highlighted || notice.extra.length > 0 ? notice : null;
  return notice;
}
