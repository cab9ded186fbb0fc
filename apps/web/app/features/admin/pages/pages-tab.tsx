import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CONTENT_PAGE_SLUGS, type ContentPageSlug } from '@shop/shared';
import { useI18n } from '../../../i18n/i18n';
import { useSessionFailureOf } from '../../../lib/errors';
import { AdminPageHeader, ErrorPanel, LoadingPanel } from '../ui/states';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import { LayoutEditor } from './layout-editor';
import { PageEditor } from './page-editor';
import { adminLayoutQuery, adminPagesQuery } from './pages-api';

type Section = ContentPageSlug | 'layout';
const SECTIONS: readonly Section[] = [...CONTENT_PAGE_SLUGS, 'layout'];

/**
 * The Pages tab (docs/decisions/058): the three policy pages and the footer and home page's
 * layout, one at a time. Every editor stays mounted while another is shown, so switching never
 * loses what was typed; leaving the tab with unsaved changes asks first.
 */
export default function PagesTab() {
  const { t } = useI18n();
  const pages = useQuery(adminPagesQuery());
  const layout = useQuery(adminLayoutQuery());
  useSessionFailureOf(pages.error ?? layout.error);
  const [shown, setShown] = useState<Section>('privacy');
  const [dirty, setDirty] = useState<ReadonlySet<Section>>(new Set());
  useUnsavedChanges(dirty.size > 0);

  // One stable reporter per section, so an editor's effect runs only when its own state changes.
  const reporters = useMemo(
    () =>
      Object.fromEntries(
        SECTIONS.map((section) => [
          section,
          (isDirty: boolean) =>
            setDirty((current) => {
              if (current.has(section) === isDirty) return current;
              const next = new Set(current);
              if (isDirty) next.add(section);
              else next.delete(section);
              return next;
            }),
        ]),
      ) as Record<Section, (dirty: boolean) => void>,
    [],
  );

  const header = <AdminPageHeader title={t('admin-pages.title')} description={t('admin-pages.description')} />;
  if (pages.data === undefined || layout.data === undefined) {
    const failed = pages.isError ? pages : layout.isError ? layout : null;
    return (
      <section>
        {header}
        {failed ? (
          <ErrorPanel title={t('admin-pages.load_error')} error={failed.error} onRetry={() => void failed.refetch()} />
        ) : (
          <LoadingPanel />
        )}
      </section>
    );
  }

  return (
    <section>
      {header}
      <nav aria-label={t('admin-pages.sections_label')} className="mb-5 flex flex-wrap gap-2">
        {SECTIONS.map((section) => (
          <button
            key={section}
            type="button"
            aria-pressed={shown === section}
            onClick={() => setShown(section)}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold lg:min-h-10 ${
              shown === section ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
            }`}
          >
            {t(`admin-pages.section.${section}`)}
            {dirty.has(section) ? <span aria-hidden="true">&nbsp;•</span> : null}
          </button>
        ))}
      </nav>
      {pages.data.map((page) => (
        <PageEditor key={page.slug} page={page} hidden={shown !== page.slug} onDirtyChange={reporters[page.slug]} />
      ))}
      <LayoutEditor layout={layout.data} hidden={shown !== 'layout'} onDirtyChange={reporters.layout} />
    </section>
  );
}
