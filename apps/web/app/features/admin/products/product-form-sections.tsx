import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import {
  LOW_STOCK_THRESHOLD,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SHORT_DESCRIPTION_MAX,
  PRODUCT_SKU_MAX,
  inLanguage,
  type Language,
} from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useCurrencySymbol } from '../../../components/ui/price';
import type { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { useSessionFailureOf } from '../../../lib/errors';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';
import { categoryOptionsQuery } from '../categories/categories-api';
import { BilingualField, CheckboxField, Field, SelectInput, TextInput } from '../ui/fields';
import { SeoSection } from '../ui/seo-section';
import { usePageAddress } from '../ui/use-page-address';
import { waitingStockAlertsQuery } from './products-api';
import { WaitingAlertsBadge } from './waiting-alerts-badge';
import {
  categoryOptions,
  type ImageItem,
  type ProductField,
  type ProductForm as ProductFormValues,
  type VariationRow,
} from './product-form-rules';

/** Everything the product form holds: the typed values and its two lists. */
export interface ProductFormState extends ProductFormValues {
  images: ImageItem[];
  attribute_variations: VariationRow[];
}

/** The product form's state (useFieldForm over ProductFormState), as its sections receive it. */
export type ProductFieldForm = ReturnType<typeof useFieldForm<ProductFormState>>;

export const productFieldId = (field: ProductField) => `product-${field}`;

/** A titled block of the form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

/** The name and the two descriptions, each in Arabic with its optional English. */
export function ProductTextsSection({ form }: { form: ProductFieldForm }) {
  const { t } = useI18n();
  const { values, errors, change } = form;
  const text = (field: 'name' | 'short_description' | 'description') => ({
    arabic: values[field],
    english: values[`${field}_en`],
    onArabic: (value: string) => change(field, value),
    onEnglish: (value: string) => change(`${field}_en`, value),
    errors: { arabic: errors[field], english: errors[`${field}_en`] },
  });
  return (
    <FormSection title={t('admin-products.form.section.details')}>
      <BilingualField id={productFieldId('name')} label={t('admin-products.form.name')} required maxLength={PRODUCT_NAME_MAX} {...text('name')} />
      <BilingualField
        id={productFieldId('short_description')}
        label={t('admin-products.form.short_description')}
        multiline
        rows={2}
        maxLength={PRODUCT_SHORT_DESCRIPTION_MAX}
        {...text('short_description')}
      />
      <BilingualField
        id={productFieldId('description')}
        label={t('admin-products.form.description')}
        multiline
        rows={6}
        maxLength={PRODUCT_DESCRIPTION_MAX}
        {...text('description')}
      />
    </FormSection>
  );
}

/** The product's search engine title and description, previewed with its name and summary. */
export function ProductSeoSection({ form, productId }: { form: ProductFieldForm; productId: number | null }) {
  const { values, errors, change } = form;
  const page = usePageAddress(productId === null ? null : `/products/${productId}`);
  const fallback = (lang: Language) => ({
    title: page.title(lang, inLanguage(lang, values.name, values.name_en || null)),
    description:
      inLanguage(lang, values.short_description || values.description, values.short_description_en || values.description_en || null) ?? '',
  });
  return (
    <SeoSection
      idPrefix="product"
      values={values}
      errors={errors}
      onChange={(field, value) => change(field, value)}
      fallback={{ ar: fallback('ar'), en: fallback('en') }}
      address={{ ar: page.address('ar'), en: page.address('en') }}
    />
  );
}

/** Status, category (from the category list, with its loading and failure) and the featured flag. */
export function ProductPublishingSection({ form, readOnly }: { form: ProductFieldForm; readOnly: boolean }) {
  const { t, lang } = useI18n();
  const errorText = useStaffErrorText();
  const { values, errors, change } = form;
  const categories = useQuery(categoryOptionsQuery());
  useSessionFailureOf(categories.error);
  const categoryChoices = useMemo(
    () => categoryOptions(categories.data ?? [], (category) => inLanguage(lang, category.name, category.name_en)),
    [categories.data, lang],
  );

  let categoryHint: ReactNode;
  if (categories.isPending) categoryHint = t('admin-products.form.categories_loading');
  else if (categories.isError)
    categoryHint = (
      <span className="flex flex-wrap items-center gap-2 text-red-800">
        {t('admin-products.form.categories_error')} {errorText(categories.error)}
        <Button variant="ghost" onClick={() => void categories.refetch()}>
          {t('admin.common.retry')}
        </Button>
      </span>
    );
  else if (categoryChoices.length === 0) categoryHint = t('admin-products.form.categories_none');

  return (
    <FormSection title={t('admin-products.form.section.publishing')}>
      <Field id={productFieldId('status')} label={t('admin-products.form.status')} error={errors.status}>
        <SelectInput
          id={productFieldId('status')}
          value={values.status}
          error={errors.status}
          onValue={(value) => change('status', value === 'draft' ? 'draft' : 'published')}
        >
          <option value="published">{t('admin-products.status.published')}</option>
          <option value="draft">{t('admin-products.status.draft')}</option>
        </SelectInput>
      </Field>
      <Field id={productFieldId('category_id')} label={t('admin-products.form.category')} required error={errors.category_id} hint={categoryHint}>
        <SelectInput
          id={productFieldId('category_id')}
          value={values.category_id}
          error={errors.category_id}
          hint={categoryHint}
          required
          disabled={readOnly || categories.isPending}
          onValue={(value) => change('category_id', value)}
        >
          <option value="">{t('admin-products.form.category_choose')}</option>
          {categoryChoices.map((option) => (
            <option key={option.id} value={option.id}>
              {option.is_active ? option.label : t('admin-products.form.category_inactive', { name: option.label })}
            </option>
          ))}
          {/* A stored category the list no longer offers stays selectable as it is. */}
          {values.category_id && categories.data && !categoryChoices.some((option) => String(option.id) === values.category_id) ? (
            <option value={values.category_id}>#{values.category_id}</option>
          ) : null}
        </SelectInput>
      </Field>
      <CheckboxField
        id={productFieldId('featured')}
        label={t('admin-products.form.featured')}
        hint={t('admin-products.form.featured_hint')}
        checked={values.featured}
        onChecked={(checked) => change('featured', checked)}
      />
    </FormSection>
  );
}

/** One number input of the pricing and inventory sections, with its label and hint. */
function NumberField({
  form,
  field,
  label,
  hint,
  required = false,
  step,
  inputMode,
}: {
  form: ProductFieldForm;
  field: 'price' | 'sale_price' | 'stock_quantity';
  label: string;
  hint: string;
  required?: boolean;
  step: string;
  inputMode: 'decimal' | 'numeric';
}) {
  const error = form.errors[field];
  return (
    <Field id={productFieldId(field)} label={label} required={required} optional={!required} error={error} hint={hint}>
      <TextInput
        id={productFieldId(field)}
        value={form.values[field]}
        error={error}
        hint={hint}
        onValue={(value) => form.change(field, value)}
        type="number"
        step={step}
        min="0"
        inputMode={inputMode}
        dir="ltr"
        required={required}
      />
    </Field>
  );
}

/** The price and the optional sale price, in the store's currency. */
export function ProductPricingSection({ form }: { form: ProductFieldForm }) {
  const { t } = useI18n();
  const symbol = useCurrencySymbol();
  return (
    <FormSection title={t('admin-products.form.section.pricing')}>
      <NumberField
        form={form}
        field="price"
        label={t('admin-products.form.price', { symbol })}
        hint={t('admin-products.form.price_hint')}
        required
        step="0.01"
        inputMode="decimal"
      />
      <NumberField
        form={form}
        field="sale_price"
        label={t('admin-products.form.sale_price', { symbol })}
        hint={t('admin-products.form.sale_price_hint')}
        step="0.01"
        inputMode="decimal"
      />
    </FormSection>
  );
}

/** The stock and the optional SKU; a saved product's shoppers waiting for it to be back. */
export function ProductInventorySection({ form, productId }: { form: ProductFieldForm; productId: number | null }) {
  const { t } = useI18n();
  const { values, errors, change } = form;
  return (
    <FormSection title={t('admin-products.form.section.inventory')}>
      {productId !== null && <ProductWaitingAlerts productId={productId} />}
      <NumberField
        form={form}
        field="stock_quantity"
        label={t('admin-products.form.stock_quantity')}
        hint={t('admin-products.form.stock_hint', { low: LOW_STOCK_THRESHOLD })}
        required
        step="1"
        inputMode="numeric"
      />
      <Field id={productFieldId('sku')} label={t('admin-products.form.sku')} optional error={errors.sku} hint={t('admin-products.form.sku_hint')}>
        <TextInput
          id={productFieldId('sku')}
          value={values.sku}
          error={errors.sku}
          hint={t('admin-products.form.sku_hint')}
          onValue={(value) => change('sku', value)}
          maxLength={PRODUCT_SKU_MAX}
          dir="ltr"
          autoComplete="off"
        />
      </Field>
    </FormSection>
  );
}

/** "3 waiting to hear it is back" above the stock field, when anyone waits. */
function ProductWaitingAlerts({ productId }: { productId: number }) {
  const waiting = useQuery(waitingStockAlertsQuery([productId]));
  const count = waiting.data?.get(productId);
  if (!count) return null;
  return (
    <div data-testid="product-waiting-alerts">
      <WaitingAlertsBadge count={count} />
    </div>
  );
}
