import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm, type FieldErrors } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { serverMessage, useSessionFailure } from '../../../lib/errors';
import { useReveal } from '../../../lib/use-reveal';
import { FormErrorBox } from '../ui/states';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import {
  FormSection,
  ProductInventorySection,
  ProductPricingSection,
  ProductPublishingSection,
  ProductSeoSection,
  ProductTextsSection,
  productFieldId,
  type ProductFieldForm,
  type ProductFormState,
} from './product-form-sections';
import {
  isProductFormDirty,
  productDetailField,
  productFields,
  productFormData,
  productFormProblems,
  type ProductField,
  type ProductFormSnapshot,
} from './product-form-rules';
import { ProductImagesField } from './product-images-field';
import { useSaveProduct } from './products-api';
import { VariationPricesField } from './variation-prices-field';

/** Where the form returns on save, cancel and back. */
export const PRODUCTS_LIST_PATH = '/admin?tab=products';

/** The form's state from the stored product (or an empty one). */
function stateOf(snapshot: ProductFormSnapshot): ProductFormState {
  return { ...snapshot.form, images: [...snapshot.images], attribute_variations: [...snapshot.rows] };
}

/**
 * The red box and what a refused save does: the box names what failed, with the details that
 * belong to no field; the messages about fields go under them; the focus goes to the first field
 * to fix, else to the box.
 */
function useSaveRefusal(form: ProductFieldForm) {
  const { t } = useI18n();
  const sessionFailure = useSessionFailure();
  const [box, setBox] = useState<string[]>([]);
  const boxRef = useRef<HTMLDivElement>(null);
  const reveal = useReveal();

  function showRefusal(error: unknown) {
    if (sessionFailure(error)) return;
    const message = serverMessage(error, 'staff') ?? t('admin-products.form.save_failed');
    const onFields: FieldErrors<ProductField> = {};
    const elsewhere: string[] = [];
    for (const detail of error instanceof ApiError ? error.details : []) {
      const field = productDetailField(detail.field);
      if (field) onFields[field] ??= detail.message;
      else if (detail.message !== message) elsewhere.push(detail.message);
    }
    setBox([message, ...elsewhere]);
    if (!form.showErrors(onFields)) reveal(() => boxRef.current?.querySelector<HTMLElement>('[role="alert"]'));
  }
  return { box, setBox, boxRef, showRefusal };
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
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const mode = productId === null ? 'create' : 'edit';

  const [start] = useState(initial);
  const form = useFieldForm<ProductFormState>(() => stateOf(start), { fields: productFields, fieldId: productFieldId });
  const { values, errors } = form;
  const { box, setBox, boxRef, showRefusal } = useSaveRefusal(form);
  const [saved, setSaved] = useState(false);

  const current = { form: values, images: values.images, rows: values.attribute_variations };
  const dirty = !saved && !readOnly && isProductFormDirty(current, start);
  useUnsavedChanges(dirty);

  // Leaves once the guard knows the form is saved (navigating in the same event would be blocked).
  useEffect(() => {
    if (saved) void navigate(PRODUCTS_LIST_PATH);
  }, [saved, navigate]);

  const saving = useSaveProduct(productId, {
    onSuccess: () => {
      toast.success(mode === 'create' ? t('admin-products.form.created') : t('admin-products.form.updated'));
      setSaved(true);
    },
    onError: showRefusal,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly || saving.isPending) return;
    const problems = productFormProblems(values, { imageCount: values.images.length });
    if (!form.validate(problems, (key) => t(key))) {
      setBox([t('admin-products.form.fix_errors')]);
      return;
    }
    setBox([]);
    saving.mutate(productFormData(values, values.images, values.attribute_variations, mode));
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="product-form-title" className="flex flex-col gap-5">
      <div ref={boxRef}>
        <FormErrorBox messages={box} />
      </div>
      <fieldset disabled={readOnly} className="grid min-w-0 gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-5">
          <ProductTextsSection form={form} />
          <FormSection title={t('admin-products.form.section.images')}>
            <ProductImagesField
              id={productFieldId('images')}
              items={values.images}
              disabled={readOnly}
              error={errors.images}
              onItems={(next) => form.change('images', next)}
              onProblem={(message) => form.setError('images', message)}
            />
          </FormSection>
          <FormSection title={t('admin-products.form.section.variations')}>
            <VariationPricesField
              id={productFieldId('attribute_variations')}
              rows={values.attribute_variations}
              disabled={readOnly}
              error={errors.attribute_variations}
              onRows={(next) => form.change('attribute_variations', next)}
            />
          </FormSection>
          <ProductSeoSection form={form} productId={productId} />
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <ProductPublishingSection form={form} readOnly={readOnly} />
          <ProductPricingSection form={form} />
          <ProductInventorySection form={form} productId={productId} />
        </div>
      </fieldset>

      <ProductFormActions readOnly={readOnly} busy={saving.isPending || saved} pending={saving.isPending} mode={mode} />
    </form>
  );
}

/** Back (read-only), or cancel and save. */
function ProductFormActions({ readOnly, busy, pending, mode }: { readOnly: boolean; busy: boolean; pending: boolean; mode: 'create' | 'edit' }) {
  const { t } = useI18n();
  if (readOnly) {
    return (
      <div className="flex">
        <ButtonLink variant="secondary" to={PRODUCTS_LIST_PATH}>
          {t('admin-products.form.back')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-stone-200 pt-4 sm:flex-row sm:justify-end">
      <ButtonLink variant="secondary" to={PRODUCTS_LIST_PATH}>
        {t('admin-products.form.cancel')}
      </ButtonLink>
      <Button type="submit" disabled={busy}>
        {pending ? t('admin-products.form.saving') : mode === 'create' ? t('admin-products.form.create') : t('admin-products.form.update')}
      </Button>
    </div>
  );
}
