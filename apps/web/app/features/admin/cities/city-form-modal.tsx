import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CITY_NAME_MAX, type City } from '@shop/shared';
import { useCurrencySymbol } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { BilingualField, CheckboxField, Field, SelectInput, TextInput } from '../ui/fields';
import { useLeaveForm } from '../ui/form-flow';
import { Modal, ModalFormFooter } from '../ui/modal';
import { FormErrorBox } from '../ui/states';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import { countriesQuery, governoratesQuery, useSaveCity } from './cities-api';
import {
  cityFields,
  cityFormFrom,
  cityFormProblems,
  emptyCityForm,
  isCityFormDirty,
  parseId,
  withFormCountry,
  type CityFilters,
  type CityForm,
} from './city-rules';
import { useFormRefusal } from '../../../lib/errors';

const fieldId = (field: string) => `city-${field}`;

/**
 * The city form in a modal: add when `city` is null, edit
 * otherwise. Name and country are required; the governorate is optional, disabled until a country
 * is chosen and cleared when the country changes; the fee starts at 5 for a new city. It closes on
 * success with a toast; after a refusal it stays open with the server's messages on their fields.
 */
export function CityFormModal({
  city,
  filters,
  onClose,
}: {
  city: City | null;
  /** The list's filters: a new city starts in the country and governorate shown. */
  filters: CityFilters;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const symbol = useCurrencySymbol();
  const toast = useToast();
  const [initial] = useState<CityForm>(() => (city ? cityFormFrom(city) : emptyCityForm(filters)));
  const form = useFieldForm<CityForm>(initial, { fields: cityFields, fieldId });
  const { formErrors, clearFormErrors, showRefusal } = useFormRefusal(form, t('admin-cities.toast.save_failed'));

  const countryId = parseId(form.values.country_id);
  const countries = useQuery(countriesQuery());
  const governorates = useQuery(governoratesQuery(countryId));

  const save = useSaveCity(city?.id ?? null);
  const dirty = isCityFormDirty(form.values, initial) && !save.isSuccess;
  useUnsavedChanges(dirty);

  const requestClose = useLeaveForm({
    dirty,
    saving: save.isPending,
    question: {
      title: t('admin-cities.confirm.discard_title'),
      message: t('admin-cities.confirm.discard_message'),
      confirmLabel: t('admin-cities.confirm.discard'),
      cancelLabel: t('admin-cities.confirm.keep_editing'),
    },
    leave: onClose,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    clearFormErrors();
    if (!form.validate(cityFormProblems(form.values), (key) => t(key))) return;
    save.mutate(form.values, {
      onSuccess: (saved) => {
        toast.success(t(city ? 'admin-cities.toast.updated' : 'admin-cities.toast.created', { name: saved.name }));
        onClose();
      },
      // A refusal that names fields shows the messages there (and the rest above the form).
      onError: showRefusal,
    });
  }

  const busy = save.isPending;
  const name = form.field('name');
  const nameEn = form.field('name_en');
  const country = form.field('country_id');
  const governorate = form.field('governorate_id');
  const fee = form.field('shipping_fee');
  const governorateHint = countryId === null ? t('admin-cities.form.governorate_needs_country') : t('admin-cities.form.governorate_hint');
  const feeHint = t('admin-cities.form.fee_hint');

  return (
    <Modal
      title={t(city ? 'admin-cities.form.edit_title' : 'admin-cities.form.create_title')}
      onClose={() => void requestClose()}
      footer={
        <ModalFormFooter
          formId="city-form"
          busy={busy}
          submitLabel={busy ? t('admin.common.saving') : t(city ? 'admin-cities.form.update_submit' : 'admin-cities.form.create_submit')}
          onCancel={() => void requestClose()}
        />
      }
    >
      <form id="city-form" noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormErrorBox messages={formErrors} />
        <BilingualField
          id={name.id}
          label={t('admin-cities.form.name')}
          required
          arabic={name.value}
          english={nameEn.value}
          onArabic={name.onChange}
          onEnglish={nameEn.onChange}
          errors={{ arabic: name.error, english: nameEn.error }}
          maxLength={CITY_NAME_MAX}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={country.id} label={t('admin-cities.form.country')} required error={country.error}>
            <SelectInput
              id={country.id}
              value={country.value}
              error={country.error}
              required
              onValue={(value) => form.changeWith('country_id', (current) => withFormCountry(current, value))}
            >
              <option value="">{t('admin-cities.form.choose_country')}</option>
              {(countries.data ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </SelectInput>
          </Field>
          <Field id={governorate.id} label={t('admin-cities.form.governorate')} optional hint={governorateHint} error={governorate.error}>
            <SelectInput
              id={governorate.id}
              value={governorate.value}
              error={governorate.error}
              hint={governorateHint}
              disabled={countryId === null}
              onValue={governorate.onChange}
            >
              <option value="">{t('admin-cities.form.no_governorate')}</option>
              {(governorates.data ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </SelectInput>
          </Field>
        </div>
        {countries.isError || governorates.isError ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {t('admin-cities.filter.load_error')}
          </p>
        ) : null}
        <Field id={fee.id} label={t('admin-cities.form.shipping_fee', { currency: symbol })} required hint={feeHint} error={fee.error}>
          <TextInput
            id={fee.id}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={fee.value}
            onValue={fee.onChange}
            error={fee.error}
            hint={feeHint}
            required
          />
        </Field>
        <CheckboxField
          id={fieldId('is_active')}
          label={t('admin-cities.form.is_active')}
          hint={t('admin-cities.form.is_active_hint')}
          checked={form.values.is_active}
          onChecked={(checked) => form.change('is_active', checked)}
        />
      </form>
    </Modal>
  );
}
