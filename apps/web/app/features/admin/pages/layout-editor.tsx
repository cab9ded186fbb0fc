import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { FOOTER_HREF_MAX, FOOTER_LABEL_MAX, FOOTER_LINKS_MAX, HERO_KICKER_MAX, HERO_TEXT_MAX, type AdminStorefrontLayout } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { useFormRefusal } from '../../../lib/errors';
import { PlusIcon, TrashIcon } from '../ui/admin-icons';
import { Field, TextArea, TextInput } from '../ui/fields';
import { FormErrorBox } from '../ui/states';
import { layoutFieldErrors, layoutFormOf, moved, sameLayout, withoutLinkErrors } from './layout-rules';
import { useSaveLayout, type LayoutForm } from './pages-api';

/** A control's id from the field path the server names ("footer_links.0.href" → layout-footer_links-0-href). */
const fieldId = (path: string) => `layout-${path.replace(/\./g, '-')}`;

const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40 lg:min-h-10 lg:min-w-10';

/** Up and down buttons of an ordered list's item, named after it. */
function MoveButtons({ name, index, count, onMove }: { name: string; index: number; count: number; onMove: (by: -1 | 1) => void }) {
  const { t } = useI18n();
  return (
    <>
      <button type="button" className={iconButton} aria-label={t('admin-pages.move_up', { name })} disabled={index === 0} onClick={() => onMove(-1)}>
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={t('admin-pages.move_down', { name })}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </>
  );
}

function Card({ title, description, error, children }: { title: string; description?: string; error?: string | undefined; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <legend className="px-1 text-lg font-semibold text-stone-900">{title}</legend>
      {description ? <p className="-mt-2 text-sm text-stone-600">{description}</p> : null}
      {error ? <p className="text-sm font-semibold text-red-700">{error}</p> : null}
      {children}
    </fieldset>
  );
}

/**
 * The footer's links (add, remove, reorder with buttons), the home page's sections (order, shown
 * or hidden) and the hero's texts, saved together. A refused save keeps everything typed, with
 * each message under its field.
 */
