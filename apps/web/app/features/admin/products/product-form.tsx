import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  LOW_STOCK_THRESHOLD,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SHORT_DESCRIPTION_MAX,
  PRODUCT_SKU_MAX,
  inLanguage,
} from '@shop/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useCurrencySymbol } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { firstInvalidField, problemMessages, withoutError, type FieldErrors } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { serverMessage, useSessionFailure, useSessionFailureOf } from '../../../lib/errors';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';
import { adminKeys } from '../ui/admin-api';
import { BilingualField, CheckboxField, Field, SelectInput, TextInput } from '../ui/fields';
import { FormErrorBox } from '../ui/states';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import {
  categoryOptions,
  isProductFormDirty,
  productDetailField,
  productFields,
  productFormData,
  productFormProblems,
  type ImageItem,
  type ProductField,
  type ProductForm as ProductFormValues,
  type ProductFormSnapshot,
  type VariationRow,
} from './product-form-rules';
import { ProductImagesField } from './product-images-field';
import { fetchCategoryChoices, productKeys, saveProduct } from './products-api';
import { VariationPricesField } from './variation-prices-field';

/** Where the form returns on save, cancel and back. */
export const PRODUCTS_LIST_PATH = '/admin?tab=products';

const fieldId = (field: ProductField) => `product-${field}`;

/** A titled block of the form. */
function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The product form of /admin/products/new and /admin/products/edit/{id}: the
 * texts in Arabic with their optional English, images, variation prices, status,
 * featured flag, category, prices, stock and SKU. Checked before sending; what the server
 * refuses goes under its field and in the red box above the form, and what was typed stays.
 * One column on a phone, two on a desktop. `readOnly` shows it without changing anything.
 */
