import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BULK_EDIT_MAX_PRODUCTS, formatPrice, shownSalePrice, stockLevel, toThousandths, type Product, type ProductsBulkEditInput } from '@shop/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useMoneyFormat } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { ADMIN_PRODUCTS_IMPORT_HREF, adminNewRecordHref, adminRecordHref } from '../shell/admin-links';
import { userCan } from '../shell/gate';
import { BoxIcon, CopyIcon, PencilIcon, PlusIcon, TrashIcon } from '../ui/admin-icons';
import { ProductThumb } from '../ui/product-thumb';
import { useConfirm } from '../ui/confirm-dialog';
import { Badge, EnglishNameLine, LoadMoreFooter, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel, NoMatchPanel } from '../ui/states';
import { useUrlSearchBox } from '../ui/use-debounced-search';
import { DANGER_ICON_BUTTON_CLASS, ICON_BUTTON_CLASS, useDeleteFailure } from '../ui/row-actions';
import { ListFilterSelect, ListSearchField } from '../ui/list-filters';
import { SelectionBar, useListSelection } from '../ui/list-selection';
import { pagedListView, usePagedList } from '../ui/paged-list';
import { useUrlState } from '../ui/url-state';
import { ADMIN_PRODUCT_SORTS, productOrderFrom, productSortFrom } from './product-form-rules';
import { ProductsExportButton } from './products-export-button';
import { fetchProductPage, productsQueryKeys, useDeleteProduct, useRefreshProducts, waitingStockAlertsQuery } from './products-api';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';
import { useDuplicateAction } from './duplicate-product';
import { BulkEditDialog } from './bulk-edit-dialog';
import { WaitingAlertsBadge } from './waiting-alerts-badge';

/** The list's filters in the URL beside `tab`; by default id, descending. */
const LIST_DEFAULTS = { search: '', sort: 'id', order: 'desc' } as const;
/**
 * The Products tab: every product, published or draft, 12 at a
 * time with "load more"; search, sort and order kept in the URL; add, edit, duplicate and delete for those
 * who may change the catalogue, with the CSV export of every product and the CSV import (a
 * moderator sees the list only).
 */
