import { useI18n } from '../../i18n/i18n';
import { SelectField } from './checkout-fields';
import { chooseCity, chooseCountry, chooseGovernorate, type LocationChoice } from './checkout-rules';

type AreaField = keyof LocationChoice;

/** One of the location lists as its query holds it (useCountries, useGovernorates, useCities). */
interface AreaList {
  data: readonly { id: number; name_ar: string; name_en: string }[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * A delivery address's country, governorate and city, each list waiting for the one before it
 * (the checkout's and the address book's). A new country or governorate clears what depends on it.
 */
export function AreaSelects<Form extends LocationChoice>({
  value,
  errors,
  fieldId,
  countries,
  governorates,
  cities,
  changeWith,
}: {
  value: LocationChoice;
  errors: Partial<Record<AreaField, string | undefined>>;
  fieldId: (field: AreaField) => string;
  countries: AreaList;
  governorates: AreaList;
  cities: AreaList;
  changeWith: (field: AreaField, next: (current: Form) => Form) => void;
}) {
  const { t, lang } = useI18n();
  // Names in the page's language: the lists are fetched once and shared by both languages.
  const named = (list: AreaList) =>
    (list.data ?? []).map((item) => ({ id: item.id, name: lang === 'ar' ? item.name_ar : item.name_en }));
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SelectField
        id={fieldId('country_id')}
        label={t('checkout.field.country')}
        value={value.country_id}
        options={named(countries)}
        placeholder={t('checkout.select.country')}
        disabled={false}
        loading={countries.isPending}
        failed={countries.isError}
        error={errors.country_id}
        onChange={(id) => changeWith('country_id', (current) => chooseCountry(current, id))}
      />
      <SelectField
        id={fieldId('governorate_id')}
        label={t('checkout.field.governorate')}
        value={value.governorate_id}
        options={named(governorates)}
        placeholder={t('checkout.select.governorate')}
        disabled={value.country_id === null}
        loading={value.country_id !== null && governorates.isPending}
        failed={governorates.isError}
        error={errors.governorate_id}
        onChange={(id) => changeWith('governorate_id', (current) => chooseGovernorate(current, id))}
      />
      <SelectField
        id={fieldId('city_id')}
        label={t('checkout.field.city')}
        value={value.city_id}
        options={named(cities)}
        placeholder={t('checkout.select.city')}
        disabled={value.governorate_id === null}
        loading={value.governorate_id !== null && cities.isPending}
        failed={cities.isError}
        error={errors.city_id}
        onChange={(id) => changeWith('city_id', (current) => chooseCity(current, id))}
      />
    </div>
  );
}
