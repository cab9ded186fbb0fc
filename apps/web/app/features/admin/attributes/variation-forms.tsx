import { type FormEvent } from 'react';
import { ATTRIBUTE_TEXT_MAX, type AdminAttribute, type AdminVariation } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useCurrencySymbol } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm, type FieldErrors } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { PlusIcon } from '../ui/admin-icons';
import { Field, TextInput } from '../ui/fields';
import { useWriteFailure } from './attribute-hooks';
import {
  additionalPriceInput,
  variationBody,
  variationChanged,
  variationFields,
  variationProblems,
  type VariationDraft,
  type VariationField,
} from './attribute-rules';
import { useCreateVariation, useUpdateVariation } from './attributes-api';
import { inlineEditHandlers } from './inline-edit';

const fieldId = (prefix: string, field: VariationField) => `${prefix}-${field}`;

/** A value's title and additional price (with the store's currency symbol). */
function VariationInputs({
  idPrefix,
  draft,
  errors,
  onChange,
  autoFocus,
}: {
  idPrefix: string;
  draft: VariationDraft;
  errors: FieldErrors<VariationField>;
  onChange: (field: VariationField, value: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useI18n();
  const symbol = useCurrencySymbol();
  const titleId = fieldId(idPrefix, 'title');
  const titleEnId = fieldId(idPrefix, 'title_en');
  const priceId = fieldId(idPrefix, 'additional_price');
  const priceHint = t('admin-attributes.values.price_hint');
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Field id={titleId} label={t('admin-attributes.values.title_label')} required error={errors.title}>
        <TextInput
          id={titleId}
          value={draft.title}
          onValue={(value) => onChange('title', value)}
          error={errors.title}
          placeholder={t('admin-attributes.values.title_placeholder')}
          maxLength={ATTRIBUTE_TEXT_MAX + 20}
          autoComplete="off"
          dir="auto"
          autoFocus={autoFocus}
          onFocus={autoFocus ? (event) => event.currentTarget.select() : undefined}
        />
      </Field>
      <Field
        id={titleEnId}
        label={t('admin-attributes.values.title_en_label')}
        hint={t('admin-attributes.english_hint')}
        error={errors.title_en}
      >
        <TextInput
          id={titleEnId}
          value={draft.title_en}
          onValue={(value) => onChange('title_en', value)}
          error={errors.title_en}
          hint={t('admin-attributes.english_hint')}
          placeholder={t('admin-attributes.values.title_en_placeholder')}
          maxLength={ATTRIBUTE_TEXT_MAX + 20}
          autoComplete="off"
          lang="en"
          dir="ltr"
        />
      </Field>
      <Field id={priceId} label={t('admin-attributes.values.price_label')} hint={priceHint} error={errors.additional_price}>
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <TextInput
              id={priceId}
              value={draft.additional_price}
              onValue={(value) => onChange('additional_price', value)}
              error={errors.additional_price}
              hint={priceHint}
              inputMode="decimal"
              placeholder="0.000"
              autoComplete="off"
              dir="ltr"
            />
          </div>
          <span className="shrink-0 text-sm font-semibold text-stone-600">{symbol}</span>
        </div>
      </Field>
    </div>
  );
}

/** A value as typed, checked before sending: messages on the fields, the focus on the first. */
function useVariationForm(initial: VariationDraft, idPrefix: string) {
  const { t } = useI18n();
  const form = useFieldForm<VariationDraft>(initial, { fields: variationFields, fieldId: (field) => fieldId(idPrefix, field) });
  return {
    ...form,
    /** True when the value may be sent; otherwise shows why. */
    check: () => form.validate(variationProblems(form.values), (key) => t(key)),
    /** What a refusal shows on the value's fields (useWriteFailure). */
    writeForm: { fields: variationFields, showErrors: form.showErrors },
  };
}

/** The form under an attribute's values that adds one. */
export function NewVariationForm({ attribute }: { attribute: AdminAttribute }) {
  const { t } = useI18n();
  const toast = useToast();
  const failure = useWriteFailure();
  const idPrefix = `attribute-${attribute.id}-new-value`;
  const headingId = `${idPrefix}-heading`;
  const form = useVariationForm({ title: '', title_en: '', additional_price: '' }, idPrefix);

  const create = useCreateVariation(attribute.id, {
    onSuccess: () => {
      toast.success(t('admin-attributes.toast.value_created'));
      form.setValues({ title: '', title_en: '', additional_price: '' });
      form.showErrors({});
      form.focus('title');
    },
    onError: (error) => failure(error, 'admin-attributes.toast.value_create_failed', form.writeForm),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || !form.check()) return;
    create.mutate(variationBody(form.values));
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="mt-4 rounded-xl bg-sand-50 p-3 sm:p-4">
      <h3 id={headingId} className="mb-3 text-sm font-semibold text-stone-800">
        {t('admin-attributes.values.new_title')}
      </h3>
      <VariationInputs idPrefix={idPrefix} draft={form.values} errors={form.errors} onChange={form.change} />
      <div className="mt-3 flex justify-end">
        <Button type="submit" disabled={create.isPending} className="min-h-11">
          <PlusIcon className="size-4" />
          {create.isPending ? t('admin-attributes.adding') : t('admin-attributes.values.add')}
        </Button>
      </div>
    </form>
  );
}

/** The inline edit of a value: Enter saves, Escape cancels. */
export function EditVariationForm({
  attribute,
  variation,
  onClose,
}: {
  attribute: AdminAttribute;
  variation: AdminVariation;
  onClose: (restoreFocus: boolean) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const failure = useWriteFailure();
  const idPrefix = `variation-${variation.id}`;
  const form = useVariationForm(
    { title: variation.title, title_en: variation.title_en ?? '', additional_price: additionalPriceInput(variation.additional_price) },
    idPrefix,
  );

  const update = useUpdateVariation(attribute.id, variation.id, {
    onSuccess: () => {
      toast.success(t('admin-attributes.toast.value_updated'));
      onClose(true);
    },
    onError: (error) => failure(error, 'admin-attributes.toast.value_update_failed', form.writeForm),
  });

  const changed = variationChanged(form.values, variation);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || !form.check()) return;
    if (!changed) {
      onClose(true);
      return;
    }
    update.mutate(variationBody(form.values));
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('admin-attributes.values.edit_label', { title: variation.title })}
      {...inlineEditHandlers({ changed, busy: update.isPending, onCancel: onClose })}
    >
      <VariationInputs idPrefix={idPrefix} draft={form.values} errors={form.errors} onChange={form.change} autoFocus />
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        <p className="me-auto text-xs text-stone-500">{t('admin-attributes.edit_hint')}</p>
        <Button type="submit" disabled={update.isPending} className="min-h-11">
          {update.isPending ? t('admin.common.saving') : t('admin.common.save')}
        </Button>
        <Button variant="secondary" onClick={() => onClose(true)} disabled={update.isPending} className="min-h-11">
          {t('admin.common.cancel')}
        </Button>
      </div>
    </form>
  );
}
