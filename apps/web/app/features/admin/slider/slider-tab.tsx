import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { imageSrcSet, inLanguage, isSafeLink } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { userCan } from '../shell/gate';
import { ImagesIcon, PlusIcon } from '../ui/admin-icons';
import { RowDeleteButton, RowEditButton, useDeleteFailure } from '../ui/row-actions';
import { useConfirm } from '../ui/confirm-dialog';
import { Badge, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { sortSlides } from './slide-rules';
import { SlideFormModal } from './slide-form-modal';
import { adminSlidesQuery, useDeleteSlide, useRefreshSlides, type AdminSlide } from './slider-api';
import { useSessionFailureOf } from '../../../lib/errors';

/** Which form is open: none, a new slide, or the slide being edited. */
type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; slide: AdminSlide };

/**
 * The slider tab: the home page's slides in their order, with an add and
 * edit modal and deletion after a confirmation. Without catalog.write (moderators) it is read-only.
 */
export default function SliderTab() {
  const { t, lang } = useI18n();
  const { user } = useAuth();
  const canWrite = userCan(user, 'catalog.write');
  const toast = useToast();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });

  const slides = useQuery(adminSlidesQuery());
  useSessionFailureOf(slides.error);
  const rows = useMemo(() => sortSlides(slides.data ?? []), [slides.data]);

  const deleteFailed = useDeleteFailure(t('admin-slider.toast.delete_failed'), useRefreshSlides());
  const remove = useDeleteSlide({
    onSuccess: () => toast.success(t('admin-slider.toast.deleted')),
    onError: deleteFailed,
  });

  const shownTitle = (slide: AdminSlide) => inLanguage(lang, slide.title, slide.title_en);

  async function askDelete(slide: AdminSlide) {
    const yes = await confirm({ message: t('admin-slider.confirm.delete_message', { title: shownTitle(slide) }) });
    if (yes) remove.mutate(slide);
  }

  const columns: Column<AdminSlide>[] = [
    {
      id: 'image',
      header: t('admin-slider.col.image'),
      media: true,
      className: 'w-32',
      cell: (slide) => (
        <img
          src={slide.image}
          srcSet={imageSrcSet(slide.image)}
          sizes="112px"
          alt={t('admin-slider.image_alt', { title: shownTitle(slide) })}
          loading="lazy"
          decoding="async"
          className="aspect-[8/3] w-28 rounded-lg border border-stone-200 bg-stone-100 object-cover"
        />
      ),
    },
    {
      id: 'title',
      header: t('admin-slider.col.title'),
      primary: true,
      cell: (slide) => (
        <div className="min-w-0">
          <p className="font-semibold break-words text-stone-900">
            <bdi>{slide.title}</bdi>
          </p>
          {slide.title_en ? (
            <p className="text-sm font-normal break-words text-stone-500">
              <bdi lang="en">{slide.title_en}</bdi>
            </p>
          ) : null}
          {/* On a phone the status sits under the title. */}
          <span className="mt-1 inline-block lg:hidden">
            <StatusBadge active={slide.is_active} />
          </span>
        </div>
      ),
    },
    {
      id: 'description',
      header: t('admin-slider.col.description'),
      className: 'max-w-xs',
      cell: (slide) =>
        slide.description ? (
          <p className="line-clamp-2 break-words text-stone-700" title={slide.description}>
            <bdi>{slide.description}</bdi>
          </p>
        ) : (
          <span className="text-stone-400">{t('admin-slider.no_description')}</span>
        ),
    },
    {
      id: 'link',
      header: t('admin-slider.col.link'),
      cell: (slide) =>
        // A link saved before the shop's rule and refused by it is shown as text, to be corrected.
        slide.link_url && !isSafeLink(slide.link_url) ? (
          <span dir="ltr" className="inline-block max-w-full truncate md:max-w-56 align-bottom text-stone-700" title={slide.link_url}>
            {slide.link_url}
          </span>
        ) : slide.link_url ? (
          <a
            href={slide.link_url}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            className="inline-block max-w-full truncate py-3 align-bottom leading-5 text-brand-800 underline underline-offset-2 hover:text-brand-900 md:max-w-56 lg:py-0"
            title={slide.link_url}
          >
            {slide.link_url}
          </a>
        ) : (
          <span className="text-stone-400">{t('admin-slider.no_link')}</span>
        ),
    },
    {
      id: 'sort_order',
      header: t('admin-slider.col.sort_order'),
      className: 'tabular-nums',
      cell: (slide) => <bdi>{slide.sort_order}</bdi>,
    },
    {
      id: 'status',
      header: t('admin-slider.col.status'),
      hideOnPhone: true,
      cell: (slide) => <StatusBadge active={slide.is_active} />,
    },
  ];

  const addButton = canWrite ? (
    <Button onClick={() => setEditing({ mode: 'create' })}>
      <PlusIcon className="size-4" />
      {t('admin-slider.add')}
    </Button>
  ) : null;

  let body;
  // Once loaded, the list stays on screen whatever a later refetch does.
  if (slides.data === undefined) {
    body = slides.isError ? (
      <ErrorPanel title={t('admin-slider.load_error')} error={slides.error} onRetry={() => void slides.refetch()} />
    ) : (
      <LoadingPanel />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyPanel
        icon={<ImagesIcon className="size-8" />}
        title={t('admin-slider.empty_title')}
        text={canWrite ? t('admin-slider.empty_text') : t('admin-slider.empty_text_readonly')}
        action={addButton}
      />
    );
  } else {
    body = (
      <ResourceList
        label={t('admin-slider.list_label')}
        columns={columns}
        rows={rows}
        rowKey={(slide) => slide.id}
        actions={
          canWrite
            ? (slide) => {
                const deleting = remove.isPending && remove.variables.id === slide.id;
                return (
                  <>
                    <RowEditButton
                      label={t('admin-slider.edit_label', { title: shownTitle(slide) })}
                      deleting={deleting}
                      onEdit={() => setEditing({ mode: 'edit', slide })}
                    />
                    <RowDeleteButton
                      label={t('admin-slider.delete_label', { title: shownTitle(slide) })}
                      deleting={deleting}
                      onDelete={() => void askDelete(slide)}
                    />
                  </>
                );
              }
            : undefined
        }
      />
    );
  }

  return (
    <section>
      <AdminPageHeader
        title={t('admin-slider.title')}
        description={canWrite ? t('admin-slider.description') : `${t('admin-slider.description')} ${t('admin-slider.readonly_note')}`}
        actions={rows.length > 0 ? addButton : null}
      />
      {body}
      {editing.mode !== 'closed' ? (
        <SlideFormModal
          slide={editing.mode === 'edit' ? editing.slide : null}
          slides={rows}
          onClose={() => setEditing({ mode: 'closed' })}
        />
      ) : null}
    </section>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useI18n();
  return <Badge tone={active ? 'green' : 'grey'}>{active ? t('admin.common.active') : t('admin.common.inactive')}</Badge>;
}
