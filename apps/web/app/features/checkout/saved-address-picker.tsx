import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SAVED_ADDRESSES_MAX, type SavedAddress, type User } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { useLocalizedPath } from '../../lib/localized-path';
import { addressSummary } from '../profile/address-rules';
import { useSavedAddresses } from '../profile/addresses-api';
import { checkoutPrefill, type CheckoutForm } from './checkout-rules';
import {
  chosenAddress,
  initialChoice,
  mayPreselect,
  saveAddressField,
  withNewAddress,
  withSavedAddress,
  type AddressChoice,
} from './saved-address-rules';

/**
 * A signed-in customer's saved addresses at checkout (issue 33, item 7): the default fills the
 * form when the addresses arrive (in the browser, after load), another can be chosen, and "a new
 * address" empties the delivery fields and offers to save what is typed with the order. A guest
 * gets nothing of it (no request is made).
 */
export function useAddressBook(
  user: User | null,
  form: CheckoutForm,
  apply: (next: (current: CheckoutForm) => CheckoutForm) => void,
) {
  const addresses = useSavedAddresses(user?.id ?? null);
  const list = user && addresses.isSuccess ? addresses.data : [];
  const [save, setSave] = useState(false);
  const prefill = useMemo(() => (user ? checkoutPrefill(user) : null), [user]);
  const preselected = useRef(false);
  const choice = chosenAddress(form, list);

  useEffect(() => {
    // Once, when the addresses arrive: the default fills a form the shopper has not started.
    if (preselected.current || !addresses.isSuccess || !prefill) return;
    preselected.current = true;
    const first = initialChoice(addresses.data);
    const saved = addresses.data.find((address) => address.id === first);
    if (saved && mayPreselect(form, prefill)) apply((current) => withSavedAddress(current, saved));
  }, [addresses.isSuccess, addresses.data, prefill, apply, form]);

  function choose(next: AddressChoice) {
    if (next === choice || !prefill) return;
    const saved = list.find((address) => address.id === next);
    apply((current) => (saved ? withSavedAddress(current, saved) : withNewAddress(current, prefill)));
  }

  return {
    signedIn: user !== null,
    addresses: list,
    choice,
    choose,
    save,
    setSave,
    /** Whether "save this address" is offered: a signed-in customer typing a new address, with room left. */
    canSave: user !== null && addresses.isSuccess && choice === 'new' && list.length < SAVED_ADDRESSES_MAX,
    full: list.length >= SAVED_ADDRESSES_MAX,
    /** The order payload's part: `save_address: true` when asked. */
    orderFields: () => (user !== null && addresses.isSuccess && list.length < SAVED_ADDRESSES_MAX ? saveAddressField(choice, save) : {}),
  };
}

export type AddressBookState = ReturnType<typeof useAddressBook>;

/** The saved addresses as choices (radio buttons), and "a new address"; nothing without any. */
export function SavedAddressPicker({ book }: { book: AddressBookState }) {
  const { t, lang } = useI18n();
  const localized = useLocalizedPath();
  if (book.addresses.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="checkout-saved-addresses">
      <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm font-semibold text-stone-800">
        <span>{t('addresses.checkout.title')}</span>
        <Link to={localized('/profile?tab=addresses')} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          {t('addresses.checkout.manage')}
        </Link>
      </legend>
      {book.addresses.map((address) => (
        <AddressOption key={address.id} address={address} summary={addressSummary(address, lang)} book={book} />
      ))}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50">
        <input
          type="radio"
          name="saved_address"
          value="new"
          checked={book.choice === 'new'}
          onChange={() => book.choose('new')}
          className="size-4 accent-brand-700"
        />
        <span className="font-semibold text-stone-900">{t('addresses.checkout.new')}</span>
      </label>
    </fieldset>
  );
}

function AddressOption({ address, summary, book }: { address: SavedAddress; summary: string; book: AddressBookState }) {
  const { t } = useI18n();
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50">
      <input
        type="radio"
        name="saved_address"
        value={address.id}
        checked={book.choice === address.id}
        onChange={() => book.choose(address.id)}
        className="mt-1 size-4 accent-brand-700"
      />
      <span className="flex min-w-0 flex-col">
        <span className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
          <bdi>{address.name}</bdi>
          {address.is_default && (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('addresses.default_badge')}</span>
          )}
        </span>
        <span className="text-sm text-stone-700">
          <bdi>{summary}</bdi>
        </span>
      </span>
    </label>
  );
}

/** "Save this address to my account", under a new address; a full book says so instead. */
export function SaveAddressCheckbox({ book }: { book: AddressBookState }) {
  const { t } = useI18n();
  if (!book.signedIn || book.choice !== 'new') return null;
  if (book.full) return <p className="text-sm text-stone-600">{t('addresses.checkout.full', { count: SAVED_ADDRESSES_MAX })}</p>;
  if (!book.canSave) return null;
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        name="save_address"
        checked={book.save}
        onChange={(event) => book.setSave(event.target.checked)}
        className="size-5 accent-brand-700"
      />
      <span>{t('addresses.checkout.save')}</span>
    </label>
  );
}