export function ProductForm({
  productId,
  initial,
  readOnly = false,
}: {
  /** Null for a new product. */
  productId: number | null;
  initial: ProductFormSnapshot;
  readOnly?: boolean;
}) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authFailure = useSessionFailure();
  const errorText = useStaffErrorText();
  const symbol = useCurrencySymbol();
  const mode = productId === null ? 'create' : 'edit';

  const [start] = useState(initial);
  const [values, setValues] = useState<ProductFormValues>(start.form);
  const [images, setImages] = useState<ImageItem[]>(() => [...start.images]);
  const [rows, setRows] = useState<VariationRow[]>(() => [...start.rows]);
  const [errors, setErrors] = useState<FieldErrors<ProductField>>({});
  const [box, setBox] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);

  const dirty = !saved && !readOnly && isProductFormDirty({ form: values, images, rows }, start);
  useUnsavedChanges(dirty);

  // Leaves once the guard knows the form is saved (navigating in the same event would be blocked).
  useEffect(() => {
    if (saved) void navigate(PRODUCTS_LIST_PATH);
  }, [saved, navigate]);

  const categories = useQuery({ queryKey: productKeys.categoryOptions, queryFn: fetchCategoryChoices });
  useSessionFailureOf(categories.error);
  const categoryChoices = useMemo(
    () => categoryOptions(categories.data ?? [], (category) => inLanguage(lang, category.name, category.name_en)),
    [categories.data, lang],
  );

  function showErrors(shown: FieldErrors<ProductField>): boolean {
    setErrors(shown);
    const first = firstInvalidField(productFields, shown);
    if (first) document.getElementById(fieldId(first))?.focus();
    return first !== null;
  }

  function change<K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError<ProductField>(current, field));
  }

  const saving = useMutation({
    mutationFn: (body: FormData) => saveProduct(productId, body),
    onSuccess: () => {
      // Category and attribute counts change with the product: every back-office list is stale.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      toast.success(mode === 'create' ? t('admin-products.form.created') : t('admin-products.form.updated'));
      setSaved(true);
    },
    onError: (error) => {
      if (authFailure(error)) return;
      const message = serverMessage(error, 'staff') ?? t('admin-products.form.save_failed');
      const onFields: FieldErrors<ProductField> = {};
      const elsewhere: string[] = [];
      for (const detail of error instanceof ApiError ? error.details : []) {
        const field = productDetailField(detail.field);
        if (field) onFields[field] ??= detail.message;
        else if (detail.message !== message) elsewhere.push(detail.message);
      }
      setBox([message, ...elsewhere]);
      // The red box names what failed; the focus goes to the first field to fix, else to the box.
      if (!showErrors(onFields)) {
        requestAnimationFrame(() => {
          const alert = boxRef.current?.querySelector<HTMLElement>('[role="alert"]');
          alert?.focus();
          alert?.scrollIntoView({ block: 'center' });
        });
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly || saving.isPending) return;
    const problems = productFormProblems(values, { imageCount: images.length });
    if (showErrors(problemMessages(productFields, problems, (key) => t(key)))) {
      setBox([t('admin-products.form.fix_errors')]);
      return;
    }
    setBox([]);
    saving.mutate(productFormData(values, images, rows, mode));
  }

  const text = (field: 'name' | 'short_description' | 'description') => ({
    arabic: values[field],
    english: values[`${field}_en`],
    onArabic: (value: string) => change(field, value),
    onEnglish: (value: string) => change(`${field}_en`, value),
    errors: { arabic: errors[field], english: errors[`${field}_en`] },
  });

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
    <form onSubmit={submit} noValidate aria-labelledby="product-form-title" className="flex flex-col gap-5">
      <div ref={boxRef}>
        <FormErrorBox messages={box} />
      </div>
      <fieldset disabled={readOnly} className="grid min-w-0 gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-5">
          <FormSection title={t('admin-products.form.section.details')}>
            <BilingualField id={fieldId('name')} label={t('admin-products.form.name')} required maxLength={PRODUCT_NAME_MAX} {...text('name')} />
            <BilingualField
              id={fieldId('short_description')}
              label={t('admin-products.form.short_description')}
              multiline
              rows={2}
              maxLength={PRODUCT_SHORT_DESCRIPTION_MAX}
              {...text('short_description')}
            />
            <BilingualField
              id={fieldId('description')}
              label={t('admin-products.form.description')}
              multiline
              rows={6}
              maxLength={PRODUCT_DESCRIPTION_MAX}
              {...text('description')}
            />
          </FormSection>

          <FormSection title={t('admin-products.form.section.images')}>
            <ProductImagesField
              id={fieldId('images')}
              items={images}
              disabled={readOnly}
              error={errors.images}
              onItems={(next) => {
                setImages(next);
                setErrors((current) => withoutError<ProductField>(current, 'images'));
              }}
              onProblem={(message) =>
                setErrors((current) => (message ? { ...current, images: message } : withoutError<ProductField>(current, 'images')))
              }
            />
          </FormSection>

          <FormSection title={t('admin-products.form.section.variations')}>
            <VariationPricesField
              id={fieldId('attribute_variations')}
              rows={rows}
              disabled={readOnly}
              error={errors.attribute_variations}
              onRows={(next) => {
                setRows(next);
                setErrors((current) => withoutError<ProductField>(current, 'attribute_variations'));
              }}
            />
          </FormSection>
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <FormSection title={t('admin-products.form.section.publishing')}>
            <Field id={fieldId('status')} label={t('admin-products.form.status')} error={errors.status}>
              <SelectInput
                id={fieldId('status')}
                value={values.status}
                error={errors.status}
                onValue={(value) => change('status', value === 'draft' ? 'draft' : 'published')}
              >
                <option value="published">{t('admin-products.status.published')}</option>
                <option value="draft">{t('admin-products.status.draft')}</option>
              </SelectInput>
            </Field>
            <Field
              id={fieldId('category_id')}
              label={t('admin-products.form.category')}
              required
              error={errors.category_id}
              hint={categoryHint}
            >
              <SelectInput
                id={fieldId('category_id')}
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
              id={fieldId('featured')}
              label={t('admin-products.form.featured')}
              hint={t('admin-products.form.featured_hint')}
              checked={values.featured}
              onChecked={(checked) => change('featured', checked)}
            />
          </FormSection>

          <FormSection title={t('admin-products.form.section.pricing')}>
            <Field
              id={fieldId('price')}
              label={t('admin-products.form.price', { symbol })}
              required
              error={errors.price}
              hint={t('admin-products.form.price_hint')}
            >
              <TextInput
                id={fieldId('price')}
                value={values.price}
                error={errors.price}
                hint={t('admin-products.form.price_hint')}
                onValue={(value) => change('price', value)}
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                dir="ltr"
                required
              />
            </Field>
            <Field
              id={fieldId('sale_price')}
              label={t('admin-products.form.sale_price', { symbol })}
              optional
              error={errors.sale_price}
              hint={t('admin-products.form.sale_price_hint')}
            >
              <TextInput
                id={fieldId('sale_price')}
                value={values.sale_price}
                error={errors.sale_price}
                hint={t('admin-products.form.sale_price_hint')}
                onValue={(value) => change('sale_price', value)}
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                dir="ltr"
              />
            </Field>
          </FormSection>

          <FormSection title={t('admin-products.form.section.inventory')}>
            <Field
              id={fieldId('stock_quantity')}
              label={t('admin-products.form.stock_quantity')}
              required
              error={errors.stock_quantity}
              hint={t('admin-products.form.stock_hint', { low: LOW_STOCK_THRESHOLD })}
            >
              <TextInput
                id={fieldId('stock_quantity')}
                value={values.stock_quantity}
                error={errors.stock_quantity}
                hint={t('admin-products.form.stock_hint', { low: LOW_STOCK_THRESHOLD })}
                onValue={(value) => change('stock_quantity', value)}
                type="number"
                step="1"
                min="0"
                inputMode="numeric"
                dir="ltr"
                required
              />
            </Field>
            <Field id={fieldId('sku')} label={t('admin-products.form.sku')} optional error={errors.sku} hint={t('admin-products.form.sku_hint')}>
              <TextInput
                id={fieldId('sku')}
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
        </div>
      </fieldset>

      {readOnly ? (
        <div className="flex">
          <ButtonLink variant="secondary" to={PRODUCTS_LIST_PATH}>
            {t('admin-products.form.back')}
          </ButtonLink>
        </div>
      ) : (
        <div className="flex flex-col-reverse gap-3 border-t border-stone-200 pt-4 sm:flex-row sm:justify-end">
          <ButtonLink variant="secondary" to={PRODUCTS_LIST_PATH}>
            {t('admin-products.form.cancel')}
          </ButtonLink>
          <Button type="submit" disabled={saving.isPending || saved}>
            {saving.isPending ? t('admin-products.form.saving') : mode === 'create' ? t('admin-products.form.create') : t('admin-products.form.update')}
          </Button>
        </div>
      )}
    </form>
  );
}