export function LayoutEditor({
  layout,
  hidden,
  onDirtyChange,
}: {
  layout: AdminStorefrontLayout;
  hidden: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [saved, setSaved] = useState<LayoutForm>(() => layoutFormOf(layout));
  const [form, setForm] = useState<LayoutForm>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refusable = useMemo(
    () => ({
      showServerErrors: (error: unknown) => {
        const shown = layoutFieldErrors(error);
        if (!shown) return null;
        setErrors(shown);
        const first = Object.keys(shown)[0];
        if (first) document.getElementById(fieldId(first))?.focus();
        return [];
      },
    }),
    [],
  );
  const { formErrors, clearFormErrors, showRefusal } = useFormRefusal(refusable, t('admin-pages.toast.save_failed'));
  const save = useSaveLayout();
  const dirty = !sameLayout(form, saved);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const clearError = (path: string) =>
    setErrors((current) => {
      if (!(path in current)) return current;
      const next = { ...current };
      delete next[path];
      return next;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    clearFormErrors();
    setErrors({});
    save.mutate(form, {
      onSuccess: (stored) => {
        const next = layoutFormOf(stored);
        setSaved(next);
        setForm(next);
        toast.success(t('admin-pages.toast.layout_saved'));
      },
      onError: showRefusal,
    });
  }

  const heroField = (key: keyof LayoutForm['hero'], label: string, language: 'ar' | 'en', multiline: boolean) => {
    const path = `hero.${key}`;
    const id = fieldId(path);
    const value = form.hero[key] ?? '';
    const onValue = (next: string) => {
      setForm((current) => ({ ...current, hero: { ...current.hero, [key]: next } }));
      clearError(path);
    };
    const dir = language === 'ar' ? 'rtl' : 'ltr';
    const hint = multiline ? t('admin-pages.hero.text_hint') : undefined;
    return (
      <Field id={id} label={label} required={!multiline} optional={multiline} hint={hint} error={errors[path]}>
        {multiline ? (
          <TextArea id={id} value={value} onValue={onValue} error={errors[path]} hint={hint} dir={dir} lang={language} rows={3} maxLength={HERO_TEXT_MAX} />
        ) : (
          <TextInput id={id} value={value} onValue={onValue} error={errors[path]} dir={dir} lang={language} maxLength={HERO_KICKER_MAX} />
        )}
      </Field>
    );
  };

  const setLink = (index: number, key: 'label_ar' | 'label_en' | 'href', value: string) => {
    setForm((current) => ({
      ...current,
      footer_links: current.footer_links.map((link, at) => (at === index ? { ...link, [key]: value } : link)),
    }));
    clearError(`footer_links.${index}.${key}`);
  };
  const changeLinks = (next: (links: LayoutForm['footer_links']) => LayoutForm['footer_links']) => {
    setForm((current) => ({ ...current, footer_links: next(current.footer_links) }));
    setErrors((current) => withoutLinkErrors(current));
  };

  const arabic = t('admin-pages.arabic');
  const english = t('admin-pages.english');
  const busy = save.isPending;
  return (
    <section hidden={hidden} aria-labelledby="layout-heading">
      <h2 id="layout-heading" className="mb-4 text-lg font-semibold text-stone-900">
        {t('admin-pages.section.layout')}
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={busy || undefined}>
        <FormErrorBox messages={formErrors} />
        <Card title={t('admin-pages.hero.title')}>
          <div className="grid gap-4 md:grid-cols-2">
            {heroField('kicker_ar', `${t('admin-pages.hero.kicker')} (${arabic})`, 'ar', false)}
            {heroField('kicker_en', `${t('admin-pages.hero.kicker')} (${english})`, 'en', false)}
            {heroField('text_ar', `${t('admin-pages.hero.text')} (${arabic})`, 'ar', true)}
            {heroField('text_en', `${t('admin-pages.hero.text')} (${english})`, 'en', true)}
          </div>
        </Card>

        <Card title={t('admin-pages.home.title')} description={t('admin-pages.home.description')} error={errors.home_sections}>
          <ol className="flex flex-col divide-y divide-stone-100">
            {form.home_sections.map((section, index) => {
              const name = t(`admin-pages.home.section.${section.key}`);
              const id = fieldId(`home_sections.${section.key}`);
              return (
                <li key={section.key} className="flex flex-wrap items-center gap-3 py-2">
                  <span className="min-w-40 flex-1 font-semibold text-stone-900">{name}</span>
                  <label htmlFor={id} className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-800">
                    <input
                      id={id}
                      type="checkbox"
                      role="switch"
                      checked={section.visible}
                      aria-label={`${t('admin-pages.home.shown')}: ${name}`}
                      onChange={(event) =>
                        setForm((current) => ({
                          ...current,
                          home_sections: current.home_sections.map((item) => (item.key === section.key ? { ...item, visible: event.target.checked } : item)),
                        }))
                      }
                      className="size-5 accent-brand-700"
                    />
                    <span aria-hidden="true">{t('admin-pages.home.shown')}</span>
                  </label>
                  <div className="flex gap-2">
                    <MoveButtons
                      name={name}
                      index={index}
                      count={form.home_sections.length}
                      onMove={(by) => setForm((current) => ({ ...current, home_sections: moved(current.home_sections, index, by) }))}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
        </Card>

        <Card
          title={t('admin-pages.footer.title')}
          description={t('admin-pages.footer.description', { count: FOOTER_LINKS_MAX })}
          error={errors.footer_links}
        >
          {form.footer_links.length === 0 ? <p className="text-sm text-stone-600">{t('admin-pages.footer.empty')}</p> : null}
          <ol className="flex flex-col gap-4">
            {form.footer_links.map((link, index) => {
              const name = (link.label_ar || link.label_en || t('admin-pages.footer.link_n', { number: index + 1 })).trim();
              const control = (key: 'label_ar' | 'label_en' | 'href', label: string, dir: 'rtl' | 'ltr', max: number) => {
                const path = `footer_links.${index}.${key}`;
                return (
                  <Field id={fieldId(path)} label={label} required error={errors[path]}>
                    <TextInput
                      id={fieldId(path)}
                      value={link[key]}
                      onValue={(value) => setLink(index, key, value)}
                      error={errors[path]}
                      dir={dir}
                      maxLength={max}
                      {...(key === 'href' ? { inputMode: 'url' as const, spellCheck: false } : {})}
                    />
                  </Field>
                );
              };
              return (
                // Links have no id of their own: their place is their identity while editing.
                <li key={index} className="rounded-xl border border-stone-200 p-3">
                  <fieldset className="flex min-w-0 flex-col gap-3">
                    <legend className="text-sm font-semibold text-stone-700">{t('admin-pages.footer.link_n', { number: index + 1 })}</legend>
                    <div className="grid gap-3 md:grid-cols-3">
                      {control('label_ar', t('admin-pages.footer.label_ar'), 'rtl', FOOTER_LABEL_MAX)}
                      {control('label_en', t('admin-pages.footer.label_en'), 'ltr', FOOTER_LABEL_MAX)}
                      {control('href', t('admin-pages.footer.href'), 'ltr', FOOTER_HREF_MAX)}
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <MoveButtons name={name} index={index} count={form.footer_links.length} onMove={(by) => changeLinks((links) => moved(links, index, by))} />
                      <button
                        type="button"
                        className={`${iconButton} text-red-700`}
                        aria-label={t('admin-pages.footer.remove', { name })}
                        onClick={() => changeLinks((links) => links.filter((_, at) => at !== index))}
                      >
                        <TrashIcon className="size-4" />
                      </button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <div>
            <Button
              variant="secondary"
              disabled={form.footer_links.length >= FOOTER_LINKS_MAX}
              onClick={() => {
                const index = form.footer_links.length;
                changeLinks((links) => [...links, { label_ar: '', label_en: '', href: '' }]);
                requestAnimationFrame(() => document.getElementById(fieldId(`footer_links.${index}.label_ar`))?.focus());
              }}
            >
              <PlusIcon className="size-4" />
              {t('admin-pages.footer.add')}
            </Button>
          </div>
        </Card>

        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? t('admin.common.saving') : t('admin.common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
