import { useId, useState } from 'react';
import { CARRIER_MAX_LENGTH, KUWAIT_CARRIERS, TRACKING_NUMBER_MAX_LENGTH, TRACKING_URL_MAX_LENGTH, carrierTrackingUrl, type Shipment } from '@shop/shared';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { Field, TextInput } from '../ui/fields';
import type { ShipmentFields as ShipmentValues } from './orders-api';

/**
 * The carrier, tracking number and tracking link of a change to shipped. The link follows the
 * carrier's own pattern (when it has one) until staff type a link of their own.
 */
export function useShipmentForm(initial: Shipment | null) {
  const [values, setValues] = useState<ShipmentValues>({
    carrier: initial?.carrier ?? '',
    tracking_number: initial?.tracking_number ?? '',
    tracking_url: initial?.tracking_url ?? '',
  });
  // A link already stored or typed by hand is kept; an empty one is filled from the carrier's pattern.
  const [ownUrl, setOwnUrl] = useState(Boolean(initial?.tracking_url));

  function set(field: keyof ShipmentValues, value: string) {
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field !== 'tracking_url' && !ownUrl) next.tracking_url = carrierTrackingUrl(next.carrier, next.tracking_number) ?? '';
      return next;
    });
    if (field === 'tracking_url') setOwnUrl(value.trim() !== '');
  }

  const trimmed: ShipmentValues = {
    carrier: values.carrier.trim(),
    tracking_number: values.tracking_number.trim(),
    tracking_url: values.tracking_url.trim(),
  };
  return { values, trimmed, set };
}

export type ShipmentForm = ReturnType<typeof useShipmentForm>;

/** The server's word on one field of a refused write (a 400's details), if it named that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.details.find((detail) => detail.field === field)?.message : undefined;
}

/** The three shipment fields; carriers the shop knows are suggested, any other name may be typed. */
export function ShipmentFieldset({ form, idPrefix, error }: { form: ShipmentForm; idPrefix: string; error?: unknown }) {
  const { t } = useI18n();
  const listId = useId();
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3">
      <legend className="px-1 text-sm font-semibold text-stone-800">{t('admin-orders.shipment.legend')}</legend>
      <Field id={`${idPrefix}-carrier`} label={t('admin-orders.shipment.carrier')} optional error={fieldError(error, 'carrier')}>
        <TextInput
          id={`${idPrefix}-carrier`}
          value={form.values.carrier}
          onValue={(value) => form.set('carrier', value)}
          list={listId}
          maxLength={CARRIER_MAX_LENGTH}
          autoComplete="off"
          error={fieldError(error, 'carrier')}
        />
        <datalist id={listId}>
          {KUWAIT_CARRIERS.map((carrier) => (
            <option key={carrier.id} value={carrier.name} />
          ))}
        </datalist>
      </Field>
      <Field id={`${idPrefix}-tracking-number`} label={t('admin-orders.shipment.tracking_number')} optional error={fieldError(error, 'tracking_number')}>
        <TextInput
          id={`${idPrefix}-tracking-number`}
          value={form.values.tracking_number}
          onValue={(value) => form.set('tracking_number', value)}
          maxLength={TRACKING_NUMBER_MAX_LENGTH}
          dir="ltr"
          autoComplete="off"
          error={fieldError(error, 'tracking_number')}
        />
      </Field>
      <Field
        id={`${idPrefix}-tracking-url`}
        label={t('admin-orders.shipment.tracking_url')}
        optional
        hint={t('admin-orders.shipment.tracking_url_hint')}
        error={fieldError(error, 'tracking_url')}
      >
        <TextInput
          id={`${idPrefix}-tracking-url`}
          type="url"
          inputMode="url"
          value={form.values.tracking_url}
          onValue={(value) => form.set('tracking_url', value)}
          maxLength={TRACKING_URL_MAX_LENGTH}
          dir="ltr"
          placeholder="https://"
          hint={t('admin-orders.shipment.tracking_url_hint')}
          error={fieldError(error, 'tracking_url')}
        />
      </Field>
    </fieldset>
  );
}

/** The shipment once set: carrier, tracking number and the tracking page. */
export function ShipmentSummary({ shipment }: { shipment: Shipment }) {
  const { t } = useI18n();
  return (
    <dl className="grid gap-1 text-sm">
      {shipment.carrier ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">{t('admin-orders.shipment.carrier')}:</dt>
          <dd className="font-semibold text-stone-900" dir="auto">
            {shipment.carrier}
          </dd>
        </div>
      ) : null}
      {shipment.tracking_number ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">{t('admin-orders.shipment.tracking_number')}:</dt>
          <dd className="font-semibold text-stone-900">
            <bdi dir="ltr">{shipment.tracking_number}</bdi>
          </dd>
        </div>
      ) : null}
      {shipment.tracking_url ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">{t('admin-orders.shipment.tracking_url')}:</dt>
          <dd className="min-w-0">
            <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer" className="break-all text-brand-800 underline-offset-2 hover:underline">
              {t('admin-orders.shipment.open_tracking')}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
