import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { City } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useMoneyFormat } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { MapPinIcon, PlusIcon } from '../ui/admin-icons';
import { useConfirm } from '../ui/confirm-dialog';
import { Field, SelectInput } from '../ui/fields';
import { Badge, EnglishNameLine, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { RowDeleteButton, RowEditButton, useDeleteFailure } from '../ui/row-actions';
import { useUrlState } from '../ui/url-state';
import { BulkFeeModal } from './bulk-fee-modal';
import { adminCitiesQuery, countriesQuery, governoratesQuery, useDeleteCity, useRefreshCities } from './cities-api';
import { CityFormModal } from './city-form-modal';
import { formatFee, parseId, selectedShown, toggleAllShown, toggleSelected, withFilterCountry } from './city-rules';
import { useSessionFailureOf } from '../../../lib/errors';

/** The filters kept in the URL: `?tab=cities&country=1&governorate=3`. */
const URL_DEFAULTS = { country: '', governorate: '' } as const;

/** Which modal is open. */
type Open = { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; city: City } | { kind: 'bulk' };

/**
 * The cities tab: every city with its governorate,
 * country and shipping fee, filtered by country and governorate (in the URL); add and edit in a
 * modal, delete after a confirmation; rows selected by checkbox open the bulk fee edit.
 */
export default function CitiesTab() {
  const { t } = useI18n();
  const money = useMoneyFormat();
  const toast = useToast();
  const confirm = useConfirm();
  const [filters, setFilters] = useUrlState(URL_DEFAULTS);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [open, setOpen] = useState<Open>({ kind: 'none' });

  const countryId = parseId(filters.country);
  const countries = useQuery(countriesQuery());
  const governorates = useQuery(governoratesQuery(countryId));
  const cities = useQuery(adminCitiesQuery(filters));
  useSessionFailureOf(cities.error);

  const rows = useMemo(() => cities.data ?? [], [cities.data]);
  const chosen = useMemo(() => selectedShown(rows, selected), [rows, selected]);
  const filtered = countryId !== null;

  const deleteFailed = useDeleteFailure(t('admin-cities.toast.delete_failed'), useRefreshCities());
  const remove = useDeleteCity({
    onSuccess: (_result, city) => {
      toast.success(t('admin-cities.toast.deleted', { name: city.name }));
      setSelected((current) => {
        const next = new Set(current);
        next.delete(city.id);
        return next;
      });
    },
    onError: deleteFailed,
  });

  async function askDelete(city: City) {
    const yes = await confirm({
      title: t('admin-cities.confirm.delete_title'),
      message: (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-stone-900">{t('admin-cities.confirm.delete_lead', { name: city.name })}</p>
          <p>{t('admin-cities.confirm.delete_orders')}</p>
        </div>
      ),
      confirmLabel: t('admin-cities.confirm.delete'),
    });
    if (yes) remove.mutate(city);
  }

  const columns: Column<City>[] = [
    {
      id: 'name',
      header: t('admin-cities.col.name'),
      primary: true,
      cell: (city) => (
        <div className="min-w-0">
          <p className="font-semibold break-words text-stone-900">
            <bdi>{city.name_ar}</bdi>
          </p>
          <EnglishNameLine name={city.name_en} />
          {city.is_active ? null : (
            <span className="mt-1 inline-block">
              <Badge tone="grey">{t('admin-cities.not_offered')}</Badge>
            </span>
          )}
        </div>
      ),
    },
    {
      id: 'governorate',
      header: t('admin-cities.col.governorate'),
      cell: (city) =>
        city.governorate_name ? (
          <span dir="auto">{city.governorate_name}</span>
        ) : (
          <span className="text-stone-400">{t('admin-cities.no_governorate')}</span>
        ),
    },
    {
      id: 'country',
      header: t('admin-cities.col.country'),
      fold: 'labelled',
      cell: (city) => <span dir="auto">{city.country_name}</span>,
    },
    {
      id: 'shipping_fee',
      header: t('admin-cities.col.shipping_fee'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (city) => <bdi>{formatFee(city.shipping_fee, money)}</bdi>,
    },
  ];

  const addButton = (
    <Button onClick={() => setOpen({ kind: 'create' })}>
      <PlusIcon className="size-4" />
      {t('admin-cities.add')}
    </Button>
  );

  const filterBar = (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <Field id="cities-country" label={t('admin-cities.filter.country')}>
        <SelectInput
          id="cities-country"
          value={countryId === null ? '' : String(countryId)}
          onValue={(value) => setFilters(withFilterCountry(value))}
        >
          <option value="">{t('admin-cities.filter.all_countries')}</option>
          {(countries.data ?? []).map((country) => (
            <option key={country.id} value={country.id}>
              {country.name}
            </option>
          ))}
        </SelectInput>
      </Field>
      <Field
        id="cities-governorate"
        label={t('admin-cities.filter.governorate')}
        hint={countryId === null ? t('admin-cities.filter.governorate_needs_country') : undefined}
      >
        <SelectInput
          id="cities-governorate"
          value={countryId === null ? '' : filters.governorate}
          onValue={(value) => setFilters({ governorate: value })}
          disabled={countryId === null}
          hint={countryId === null ? t('admin-cities.filter.governorate_needs_country') : undefined}
        >
          <option value="">{t('admin-cities.filter.all_governorates')}</option>
          {(governorates.data ?? []).map((governorate) => (
            <option key={governorate.id} value={governorate.id}>
              {governorate.name}
            </option>
          ))}
        </SelectInput>
      </Field>
      {countries.isError || governorates.isError ? (
        <p role="alert" className="text-sm font-semibold text-red-700 sm:col-span-2">
          {t('admin-cities.filter.load_error')}{' '}
          <button
            type="button"
            className="underline underline-offset-2"
            onClick={() => void (countries.isError ? countries.refetch() : governorates.refetch())}
          >
            {t('admin.common.retry')}
          </button>
        </p>
      ) : null}
    </div>
  );

  const bulkBar = (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3">
      <p className="text-sm text-stone-700" aria-live="polite">
        {t('admin-cities.shown_count', { count: rows.length })}
        {chosen.length > 0 ? ` · ${t('admin-cities.selected_count', { count: chosen.length })}` : ''}
      </p>
      <Button variant="secondary" disabled={chosen.length === 0} onClick={() => setOpen({ kind: 'bulk' })}>
        {t('admin-cities.bulk.open')}
      </Button>
    </div>
  );

  let body;
  if (cities.data === undefined) {
    body = cities.isError ? (
      <ErrorPanel title={t('admin-cities.load_error')} error={cities.error} onRetry={() => void cities.refetch()} />
    ) : (
      <LoadingPanel />
    );
  } else if (rows.length === 0) {
    body = filtered ? (
      <EmptyPanel
        icon={<MapPinIcon className="size-8" />}
        title={t('admin-cities.no_match_title')}
        text={t('admin-cities.no_match_text')}
        action={
          <Button variant="secondary" onClick={() => setFilters(withFilterCountry(''))}>
            {t('admin-cities.clear_filters')}
          </Button>
        }
      />
    ) : (
      <EmptyPanel icon={<MapPinIcon className="size-8" />} title={t('admin-cities.empty_title')} text={t('admin-cities.empty_text')} action={addButton} />
    );
  } else {
    body = (
      <>
        {bulkBar}
        <ResourceList
          label={t('admin-cities.list_label')}
          columns={columns}
          rows={rows}
          rowKey={(city) => city.id}
          selection={{
            selected,
            onToggle: (city) => setSelected((current) => toggleSelected(current, city.id)),
            onToggleAll: () => setSelected((current) => toggleAllShown(current, rows.map((city) => city.id))),
            rowLabel: (city) => t('admin-cities.select_row', { name: city.name }),
            allLabel: t('admin-cities.select_all'),
          }}
          actions={(city) => {
            const deleting = remove.isPending && remove.variables.id === city.id;
            return (
              <>
                <RowEditButton
                  label={t('admin-cities.edit_label', { name: city.name })}
                  deleting={deleting}
                  onEdit={() => setOpen({ kind: 'edit', city })}
                />
                <RowDeleteButton
                  label={t('admin-cities.delete_label', { name: city.name })}
                  deleting={deleting}
                  onDelete={() => void askDelete(city)}
                />
              </>
            );
          }}
        />
      </>
    );
  }

  return (
    <section>
      <AdminPageHeader title={t('admin-cities.title')} description={t('admin-cities.description')} actions={addButton} />
      {filterBar}
      {body}
      {open.kind === 'create' || open.kind === 'edit' ? (
        <CityFormModal
          city={open.kind === 'edit' ? open.city : null}
          filters={filters}
          onClose={() => setOpen({ kind: 'none' })}
        />
      ) : null}
      {open.kind === 'bulk' ? (
        <BulkFeeModal
          cities={chosen}
          onClose={(remaining) => {
            // What was updated leaves the selection; what failed stays selected for another try.
            if (remaining) setSelected(new Set(remaining));
            setOpen({ kind: 'none' });
          }}
        />
      ) : null}
    </section>
  );
}