export default function ProductsTab() {
  const { t, tp } = useI18n();
  const { user } = useAuth();
  const canWrite = userCan(user, 'catalog.write');
  const toast = useToast();
  const confirm = useConfirm();
  const errorText = useStaffErrorText();
  const money = useMoneyFormat();

  const [state, setState] = useUrlState(LIST_DEFAULTS);
  const filters = useMemo(
    () => ({ search: state.search.trim(), sort: productSortFrom(state.sort), order: productOrderFrom(state.order) }),
    [state.search, state.sort, state.order],
  );
  const duplicate = useDuplicateAction();
  // A copy being made opens its form when it is ready: a search sent meanwhile would replace it.
  const [searchText, setSearchText] = useUrlSearchBox(state.search, setState, duplicate.pendingId !== undefined);

  // A new search keeps the old rows on screen until the new ones arrive.
  const products = usePagedList(productsQueryKeys.list(filters), (page) => fetchProductPage(filters, page));

  const rows = useMemo(() => products.data?.pages.flatMap((page) => page.products) ?? [], [products.data]);
  const total = products.data?.pages.at(-1)?.pagination.total ?? 0;
  // How many shoppers wait for each shown product to be back (one grouped read per 100 rows).
  const shownIds = useMemo(() => rows.map((product) => product.id), [rows]);
  const waiting = useQuery({ ...waitingStockAlertsQuery(shownIds), placeholderData: keepPreviousData });

  // Rows ticked for the bulk edit (other filters start a new selection); "all that match" widens
  // a whole page's selection to every product the list's filter matches, resolved by the server.
  const filtersKey = JSON.stringify(filters);
  const { selectedRows, select, selection } = useListSelection(rows, (product) => product.id, filtersKey, {
    rowLabel: (product) => t('admin-products.select.row', { name: product.name }),
    allLabel: t('admin-products.select.all'),
  });
  const [allMatchingOf, setAllMatchingOf] = useState<string | null>(null);
  const wholePage = rows.length > 0 && selectedRows.length === rows.length;
  const allMatching = wholePage && allMatchingOf === filtersKey && total > rows.length;
  const [editing, setEditing] = useState<{ selection: ProductsBulkEditInput['selection']; count: number } | null>(null);
  const clearSelection = () => {
    select([]);
    setAllMatchingOf(null);
  };
  function openBulkEdit() {
    setEditing(
      allMatching
        ? { selection: { filter: { search: filters.search || undefined, status: '', sort: filters.sort, order: filters.order } }, count: total }
        : { selection: { ids: selectedRows.map((product) => product.id) }, count: selectedRows.length },
    );
  }
  const selectedCount = allMatching ? total : selectedRows.length;

  const deleteFailed = useDeleteFailure(t('admin-products.delete.failed'), useRefreshProducts());
  const remove = useDeleteProduct({
    onSuccess: () => toast.success(t('admin-products.delete.success')),
    onError: deleteFailed,
  });

  async function askDelete(product: Product) {
    const count = product.images.length;
    const yes = await confirm({
      title: t('admin-products.delete.title'),
      message: tp('admin-products.delete.message', count, { name: product.name }),
      confirmLabel: t('admin-products.delete.confirm'),
    });
    if (yes) remove.mutate(product);
  }

  const price = (amount: number) => formatPrice(toThousandths(amount), money);

  const columns: Column<Product>[] = [
    {
      id: 'image',
      header: t('admin-products.column.image'),
      media: true,
      className: 'w-20',
      cell: (product) => <ProductThumb url={product.featured_image} size="medium" missingLabel={t('admin-products.list.no_image')} />,
    },
    {
      id: 'name',
      header: t('admin-products.column.name'),
      primary: true,
      cell: (product) => (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            {canWrite ? (
              <Link
                to={adminRecordHref('products', product.id)}
                // A finger's 44 px on a phone; a line of text beside a desktop pointer.
                className="inline-flex min-h-11 items-center font-semibold break-words text-stone-900 underline-offset-2 hover:text-brand-800 hover:underline lg:min-h-0"
                dir="auto"
              >
                {product.name}
              </Link>
            ) : (
              <span className="font-semibold break-words text-stone-900" dir="auto">
                {product.name}
              </span>
            )}
            {product.featured === 1 ? <Badge tone="purple">{t('admin-products.list.featured')}</Badge> : null}
          </p>
          <EnglishNameLine name={product.name_en} />
          {product.sku ? (
            <p className="text-xs font-normal text-stone-500">
              {t('admin-products.list.sku')} <bdi dir="ltr">{product.sku}</bdi>
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'category',
      header: t('admin-products.column.category'),
      fold: 'labelled',
      cell: (product) =>
        product.category_name ? (
          <span dir="auto">{product.category_name}</span>
        ) : (
          <span className="text-stone-500">{t('admin-products.list.uncategorised')}</span>
        ),
    },
    {
      id: 'price',
      header: t('admin-products.column.price'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (product) =>
        product.sale_price !== null && shownSalePrice(toThousandths(product.price), toThousandths(product.sale_price)) !== null ? (
          <div className="flex flex-col">
            <span className="font-semibold text-brand-800">
              <span className="sr-only">{t('admin-products.list.price_sale')} </span>
              <bdi>{price(product.sale_price)}</bdi>
            </span>
            <s className="text-xs text-stone-500">
              <span className="sr-only">{t('admin-products.list.price_regular')} </span>
              <bdi>{price(product.price)}</bdi>
            </s>
          </div>
        ) : (
          <bdi className="font-semibold text-stone-900">{price(product.price)}</bdi>
        ),
    },
    {
      id: 'stock',
      header: t('admin-products.column.stock'),
      cell: (product) => (
        <div className="flex flex-col items-start gap-1">
          <StockCell quantity={product.stock_quantity} />
          <WaitingAlertsBadge count={waiting.data?.get(product.id)} />
        </div>
      ),
    },
    {
      id: 'status',
      header: t('admin-products.column.status'),
      cell: (product) =>
        product.status === 'published' ? (
          <Badge tone="green">{t('admin-products.status.published')}</Badge>
        ) : (
          <Badge tone="grey">{t('admin-products.status.draft')}</Badge>
        ),
    },
  ];

  const searching = filters.search !== '';
  const hasMore = products.hasNextPage;

  let body;
  const view = pagedListView(products, rows.length);
  if (view === 'loading') {
    body = <LoadingPanel />;
  } else if (view === 'error') {
    body = <ErrorPanel title={t('admin-products.list.load_error')} error={products.error} onRetry={() => void products.refetch()} />;
  } else if (view === 'empty') {
    body = searching ? (
      <NoMatchPanel
        title={t('admin-products.list.no_match_title', { search: filters.search })}
        text={t('admin-products.list.no_match_text')}
        clearLabel={t('admin-products.list.clear_search')}
        onClear={() => {
          setSearchText('');
          setState({ search: '' });
        }}
      />
    ) : (
      <EmptyPanel
        icon={<BoxIcon className="size-8" />}
        title={t('admin-products.list.empty_title')}
        text={canWrite ? t('admin-products.list.empty_text') : t('admin-products.list.empty_text_read_only')}
        action={
          canWrite ? (
            <ButtonLink to={adminNewRecordHref('products')}>
              <PlusIcon className="size-5" />
              {t('admin-products.add')}
            </ButtonLink>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <ResourceList
        label={t('admin-products.list.label')}
        columns={columns}
        rows={rows}
        rowKey={(product) => product.id}
        selection={canWrite ? selection : undefined}
        actions={
          canWrite
            ? (product) => (
                <>
                  <Link
                    to={adminRecordHref('products', product.id)}
                    className={ICON_BUTTON_CLASS}
                    aria-label={t('admin-products.action.edit', { name: product.name })}
                    title={t('admin-products.action.edit', { name: product.name })}
                  >
                    <PencilIcon className="size-5" />
                  </Link>
                  <button
                    type="button"
                    className={ICON_BUTTON_CLASS}
                    aria-label={t('admin-products.action.duplicate', { name: product.name })}
                    title={t('admin-products.action.duplicate', { name: product.name })}
                    disabled={duplicate.pendingId !== undefined}
                    aria-busy={duplicate.pendingId === product.id}
                    onClick={() => duplicate.run(product.id)}
                  >
                    <CopyIcon className="size-5" />
                  </button>
                  <button
                    type="button"
                    className={DANGER_ICON_BUTTON_CLASS}
                    aria-label={t('admin-products.action.delete', { name: product.name })}
                    title={t('admin-products.action.delete', { name: product.name })}
                    disabled={remove.isPending && remove.variables?.id === product.id}
                    onClick={() => void askDelete(product)}
                  >
                    <TrashIcon className="size-5" />
                  </button>
                </>
              )
            : undefined
        }
        footer={
          <>
            {/* A failed next page or refresh leaves the rows already shown on screen. */}
            {products.isError ? (
              <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-sm font-semibold text-red-700">
                <span>
                  {t('admin-products.list.load_error')}: {errorText(products.error)}
                </span>
                <Button
                  variant="secondary"
                  onClick={() => void (products.isFetchNextPageError ? products.fetchNextPage() : products.refetch())}
                >
                  {t('admin.common.retry')}
                </Button>
              </div>
            ) : null}
            <LoadMoreFooter
              hasMore={hasMore}
              loading={products.isFetchingNextPage || products.isPlaceholderData}
              onLoadMore={() => void products.fetchNextPage()}
              allShownText={t('admin-products.list.all_shown')}
            />
          </>
        }
      />
    );
  }

  return (
    <div>
      <AdminPageHeader
        title={t('admin-products.title')}
        description={t('admin-products.description')}
        actions={
          canWrite ? (
            <>
              <ProductsExportButton />
              <ButtonLink variant="secondary" to={ADMIN_PRODUCTS_IMPORT_HREF}>
                {t('admin-products.import.button')}
              </ButtonLink>
              <ButtonLink to={adminNewRecordHref('products')}>
                <PlusIcon className="size-5" />
                {t('admin-products.add')}
              </ButtonLink>
            </>
          ) : undefined
        }
      />
      {canWrite ? null : <p className="mb-4 rounded-xl bg-stone-100 p-3 text-sm text-stone-700">{t('admin-products.read_only')}</p>}

      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <ListSearchField
          id="products-search"
          label={t('admin-products.list.search_label')}
          placeholder={t('admin-products.list.search_placeholder')}
          value={searchText}
          onValue={setSearchText}
        />
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <ListFilterSelect
            id="products-sort"
            label={t('admin.common.sort')}
            value={filters.sort}
            onValue={(value) => setState({ sort: value })}
          >
            {ADMIN_PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`admin-products.list.sort.${sort}`)}
              </option>
            ))}
          </ListFilterSelect>
          <ListFilterSelect
            id="products-order"
            label={t('admin.common.order')}
            value={filters.order}
            onValue={(value) => setState({ order: value })}
          >
            <option value="desc">{t('admin.common.order_desc')}</option>
            <option value="asc">{t('admin.common.order_asc')}</option>
          </ListFilterSelect>
        </div>
      </div>

      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-stone-600">
        {products.data && rows.length > 0
          ? products.isPlaceholderData
            ? t('admin-products.list.refreshing')
            : t('admin-products.list.count', { shown: rows.length, total })
          : null}
      </p>
      {canWrite && selectedRows.length > 0 ? (
        <SelectionBar
          label={t('admin-products.select.bar')}
          count={allMatching ? tp('admin-products.select.all_matching', total) : tp('admin-products.select.count', selectedRows.length)}
          clearLabel={t('admin-products.select.clear')}
          onClear={clearSelection}
        >
          {wholePage && total > rows.length && !allMatching ? (
            <Button variant="secondary" onClick={() => setAllMatchingOf(filtersKey)}>
              {t('admin-products.select.match_all', { count: total })}
            </Button>
          ) : null}
          {selectedCount > BULK_EDIT_MAX_PRODUCTS ? (
            <p role="alert" className="w-full text-sm font-semibold text-red-800 sm:order-last">
              {t('admin-products.select.too_many', { max: BULK_EDIT_MAX_PRODUCTS })}
            </p>
          ) : (
            <Button onClick={openBulkEdit}>{t('admin-products.select.bulk_edit')}</Button>
          )}
        </SelectionBar>
      ) : null}
      <div className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{body}</div>
      {editing ? (
        <BulkEditDialog
          selection={editing.selection}
          count={editing.count}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            clearSelection();
          }}
        />
      ) : null}
    </div>
  );
}


/** Stock badge: 0 or less red "out of stock", 1 to LOW_STOCK_THRESHOLD yellow "low", above green. */
function StockCell({ quantity }: { quantity: number }) {
  const { t } = useI18n();
  const level = stockLevel(quantity);
  if (level === 'out') return <Badge tone="red">{t('admin-products.stock.out')}</Badge>;
  if (level === 'low') return <Badge tone="yellow">{t('admin-products.stock.low', { count: quantity })}</Badge>;
  return <Badge tone="green">{t('admin-products.stock.normal', { count: quantity })}</Badge>;
}
