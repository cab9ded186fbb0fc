import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, CATEGORY_SORT_ORDER_MAX, inLanguage, type Language } from '@shop/shared';
import { ButtonLink } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { serverFieldMessage, useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../account/auth';
import { adminHref } from '../shell/admin-links';
import { userCan } from '../shell/gate';
import { FolderIcon } from '../ui/admin-icons';
import { BilingualField, CheckboxField, Field, SelectInput, TextInput } from '../ui/fields';
import { ImagePicker } from '../ui/image-picker';
import { SeoSection } from '../ui/seo-section';
import { usePageAddress } from '../ui/use-page-address';
import { AdminPageHeader, EmptyPanel, ErrorPanel, FormErrorBox, LoadingPanel } from '../ui/states';
import { FormScreenActions, FormScreenFrame } from '../ui/form-screen';
import { useLeaveAfterSave } from '../ui/use-unsaved-changes';
import { adminCategoriesQuery, adminCategoryQuery, useSaveCategory, type CategoryRow } from './categories-api';
import {
  categoryFields,
  categoryFormData,
  categoryFormFrom,
  categoryFormProblems,
  emptyCategoryForm,
  indentedName,
  isCategoryFormDirty,
  parentOptions,
  untouchedImage,
  type CategoryForm,
  type CategoryImageState,
} from './category-rules';
import { serverMessage, useSessionFailure, useSessionFailureOf } from '../../../lib/errors';

/** Where the form returns on save, cancel and back. */
export const CATEGORIES_TAB_PATH = adminHref('categories');

const fieldId = (field: keyof CategoryForm) => `category-${field}`;
const IMAGE_ID = 'category-image';

function NotFoundPanel() {
  const { t } = useI18n();
  return (
    <EmptyPanel
      icon={<FolderIcon className="size-8" />}
      title={t('admin-categories.form.load_error')}
      text={t('admin-categories.form.not_found')}
      action={<ButtonLink to={CATEGORIES_TAB_PATH}>{t('admin-categories.form.back')}</ButtonLink>}
    />
  );
}

/** /admin/categories/edit/{id} with an id that names no category. */
export function CategoryNotFound() {
  const { t } = useI18n();
  return (
    <FormScreenFrame
      title={t('admin-categories.form.edit_title')}
      backTo={CATEGORIES_TAB_PATH}
      backLabel={t('admin-categories.form.back')}
      wide
    >
      <NotFoundPanel />
    </FormScreenFrame>
  );
}

/**
 * /admin/categories/new (id null) and /admin/categories/edit/{id}: loads what the form needs (the
 * category, and every category for the parent select), then shows the form. Without
 * catalog.write there is nothing to do here.
 */
export function CategoryFormScreen({ id }: { id: number | null }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const canWrite = userCan(user, 'catalog.write');
  const categories = useQuery({ ...adminCategoriesQuery(), enabled: canWrite });
  const category = useQuery({ ...adminCategoryQuery(id ?? 0), enabled: canWrite && id !== null });
  const title = id === null ? t('admin-categories.form.create_title') : t('admin-categories.form.edit_title');

  useSessionFailureOf(categories.error ?? category.error);

  let body;
  if (!canWrite) {
    body = (
      <EmptyPanel
        icon={<FolderIcon className="size-8" />}
        title={t('admin-categories.form.readonly_title')}
        text={t('admin-categories.form.readonly_text')}
        action={<ButtonLink to={CATEGORIES_TAB_PATH}>{t('admin-categories.form.back')}</ButtonLink>}
      />
    );
  } else if (id !== null && category.isError) {
    const gone = category.error instanceof ApiError && category.error.status === 404;
    body = gone ? (
      <NotFoundPanel />
    ) : (
      <ErrorPanel title={t('admin-categories.form.load_error')} error={category.error} onRetry={() => void category.refetch()} />
    );
  } else if (categories.isError) {
    body = <ErrorPanel title={t('admin-categories.load_error')} error={categories.error} onRetry={() => void categories.refetch()} />;
  } else if (categories.isPending || (id !== null && category.isPending)) {
    body = <LoadingPanel />;
  } else {
    body = <CategoryFormBody key={id ?? 'new'} id={id} category={id === null ? null : (category.data ?? null)} categories={categories.data} />;
  }

  return (
    <FormScreenFrame title={title} backTo={CATEGORIES_TAB_PATH} backLabel={t('admin-categories.form.back')} wide>
      <AdminPageHeader title={id !== null && category.data ? `${title}: ${category.data.name}` : title} />
      {body}
    </FormScreenFrame>
  );
}

function CategoryFormBody({ id, category, categories }: { id: number | null; category: CategoryRow | null; categories: readonly CategoryRow[] }) {
  const { t } = useI18n();
  const toast = useToast();
  const authFailure = useSessionFailure();
  const initial = useMemo(() => (category ? categoryFormFrom(category) : emptyCategoryForm()), [category]);
  const form = useFieldForm<CategoryForm>(initial, { fields: categoryFields, fieldId });
  const [image, setImage] = useState<CategoryImageState>(untouchedImage);
  const [imageError, setImageError] = useState<string | undefined>();
  const [boxMessages, setBoxMessages] = useState<string[]>([]);
  const box = useRef<HTMLDivElement>(null);

  const options = useMemo(() => parentOptions(categories, id), [categories, id]);
  const allowedParents = useMemo(() => new Set(options.map((row) => row.category.id)), [options]);
  const storedImage = category?.image ?? null;
  const page = usePageAddress(category ? `/category/${encodeURIComponent(category.slug)}` : null);
  const seoFallback = (lang: Language) => ({
    title: page.title(lang, inLanguage(lang, form.values.name, form.values.name_en || null)),
    description: inLanguage(lang, form.values.description, form.values.description_en || null) ?? '',
  });

  const { saved, markSaved } = useLeaveAfterSave(isCategoryFormDirty(form.values, initial, image), CATEGORIES_TAB_PATH);

  const saving = useSaveCategory(id, {
    onSuccess: () => {
      toast.success(id === null ? t('admin-categories.toast.created') : t('admin-categories.toast.updated'));
      markSaved();
    },
    onError: (error) => {
      if (authFailure(error)) return;
      const elsewhere = form.showServerErrors(error) ?? [];
      const imageMessage = serverFieldMessage(error, 'image') ?? serverFieldMessage(error, 'remove_image');
      setImageError(imageMessage);
      const reason = serverMessage(error, 'staff') ?? t('admin-categories.form.save_failed');
      setBoxMessages([reason, ...elsewhere.filter((message) => message !== imageMessage && message !== reason)]);
      const onAField = error instanceof ApiError && error.details.some((detail) => (categoryFields as readonly string[]).includes(detail.field));
      if (imageMessage && !onAField) document.getElementById(IMAGE_ID)?.focus();
      else if (!onAField) requestAnimationFrame(() => box.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.isPending) return;
    const problems = categoryFormProblems(form.values, allowedParents);
    setBoxMessages([]);
    if (!form.validate(problems, (key) => t(key))) return;
    saving.mutate(categoryFormData(form.values, image));
  }

  const sortHint = t('admin-categories.form.sort_order_hint');
  const parentHint = id !== null ? t('admin-categories.form.parent_hint_edit') : undefined;
  const busy = saving.isPending || saved;

  return (
    <div className="flex flex-col gap-4">
      <div ref={box}>
        <FormErrorBox messages={boxMessages} />
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
        <BilingualField
          id={fieldId('name')}
          label={t('admin-categories.form.name')}
          required
          arabic={form.values.name}
          english={form.values.name_en}
          onArabic={(value) => form.change('name', value)}
          onEnglish={(value) => form.change('name_en', value)}
          errors={{ arabic: form.errors.name, english: form.errors.name_en }}
          maxLength={CATEGORY_NAME_MAX + 20}
        />
        <BilingualField
          id={fieldId('description')}
          label={t('admin-categories.form.description')}
          multiline
          rows={4}
          arabic={form.values.description}
          english={form.values.description_en}
          onArabic={(value) => form.change('description', value)}
          onEnglish={(value) => form.change('description_en', value)}
          errors={{ arabic: form.errors.description, english: form.errors.description_en }}
          maxLength={CATEGORY_DESCRIPTION_MAX + 50}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <Field id={fieldId('parent_id')} label={t('admin-categories.form.parent')} hint={parentHint} error={form.errors.parent_id}>
            <SelectInput
              id={fieldId('parent_id')}
              value={form.values.parent_id}
              onValue={(value) => form.change('parent_id', value)}
              error={form.errors.parent_id}
              hint={parentHint}
            >
              <option value="">{t('admin-categories.form.no_parent')}</option>
              {options.map(({ category: option, depth }) => (
                <option key={option.id} value={String(option.id)}>
                  {indentedName(option.is_active ? option.name : t('admin-categories.form.parent_inactive', { name: option.name }), depth)}
                </option>
              ))}
            </SelectInput>
          </Field>
          <Field id={fieldId('sort_order')} label={t('admin-categories.form.sort_order')} optional hint={sortHint} error={form.errors.sort_order}>
            {/* Text with a numeric keyboard, so Arabic-Indic digits are read too (a number input drops them). */}
            <TextInput
              id={fieldId('sort_order')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={String(CATEGORY_SORT_ORDER_MAX).length + 2}
              value={form.values.sort_order}
              onValue={(value) => form.change('sort_order', value)}
              error={form.errors.sort_order}
              hint={sortHint}
              dir="ltr"
            />
          </Field>
        </div>
        <CheckboxField
          id="category-is_active"
          label={t('admin-categories.form.is_active')}
          checked={form.values.is_active}
          onChecked={(checked) => form.change('is_active', checked)}
        />
        <ImagePicker
          id={IMAGE_ID}
          label={t('admin-categories.form.image')}
          currentUrl={image.removed ? null : storedImage}
          file={image.file}
          onFile={(file) => {
            setImage((current) => ({ ...current, file }));
            setImageError(undefined);
          }}
          onRemove={() => {
            setImage({ file: null, removed: storedImage !== null });
            setImageError(undefined);
          }}
          error={imageError}
          onProblem={(message) => {
            setImageError(message);
            document.getElementById(IMAGE_ID)?.focus();
          }}
        />
        <SeoSection
          idPrefix="category"
          values={form.values}
          errors={form.errors}
          onChange={(field, value) => form.change(field, value)}
          fallback={{ ar: seoFallback('ar'), en: seoFallback('en') }}
          address={{ ar: page.address('ar'), en: page.address('en') }}
        />
        <FormScreenActions
          backTo={CATEGORIES_TAB_PATH}
          busy={busy}
          submitLabel={busy ? t('admin.common.saving') : id === null ? t('admin-categories.form.create_submit') : t('admin-categories.form.update_submit')}
        />
      </form>
    </div>
  );
}
