import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { formatSignedPrice } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useMoneyFormat } from '../../../components/ui/price';
import { problemMessages, withoutError, type FieldErrors } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { attributeOptionsQuery } from '../attributes/attributes-api';
import { PlusIcon, TrashIcon } from '../ui/admin-icons';
import { Field, SelectInput, TextInput } from '../ui/fields';
import {
  amountText,
  emptyVariationDraft,
  parseAmount,
  variationDraftProblems,
  withVariationRow,
  type VariationDraft,
  type VariationDraftField,
  type VariationRow,
} from './product-form-rules';
import { useSessionFailureOf } from '../../../lib/errors';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';

const draftFields: readonly VariationDraftField[] = ['attribute_id', 'variation_id', 'price'];

/**
 * The product's variation prices: pick an attribute, then one of
 * its values, then the extra price (starting at the value's default surcharge); "add" needs all
 * three. Listed rows show the price with the store's currency symbol and can be removed.
 */
export function VariationPricesField({
  id,
  rows,
  onRows,
  error,
  disabled,
}: {
  /** The attribute select's id (the focus target of a server error about the list). */
  id: string;
  rows: readonly VariationRow[];
  onRows: (rows: VariationRow[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const money = useMoneyFormat();
  const symbol = money.symbol;
  const errorText = useStaffErrorText();
  const [draft, setDraft] = useState<VariationDraft>(emptyVariationDraft);
  const [errors, setErrors] = useState<FieldErrors<VariationDraftField>>({});
  const [notice, setNotice] = useState('');

  const attributes = useQuery(attributeOptionsQuery());
  useSessionFailureOf(attributes.error);

  const fieldId: Record<VariationDraftField, string> = {
    attribute_id: id,
    variation_id: `${id}-value`,
    price: `${id}-price`,
  };
  const attribute = attributes.data?.find((candidate) => String(candidate.id) === draft.attribute_id);

  function change(field: VariationDraftField, next: VariationDraft) {
    setDraft(next);
    setErrors((current) => withoutError(current, field));
    setNotice('');
  }

  function add() {
    const problems = variationDraftProblems(draft);
    const shown = problemMessages(draftFields, problems, (key) => t(key));
    setErrors(shown);
    const first = draftFields.find((field) => shown[field]);
    if (first) {
      document.getElementById(fieldId[first])?.focus();
      return;
    }
    const variation = attribute?.variations.find((candidate) => String(candidate.id) === draft.variation_id);
    const price = parseAmount(draft.price);
    if (!attribute || !variation || price === null) return;
    const replaced = rows.some((row) => row.variation_id === variation.id);
    onRows(
      withVariationRow(rows, {
        attribute_id: attribute.id,
        attribute_name: attribute.name,
        variation_id: variation.id,
        variation_title: variation.title,
        price,
      }),
    );
    setNotice(replaced ? t('admin-products.form.variation_replaced', { attribute: attribute.name, value: variation.title }) : '');
    // The same attribute stays chosen: its next value is usually what comes next.
    setDraft({ attribute_id: draft.attribute_id, variation_id: '', price: '' });
    document.getElementById(fieldId.variation_id)?.focus();
  }

  function addOnEnter(event: KeyboardEvent) {
    // Enter adds the row instead of sending the whole product form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  let picker;
  if (attributes.isPending) {
    picker = <p className="text-sm text-stone-600">{t('admin-products.form.attributes_loading')}</p>;
  } else if (attributes.isError) {
    picker = (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
        <span>
          {t('admin-products.form.attributes_error')} {errorText(attributes.error)}
        </span>
        <Button variant="secondary" onClick={() => void attributes.refetch()}>
          {t('admin.common.retry')}
        </Button>
      </div>
    );
  } else if (attributes.data.length === 0) {
    picker = <p className="text-sm text-stone-600">{t('admin-products.form.attributes_empty')}</p>;
  } else {
    picker = (
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,9rem)_auto] sm:items-start">
        <Field id={fieldId.attribute_id} label={t('admin-products.form.variation_attribute')} error={errors.attribute_id}>
          <SelectInput
            id={fieldId.attribute_id}
            value={draft.attribute_id}
            error={errors.attribute_id}
            disabled={disabled}
            onValue={(value) => change('attribute_id', { attribute_id: value, variation_id: '', price: '' })}
          >
            <option value="">{t('admin-products.form.variation_choose_attribute')}</option>
            {attributes.data.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </SelectInput>
        </Field>
        <Field id={fieldId.variation_id} label={t('admin-products.form.variation_value')} error={errors.variation_id}>
          <SelectInput
            id={fieldId.variation_id}
            value={draft.variation_id}
            error={errors.variation_id}
            disabled={disabled || !attribute}
            onValue={(value) => {
              const variation = attribute?.variations.find((candidate) => String(candidate.id) === value);
              // The price starts at the value's default surcharge (defaults to additional_price).
              change('variation_id', { ...draft, variation_id: value, price: variation ? amountText(variation.additional_price) : '' });
              setErrors((current) => withoutError(current, 'price'));
            }}
          >
            <option value="">{t('admin-products.form.variation_choose_value')}</option>
            {attribute?.variations.map((variation) => (
              <option key={variation.id} value={variation.id}>
                {variation.title}
              </option>
            ))}
          </SelectInput>
        </Field>
        <Field id={fieldId.price} label={t('admin-products.form.variation_price', { symbol })} error={errors.price}>
          <TextInput
            id={fieldId.price}
            value={draft.price}
            error={errors.price}
            disabled={disabled}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            dir="ltr"
            onKeyDown={addOnEnter}
            onValue={(value) => change('price', { ...draft, price: value })}
          />
        </Field>
        {/* Aligned with the controls, below their labels. */}
        <div className="flex sm:pt-7">
          <Button variant="secondary" className="min-h-11 w-full sm:w-auto" disabled={disabled} onClick={add}>
            <PlusIcon className="size-5" />
            {t('admin-products.form.variation_add')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-600">{t('admin-products.form.variations_hint')}</p>
      {picker}
      <p aria-live="polite" className="text-sm text-stone-700 empty:hidden">
        {notice}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-stone-50 p-4 text-center text-sm text-stone-600">
          {t('admin-products.form.variations_none')}
        </p>
      ) : (
        <ul aria-label={t('admin-products.form.variations_label')} className="divide-y divide-stone-100 rounded-xl border border-stone-200">
          {rows.map((row) => (
            <li key={row.variation_id} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <span className="text-sm text-stone-500">{row.attribute_name}: </span>
                <span className="font-semibold text-stone-900">{row.variation_title}</span>
              </div>
              <bdi className="font-semibold whitespace-nowrap text-stone-900 tabular-nums">
                {formatSignedPrice(row.price, money)}
              </bdi>
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-lg text-red-700 lg:size-10 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-40"
                disabled={disabled}
                aria-label={t('admin-products.form.variation_remove', { attribute: row.attribute_name, value: row.variation_title })}
                title={t('admin-products.form.variation_remove', { attribute: row.attribute_name, value: row.variation_title })}
                onClick={() => {
                  onRows(rows.filter((other) => other.variation_id !== row.variation_id));
                  setNotice('');
                }}
              >
                <TrashIcon className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p id={`${id}-list-error`} className="text-sm font-semibold text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
