import { useMemo } from 'react';
import { formatPrice, toThousandths, type MerchantLastPush, type MerchantPickerProduct } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useMoneyFormat } from '../../../components/ui/price';
import { useI18n } from '../../../i18n/i18n';
import { BoxIcon } from '../ui/admin-icons';
import { ProductThumb } from '../ui/product-thumb';
import { ListSearchField } from '../ui/list-filters';
import { pagedListView, usePagedList } from '../ui/paged-list';
import { Badge, LoadMoreFooter, ResourceList, type Column } from '../ui/resource-list';
import { EmptyPanel, ErrorPanel, LoadingPanel, NoMatchPanel } from '../ui/states';
import { useUrlSearchBox } from '../ui/use-debounced-search';
import { useUrlState } from '../ui/url-state';
import { fetchMerchantProductPage, merchantQueryKeys } from './merchant-api';
import { MerchantCard } from './merchant-status-panels';
import { lastPushLabel } from './merchant-rules';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';

/** The picker's search in the URL beside `tab` (like the other tabs' lists). */
export const PICKER_URL_DEFAULTS = { search: '' } as const;
/** The query parameters the picker changes by itself (the form's guard ignores them). */
export const PICKER_URL_PARAMS = Object.keys(PICKER_URL_DEFAULTS);

/** A product's latest push: result, time, how it was sent and Google's reason when it failed. */
export function LastPushLine({ push }: { push: MerchantLastPush | null }) {
  const { t, formatDateTime } = useI18n();
  if (!push) return <span className="text-sm text-stone-500">{t('admin-merchant.push.never')}</span>;
  const label = lastPushLabel(push);
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={label.tone}>{t(label.key)}</Badge>
        <span className="text-stone-600">
          {formatDateTime(push.at)} · {t(`admin-merchant.push.source.${push.source}`)}
        </span>
      </p>
      {push.message ? <p className={`break-words ${push.result === 'failed' ? 'text-red-800' : 'text-stone-600'}`}>{push.message}</p> : null}
    </div>
  );
}


/**
 * The product picker (100 products at a time): a
 * search by name or SKU kept in the URL, "load more", and on every row the image, name, SKU,
 * price, stock and the last push. Choosing a row loads the product into the form.
 */
export function MerchantPicker({ chosenId, onChoose }: { chosenId: number | null; onChoose: (product: MerchantPickerProduct) => void }) {
  const { t } = useI18n();
  const money = useMoneyFormat();
  const errorText = useStaffErrorText();
  const [state, setState] = useUrlState(PICKER_URL_DEFAULTS);
  const search = state.search.trim();
  const [searchText, setSearchText] = useUrlSearchBox(state.search, setState);
  const products = usePagedList(merchantQueryKeys.list(search), (page) => fetchMerchantProductPage(search, page));
  const rows = useMemo(() => products.data?.pages.flatMap((page) => page.products) ?? [], [products.data]);
  const total = products.data?.pages.at(-1)?.pagination.total ?? 0;

  const columns: Column<MerchantPickerProduct>[] = [
    { id: 'image', header: t('admin-merchant.col.image'), media: true, className: 'w-16', cell: (product) => <ProductThumb url={product.featured_image} size="small" missingLabel={t('admin-merchant.picker.no_image')} /> },
    {
      id: 'name',
      header: t('admin-merchant.col.name'),
      primary: true,
      cell: (product) => (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-stone-900" dir="auto">
              {product.name}
            </span>
            {product.status === 'published' ? null : <Badge tone="grey">{t('admin-merchant.picker.draft')}</Badge>}
            {product.id === chosenId ? <Badge tone="blue">{t('admin-merchant.picker.chosen')}</Badge> : null}
          </p>
          <p className="text-xs font-normal text-stone-500">
            #{product.id}
            {product.sku ? (
              <>
                {' · '}
                {t('admin-merchant.picker.sku')} <bdi dir="ltr">{product.sku}</bdi>
              </>
            ) : null}
          </p>
        </div>
      ),
    },
    {
      id: 'price',
      header: t('admin-merchant.col.price'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (product) => <bdi>{formatPrice(toThousandths(product.price), money)}</bdi>,
    },
    {
      id: 'stock',
      header: t('admin-merchant.col.stock'),
      className: 'whitespace-nowrap',
      cell: (product) =>
        product.stock_quantity > 0 ? (
          <span>{t('admin-merchant.stock.count', { count: product.stock_quantity })}</span>
        ) : (
          <Badge tone="red">{t('admin-merchant.stock.out')}</Badge>
        ),
    },
    { id: 'last_push', header: t('admin-merchant.col.last_push'), cell: (product) => <LastPushLine push={product.last_push} /> },
  ];

  let body;
  const view = pagedListView(products, rows.length);
  if (view === 'loading') body = <LoadingPanel />;
  else if (view === 'error') {
    body = <ErrorPanel title={t('admin-merchant.picker.load_error')} error={products.error} onRetry={() => void products.refetch()} />;
  } else if (view === 'empty') {
    body = search ? (
      <NoMatchPanel
        title={t('admin-merchant.picker.no_match_title', { search })}
        text={t('admin-merchant.picker.no_match_text')}
        clearLabel={t('admin-merchant.picker.clear_search')}
        onClear={() => {
          setSearchText('');
          setState({ search: '' });
        }}
      />
    ) : (
      <EmptyPanel icon={<BoxIcon className="size-8" />} title={t('admin-merchant.picker.empty_title')} text={t('admin-merchant.picker.empty_text')} />
    );
  } else {
    body = (
      <ResourceList
        label={t('admin-merchant.picker.label')}
        columns={columns}
        rows={rows}
        rowKey={(product) => product.id}
        actions={(product) => (
          <Button
            variant={product.id === chosenId ? 'primary' : 'secondary'}
            aria-label={t('admin-merchant.picker.choose_label', { name: product.name })}
            aria-pressed={product.id === chosenId}
            onClick={() => onChoose(product)}
          >
            {t('admin-merchant.picker.choose')}
          </Button>
        )}
        footer={
          <>
            {products.isError ? (
              <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-sm font-semibold text-red-700">
                <span>
                  {t('admin-merchant.picker.load_error')}: {errorText(products.error)}
                </span>
                <Button variant="secondary" onClick={() => void (products.isFetchNextPageError ? products.fetchNextPage() : products.refetch())}>
                  {t('admin.common.retry')}
                </Button>
              </div>
            ) : null}
            <LoadMoreFooter
              hasMore={products.hasNextPage}
              loading={products.isFetchingNextPage || products.isPlaceholderData}
              onLoadMore={() => void products.fetchNextPage()}
              allShownText={t('admin-merchant.picker.all_shown')}
            />
          </>
        }
      />
    );
  }

  return (
    <MerchantCard id="merchant-picker" title={t('admin-merchant.picker.title')}>
      <div className="lg:max-w-md">
        <ListSearchField
          id="merchant-search"
          label={t('admin-merchant.picker.search_label')}
          placeholder={t('admin-merchant.picker.search_placeholder')}
          value={searchText}
          onValue={setSearchText}
        />
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-stone-600">
        {products.data && rows.length > 0
          ? products.isPlaceholderData
            ? t('admin-merchant.picker.refreshing')
            : t('admin-merchant.picker.count', { shown: rows.length, total })
          : null}
      </p>
      <div className={`max-h-[70vh] overflow-y-auto lg:max-h-[36rem] ${products.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>{body}</div>
    </MerchantCard>
  );
}
