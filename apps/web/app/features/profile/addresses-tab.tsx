import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SAVED_ADDRESSES_MAX, type SavedAddress, type User } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { AlertCircleIcon, CloseIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { useFieldForm } from '../../components/ui/use-field-form';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { useErrorText, useSessionFailure } from '../../lib/errors';
import { AreaSelects } from '../checkout/area-selects';
import { TextField } from '../checkout/checkout-fields';
import { useCities, useCountries, useGovernorates } from '../checkout/locations-api';
import { addressKeys, createAddress, deleteAddress, updateAddress, useSavedAddresses } from './addresses-api';
import {
  addressFields,
  addressFormFrom,
  addressPayload,
  addressSummary,
  emptyAddressForm,
  missingAddressFields,
  type AddressForm,
} from './address-rules';
import { EditFormFooter, ProfileCard, type FormAlert } from './profile-fields';

const fieldId = (field: keyof AddressForm) => `address-${field}`;

/** What the tab shows besides the list: nothing, the new-address form, or one address's form. */
type Editing = null | 'new' | SavedAddress;

/** The profile's Addresses tab: the saved addresses, add, edit, delete and make default. */
export function AddressesTab({ user }: { user: User }) {
  const { t, lang } = useI18n();
  const addresses = useSavedAddresses(user.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const list = addresses.data ?? [];
  const full = list.length >= SAVED_ADDRESSES_MAX;

  return (
    <ProfileCard
      title={t('addresses.title')}
      titleId="profile-addresses-title"
      actions={
        editing === null && addresses.isSuccess && !full ? (
          <Button variant="secondary" onClick={() => setEditing('new')} data-testid="address-add">
            {t('addresses.add')}
          </Button>
        ) : null
      }
    >
      {editing !== null && (
        <AddressEditor
          key={editing === 'new' ? 'new' : editing.id}
          user={user}
          saved={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {addresses.isPending ? (
        <Spinner label={t('addresses.loading')} />
      ) : addresses.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-red-800" role="alert">
          <AlertCircleIcon className="size-5" />
          <span>{t('addresses.load_failed')}</span>
          <Button variant="ghost" onClick={() => void addresses.refetch()}>
            {t('addresses.retry')}
          </Button>
        </div>
      ) : editing !== null ? null : list.length === 0 ? (
        <p className="text-stone-600">{t('addresses.empty')}</p>
      ) : (
        <>
          {full && <p className="mb-4 text-sm text-stone-700">{t('addresses.limit', { count: SAVED_ADDRESSES_MAX })}</p>}
          <ul className="flex flex-col gap-3" data-testid="saved-addresses">
            {list.map((address) => (
              <AddressCard
                key={address.id}
                userId={user.id}
                address={address}
                summary={addressSummary(address, lang)}
                onEdit={() => setEditing(address)}
                onDelete={() => setDeleting(address)}
              />
            ))}
          </ul>
        </>
      )}
      {deleting && (
        <DeleteAddressDialog
          userId={user.id}
          address={deleting}
          summary={addressSummary(deleting, lang)}
          onClose={() => setDeleting(null)}
        />
      )}
    </ProfileCard>
  );
}

function AddressCard({
  userId,
  address,
  summary,
  onEdit,
  onDelete,
}: {
  userId: number;
  address: SavedAddress;
  summary: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const failureText = useErrorText();
  const handleAuthError = useSessionFailure();
  const queryClient = useQueryClient();
  const makingDefault = useMutation({
    mutationFn: () => updateAddress(address.id, { is_default: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) });
      toast.success(t('addresses.default_set', { name: address.name }));
    },
    onError: (error) => {
      if (handleAuthError(error)) return;
      toast.error(failureText(error, t('addresses.save_failed')));
    },
  });
  return (
    <li
      className={`flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-start sm:justify-between ${address.is_default ? 'border-brand-600 bg-brand-50/40' : 'border-stone-200'}`}
      data-testid="saved-address"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
          <bdi>{address.name}</bdi>
          {address.is_default && (
            <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white" data-testid="address-default">
              {t('addresses.default_badge')}
            </span>
          )}
        </p>
        <p className="text-stone-700">
          <bdi>{summary}</bdi>
        </p>
        <p className="text-sm text-stone-600">
          <bdi dir="ltr">{address.phone}</bdi>
        </p>
        {address.city_id === null && <p className="text-sm font-semibold text-amber-800">{t('addresses.city_gone')}</p>}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {!address.is_default && (
          <Button variant="ghost" pending={makingDefault.isPending} onClick={() => makingDefault.mutate()}>
            {t('addresses.make_default')}
          </Button>
        )}
        <Button variant="secondary" onClick={onEdit} aria-label={t('addresses.edit_named', { name: address.name })}>
          {t('addresses.edit')}
        </Button>
        <Button variant="ghost" className="text-red-700" onClick={onDelete} aria-label={t('addresses.delete_named', { name: address.name })}>
          {t('addresses.delete')}
        </Button>
      </div>
    </li>
  );
}

/** Adds an address (`saved` null) or changes one; what was typed stays when the server refuses it. */
function AddressEditor({ user, saved, onDone }: { user: User; saved: SavedAddress | null; onDone: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const failureText = useErrorText();
  const handleAuthError = useSessionFailure();
  const queryClient = useQueryClient();
  const form = useFieldForm<AddressForm>(
    () => (saved ? addressFormFrom(saved) : emptyAddressForm({ name: user.name, phone: user.phone })),
    { fields: addressFields, fieldId },
  );
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const { values, errors } = form;
  const countries = useCountries();
  const governorates = useGovernorates(values.country_id);
  const cities = useCities(values.governorate_id);

  useEffect(() => {
    document.getElementById(fieldId('name'))?.focus();
  }, []);

  const saving = useMutation({
    mutationFn: (payload: ReturnType<typeof addressPayload>) =>
      saved ? updateAddress(saved.id, payload) : createAddress(payload),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressKeys.list(user.id) });
      toast.success(t(saved ? 'addresses.updated' : 'addresses.saved'));
      onDone();
    },
    onError: (error) => {
      if (handleAuthError(error)) return;
      const elsewhere = form.showServerErrors(error);
      if (elsewhere) {
        setAlert({ text: t('addresses.correct_errors'), extra: elsewhere });
        return;
      }
      // A full book (409) or any other refusal: the server's words, the form kept as typed.
      const text = failureText(error, t('addresses.save_failed'));
      setAlert({ text, extra: [] });
      if (!(error instanceof ApiError)) toast.error(text);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.isPending) return;
    if (!form.validate(missingAddressFields(values), (key) => t(key))) {
      setAlert({ text: t('addresses.correct_errors'), extra: [] });
      return;
    }
    setAlert(null);
    saving.mutate(addressPayload(values));
  }

  const title = t(saved ? 'addresses.form.title_edit' : 'addresses.form.title_new');
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={title}
      className="mb-6 flex flex-col gap-4 rounded-xl border border-stone-200 p-4"
      data-testid="address-form"
    >
      <h3 className="font-semibold text-stone-900">{title}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('name')} label={t('addresses.field.name')} autoComplete="name" required />
        <TextField
          {...form.field('phone')}
          label={t('checkout.field.phone')}
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="tel"
          required
        />
      </div>
      <AreaSelects
        value={values}
        errors={errors}
        fieldId={fieldId}
        countries={countries}
        governorates={governorates}
        cities={cities}
        changeWith={form.changeWith}
      />
      <TextField
        {...form.field('address')}
        label={t('checkout.field.shipping_address')}
        autoComplete="street-address"
        multiline
        required
      />
      {!saved?.is_default && (
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            checked={values.is_default}
            onChange={(event) => form.change('is_default', event.target.checked)}
            className="size-5 accent-brand-700"
          />
          <span>{t('addresses.field.default')}</span>
        </label>
      )}
      <EditFormFooter
        alert={alert}
        saving={saving.isPending}
        saveLabel={t('addresses.save')}
        savingLabel={t('addresses.saving')}
        onCancel={onDone}
      />
    </form>
  );
}

