import { useQuery } from '@tanstack/react-query';
import { useMemo, type CSSProperties } from 'react';
import { imageSrcSet } from '@shop/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SearchIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { adminNewRecordHref, adminRecordHref } from '../shell/admin-links';
import { userCan } from '../shell/gate';
import { FolderIcon, PlusIcon } from '../ui/admin-icons';
import { useConfirm } from '../ui/confirm-dialog';
import { TextInput } from '../ui/fields';
import { Badge, EnglishNameLine, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { RowDeleteButton, RowEditLink, useDeleteFailure } from '../ui/row-actions';
import { useUrlState } from '../ui/url-state';
import { adminCategoriesQuery, useDeleteCategory, useRefreshCategories, type CategoryRow } from './categories-api';
import { searchRows, treeRows } from './category-rules';
import { useSessionFailureOf } from '../../../lib/errors';

const URL_DEFAULTS = { search: '' } as const;

/** A row of the list: the category, how deep it sits, and its parent's name. */
interface ListRow {
  category: CategoryRow;
  depth: number;
  parentName: string | null;
}

/**
 * The categories tab: every category, active or not, in tree order
 * (subcategories indented under their parent), with its image, names, slug, description, status
 * and product count; add, edit and delete (after a confirmation naming what moves) for those
 * who may change the catalogue.
 */
export default function CategoriesTab() {
  const { t, tp } = useI18n();
  const { user } = useAuth();
  const canWrite = userCan(user, 'catalog.write');
  const toast = useToast();
  const confirm = useConfirm();
  const [filters, setFilters] = useUrlState(URL_DEFAULTS);

  const categories = useQuery(adminCategoriesQuery());
  useSessionFailureOf(categories.error);

  const searching = filters.search.trim() !== '';
  const rows = useMemo<ListRow[]>(() => {
    const list = categories.data ?? [];
    const names = new Map(list.map((category) => [category.id, category.name]));
    return searchRows(treeRows(list), filters.search).map(({ category, depth }) => ({
      category,
      depth,
      parentName: category.parent_id === null ? null : (names.get(category.parent_id) ?? null),
    }));
  }, [categories.data, filters.search]);

  const deleteFailed = useDeleteFailure(t('admin-categories.toast.delete_failed'), useRefreshCategories());
  const remove = useDeleteCategory({
    onSuccess: () => toast.success(t('admin-categories.toast.deleted')),
    onError: deleteFailed,
  });

  async function askDelete(category: CategoryRow) {
    const products = category.product_count;
    const children = category.children_count;
    const yes = await confirm({
      message: (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-stone-900">{t('admin-categories.confirm.delete_lead', { name: category.name })}</p>
          <p>{tp('admin-categories.confirm.products', products)}</p>
          <p>{tp('admin-categories.confirm.children', children)}</p>
          <p>{t('admin-categories.confirm.no_product_deleted')}</p>
        </div>
      ),
    });
    if (yes) remove.mutate(category);
  }

  const columns: Column<ListRow>[] = [
    {
      id: 'image',
      header: t('admin-categories.col.image'),
      media: true,
      className: 'w-20',
      cell: ({ category }) =>
        category.image ? (
          <img
            src={category.image}
            srcSet={imageSrcSet(category.image)}
            sizes="56px"
            alt=""
            loading="lazy"
            decoding="async"
            className="size-14 rounded-lg border border-stone-200 bg-stone-100 object-cover"
          />
        ) : (
          <span className="flex size-14 items-center justify-center rounded-lg bg-stone-100 text-stone-400" aria-hidden="true">
            <FolderIcon className="size-6" />
          </span>
        ),
    },
    {
      id: 'name',
      header: t('admin-categories.col.name'),
      primary: true,
      cell: ({ category, depth, parentName }) => (
        // Subcategories are indented under their parent (not while searching: the parent may be filtered out).
        <div
          className="flex min-w-0 gap-1.5 ps-[calc(var(--depth)*1rem)] md:ps-[calc(var(--depth)*1.5rem)]"
          style={{ '--depth': searching ? 0 : depth } as CSSProperties}
        >
          {depth > 0 && !searching ? (
            <span aria-hidden="true" className="text-stone-400">
              ↳
            </span>
          ) : null}
          <div className="min-w-0">
            <p className="font-semibold break-words text-stone-900">
              <bdi>{category.name}</bdi>
            </p>
            <EnglishNameLine name={category.name_en} />
            {parentName ? (
              <p className="text-xs font-normal text-stone-500">{t('admin-categories.subcategory_of', { parent: parentName })}</p>
            ) : null}
            {/* On a phone the status sits under the name. */}
            <span className="mt-1 inline-block lg:hidden">
              <StatusBadge active={category.is_active} />
            </span>
          </div>
        </div>
      ),
    },
    {
      id: 'slug',
      header: t('admin-categories.col.slug'),
      fold: 'labelled',
      cell: ({ category }) => (
        <span dir="auto" className="font-mono text-xs break-all text-stone-600">
          {category.slug}
        </span>
      ),
    },
    {
      id: 'description',
      header: t('admin-categories.col.description'),
      fold: 'bare',
      cell: ({ category }) =>
        category.description ? (
          <p className="line-clamp-2 max-w-md break-words text-stone-600" title={category.description}>
            <bdi>{category.description}</bdi>
          </p>
        ) : (
          <span className="text-stone-400">{t('admin-categories.no_description')}</span>
        ),
    },
    {
      id: 'products',
      header: t('admin-categories.col.products'),
      className: 'tabular-nums',
      cell: ({ category }) => <bdi>{category.product_count}</bdi>,
    },
    {
      id: 'status',
      header: t('admin-categories.col.status'),
      hideOnPhone: true,
      cell: ({ category }) => <StatusBadge active={category.is_active} />,
    },
  ];

  const addButton = canWrite ? (
    <ButtonLink to={adminNewRecordHref('categories')}>
      <PlusIcon className="size-4" />
      {t('admin-categories.add')}
    </ButtonLink>
  ) : null;

  const total = categories.data?.length ?? 0;
  let body;
  if (categories.isPending) body = <LoadingPanel />;
  else if (categories.isError) {
    body = <ErrorPanel title={t('admin-categories.load_error')} error={categories.error} onRetry={() => void categories.refetch()} />;
  } else if (total === 0) {
    body = (
      <EmptyPanel
        icon={<FolderIcon className="size-8" />}
        title={t('admin-categories.empty_title')}
        text={canWrite ? t('admin-categories.empty_text') : t('admin-categories.empty_text_readonly')}
        action={addButton}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyPanel
        icon={<SearchIcon className="size-8" />}
        title={t('admin-categories.no_match_title', { search: filters.search.trim() })}
        text={t('admin-categories.no_match_text')}
        action={
          <Button variant="secondary" onClick={() => setFilters({ search: '' })}>
            {t('admin-categories.clear_search')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <ResourceList
        label={t('admin-categories.list_label')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.category.id}
        actions={
          canWrite
            ? ({ category }) => {
                const deleting = remove.isPending && remove.variables.id === category.id;
                return (
                  <>
                    <RowEditLink
                      to={adminRecordHref('categories', category.id)}
                      label={t('admin-categories.edit_label', { name: category.name })}
                    />
                    <RowDeleteButton
                      label={t('admin-categories.delete_label', { name: category.name })}
                      deleting={deleting}
                      onDelete={() => void askDelete(category)}
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
        title={t('admin-categories.title')}
        description={canWrite ? t('admin-categories.description') : `${t('admin-categories.description')} ${t('admin-categories.readonly_note')}`}
        actions={total > 0 ? addButton : null}
      />
      {total > 0 ? (
        <div role="search" className="mb-4 max-w-md">
          <label htmlFor="categories-search" className="sr-only">
            {t('admin-categories.search_label')}
          </label>
          <TextInput
            id="categories-search"
            type="search"
            value={filters.search}
            onValue={(search) => setFilters({ search })}
            placeholder={t('admin-categories.search_placeholder')}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
      ) : null}
      {body}
    </section>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useI18n();
  return <Badge tone={active ? 'green' : 'grey'}>{active ? t('admin.common.active') : t('admin.common.inactive')}</Badge>;
}
