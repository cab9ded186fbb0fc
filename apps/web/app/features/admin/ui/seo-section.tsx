import { useState } from 'react';
import { type Language, type SeoField } from '@shop/shared';
import { useI18n } from '../../../i18n/i18n';
import { Field, TextArea, TextInput } from './fields';
import { searchPreview, seoLength, seoLimit, type SeoForm } from './seo-rules';

interface SeoSectionProps {
  /** Prefix of the controls' ids, e.g. "product" gives "product-seo_title_ar". */
  idPrefix: string;
  values: SeoForm;
  errors: Partial<Record<SeoField, string | undefined>>;
  onChange: (field: SeoField, value: string) => void;
  /** What the page shows without SEO texts, per language: its name and its own description. */
  fallback: Record<Language, { title: string; description: string }>;
  /** The page's address as a search result shows it, per language. */
  address: Record<Language, string>;
}

/**
 * The "Search engine listing" block of the product and category forms: collapsed until opened
 * (or until one of its fields is refused), a title and a description per language with their
 * character counts, and how the search result would read.
 */
export function SeoSection({ idPrefix, values, errors, onChange, fallback, address }: SeoSectionProps) {
  const { t } = useI18n();
  const refused = Object.values(errors).some(Boolean);
  const [opened, setOpened] = useState(false);
  // A refused field must be seen (and take the focus): the block is open whenever one is.
  const open = opened || refused;

  const control = (field: SeoField, lang: Language) => {
    const id = `${idPrefix}-${field}`;
    const count = t('admin.seo.count', { count: seoLength(values[field]), max: seoLimit(field) });
    const label = `${t(field.startsWith('seo_title') ? 'admin.seo.title' : 'admin.seo.description')} (${t(
      lang === 'ar' ? 'admin.common.arabic' : 'admin.common.english',
    )})`;
    const common = {
      id,
      value: values[field],
      onValue: (value: string) => onChange(field, value),
      error: errors[field],
      hint: count,
      dir: lang === 'ar' ? ('rtl' as const) : ('ltr' as const),
    };
    return (
      <Field id={id} label={label} optional hint={count} error={errors[field]}>
        {field.startsWith('seo_title') ? <TextInput {...common} /> : <TextArea {...common} rows={3} />}
      </Field>
    );
  };

  return (
    <details
      open={open}
      onToggle={(event) => setOpened(event.currentTarget.open)}
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <summary className="flex min-h-11 cursor-pointer items-center text-lg font-semibold text-stone-900">
        {t('admin.seo.section')}
      </summary>
      <p className="mt-2 text-sm text-stone-600">{t('admin.seo.section_hint')}</p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {(['ar', 'en'] as const).map((lang) => {
          const preview = searchPreview(
            { title: values[`seo_title_${lang}`], description: values[`seo_description_${lang}`] },
            fallback[lang],
          );
          return (
            <div key={lang} className="flex min-w-0 flex-col gap-4">
              {control(`seo_title_${lang}`, lang)}
              {control(`seo_description_${lang}`, lang)}
              <figure className="rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
                <figcaption className="text-xs font-semibold text-stone-600">{t('admin.seo.preview')}</figcaption>
                <div lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} className="mt-2">
                  <p dir="ltr" className="truncate text-xs text-stone-600">
                    {address[lang]}
                  </p>
                  <p className="truncate text-lg text-blue-800">{preview.title}</p>
                  <p className="text-sm text-stone-700">{preview.description}</p>
                </div>
              </figure>
            </div>
          );
        })}
      </div>
    </details>
  );
}