/**
 * Confirms deleting an address, naming it (a native modal dialog: focus stays inside, Escape
 * closes it); a toast confirms.
 */
function DeleteAddressDialog({
  userId,
  address,
  summary,
  onClose,
}: {
  userId: number;
  address: SavedAddress;
  summary: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const failureText = useErrorText();
  const handleAuthError = useSessionFailure();
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const deleting = useMutation({
    mutationFn: () => deleteAddress(address.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) });
      toast.success(t('addresses.deleted'));
      onClose();
    },
    onError: (error) => {
      if (handleAuthError(error)) return;
      toast.error(failureText(error, t('addresses.delete_failed')));
    },
  });

  return (
    <dialog
      ref={dialog}
      aria-labelledby="address-delete-title"
      aria-describedby="address-delete-text"
      onCancel={(event) => {
        event.preventDefault();
        if (!deleting.isPending) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id="address-delete-title" className="text-xl font-semibold text-red-800">
            {t('addresses.delete_title')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={deleting.isPending}
            aria-label={t('addresses.cancel')}
            className="-m-1 flex size-11 items-center justify-center rounded text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <p id="address-delete-text" className="text-stone-700">
          <bdi className="font-semibold">{address.name}</bdi>
          {' — '}
          {t('addresses.delete_text', { address: summary })}
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={deleting.isPending} autoFocus>
            {t('addresses.cancel')}
          </Button>
          <Button variant="danger" pending={deleting.isPending} onClick={() => deleting.mutate()}>
            {deleting.isPending ? t('addresses.deleting') : t('addresses.delete_confirm')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
