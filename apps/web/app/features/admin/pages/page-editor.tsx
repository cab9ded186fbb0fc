import { useEffect, useState, type FormEvent } from 'react';
import { formatShopDate, pathInLanguage, PAGE_TITLE_MAX, type AdminContentPage, type Language } from '@shop/shared';
import { useRootData } from '../../../components/layout/root-data';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { useFormRefusal } from '../../../lib/errors';
import { storeName } from '../../../lib/localized';
import { PolicyPage } from '../../content/policy-page';
import { Field, TextInput } from '../ui/fields';
import { FormErrorBox } from '../ui/states';
import { useSavePage, type PageForm } from './pages-api';
import { RichTextEditor } from './rich-text-editor';

const FIELDS = ['title_ar', 'body_ar', 'title_en', 'body_en'] as const;

const formOf = (page: AdminContentPage): PageForm => ({
  title_ar: page.title_ar,
  title_en: page.title_en,
  body_ar: page.body_ar,
  body_en: page.body_en,
});

const sameForm = (a: PageForm, b: PageForm) => FIELDS.every((field) => a[field] === b[field]);

/**
 * One policy page's editor: the Arabic and English title and text side by side (stacked on a
 * phone), a preview in the storefront's layout, and Save. A refused save keeps what was typed,
 * with the server's messages on their fields; a saved one shows the text as the server kept it.
 */
export function PageEditor({
  page,
  hidden,
  onDirtyChange,
}: {
  page: AdminContentPage;
  hidden: boolean;
  /** Told whether the form holds changes not saved (the tab warns before they are left). */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const { settings } = useRootData();
  const [saved, setSaved] = useState<PageForm>(() => formOf(page));
  const [preview, setPreview] = useState<Language | null>(null);
  const fieldId = (field: string) => `page-${page.slug}-${field}`;
  const form = useFieldForm<PageForm>(saved, { fields: FIELDS, fieldId });
  const { formErrors, clearFormErrors, showRefusal } = useFormRefusal(form, t('admin-pages.toast.save_failed'));
  const save = useSavePage();
  const dirty = !sameForm(form.values, saved);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const pageName = t(`admin-pages.section.${page.slug}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    clearFormErrors();
    save.mutate(
      { slug: page.slug, form: form.values },
      {
        onSuccess: (stored) => {
          const next = formOf(stored);
          setSaved(next);
          form.setValues(next);
          toast.success(t('admin-pages.toast.page_saved', { title: pageName }));
        },
        onError: showRefusal,
      },
    );
  }

  const column = (language: Language) => {
    const suffix = language === 'ar' ? '_ar' : '_en';
    const title = form.field(`title${suffix}` as 'title_ar' | 'title_en');
    const body = form.field(`body${suffix}` as 'body_ar' | 'body_en');
    const dir = language === 'ar' ? 'rtl' : 'ltr';
    const languageName = t(language === 'ar' ? 'admin-pages.arabic' : 'admin-pages.english');
    return (
      <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
        <legend className="px-1 text-base font-semibold text-stone-900">{languageName}</legend>
        <Field id={title.id} label={`${t('admin-pages.field.title')} (${languageName})`} required error={title.error}>
          <TextInput
            id={title.id}
            value={title.value}
            onValue={title.onChange}
            error={title.error}
            dir={dir}
            lang={language}
            maxLength={PAGE_TITLE_MAX}
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <span id={`${body.id}-label`} className="text-sm font-semibold text-stone-800">
            {`${t('admin-pages.field.body')} (${languageName})`}
          </span>
          <RichTextEditor
            id={body.id}
            labelId={`${body.id}-label`}
            hintId={`${page.slug}-body-hint`}
            value={body.value}
            onValue={body.onChange}
            dir={dir}
            lang={language}
            error={body.error}
          />
          <p id={`${body.id}-error`} className="text-sm font-semibold text-red-700 empty:hidden">
            {body.error}
          </p>
        </div>
      </fieldset>
    );
  };

  const busy = save.isPending;
  return (
    <section hidden={hidden} aria-labelledby={`page-${page.slug}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`page-${page.slug}-heading`} className="text-lg font-semibold text-stone-900">
            {pageName}
          </h2>
          <p className="text-sm text-stone-600">
            {page.updated_at ? t('admin-pages.saved_at', { date: formatShopDate(page.updated_at, lang, { withTime: true }) }) : t('admin-pages.never_saved')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-pressed={preview === 'ar'} onClick={() => setPreview(preview === 'ar' ? null : 'ar')}>
            {t('admin-pages.preview_arabic')}
          </Button>
          <Button variant="secondary" aria-pressed={preview === 'en'} onClick={() => setPreview(preview === 'en' ? null : 'en')}>
            {t('admin-pages.preview_english')}
          </Button>
          <a
            href={pathInLanguage(`/${page.slug}`, lang)}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 underline hover:text-brand-800 lg:min-h-10"
          >
            {t('admin-pages.view_page')}
          </a>
        </div>
      </div>
      {preview ? (
        <div
          role="region"
          aria-label={t('admin-pages.preview_label')}
          dir={preview === 'ar' ? 'rtl' : 'ltr'}
          lang={preview}
          className="rounded-2xl border border-dashed border-brand-300 bg-sand-50"
        >
          <PolicyPage
            page={{ title: preview === 'ar' ? form.values.title_ar : form.values.title_en, body: preview === 'ar' ? form.values.body_ar : form.values.body_en }}
            store={storeName(preview, settings)}
          />
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy || undefined}>
        <FormErrorBox messages={formErrors} />
        <p id={`${page.slug}-body-hint`} className="text-sm text-stone-600">
          {t('admin-pages.body_hint')}
        </p>
        <div className="grid gap-4 xl:grid-cols-2">
          {column('ar')}
          {column('en')}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? t('admin.common.saving') : t('admin.common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
