import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { StockMovement } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';
import { adminOrderHref } from '../shell/admin-links';
import { pagedListView, usePagedList } from '../ui/paged-list';
import { LoadMoreFooter } from '../ui/resource-list';
import { ErrorPanel, LoadingPanel } from '../ui/states';
import { FormSection } from './product-form-sections';
import { fetchStockMovements, productsQueryKeys } from './products-api';

/** A change as the history shows it: always signed (+4, −2; Latin digits, a true minus sign). */
export function signedDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${-delta}`;
  return '0';
}

/**
 * The product edit screen's "Stock history" (docs/decisions/054): every move of its stock, newest
 * first, 25 at a time with "load more": the change, the level after it, why, who and when, and a
 * link to the order that made it.
 */
export function StockHistoryPanel({ productId }: { productId: number }) {
  const { t, lang } = useI18n();
  const errorText = useStaffErrorText();
  const history = usePagedList(productsQueryKeys.stockMovements(productId, lang), (page) => fetchStockMovements(productId, page));
  const movements = useMemo(() => history.data?.pages.flatMap((page) => page.movements) ?? [], [history.data]);

  let body: ReactNode;
  const view = pagedListView(history, movements.length);
  if (view === 'loading') {
    body = <LoadingPanel />;
  } else if (view === 'error') {
    body = <ErrorPanel title={t('admin-products.history.load_error')} error={history.error} onRetry={() => void history.refetch()} />;
  } else if (view === 'empty') {
    body = (
      <div className="rounded-xl bg-stone-50 p-4 text-center">
        <p className="font-semibold text-stone-800">{t('admin-products.history.empty_title')}</p>
        <p className="text-sm text-stone-600">{t('admin-products.history.empty_text')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ol className="flex flex-col divide-y divide-stone-100" aria-label={t('admin-products.history.list_label')}>
          {movements.map((movement) => (
            <StockMovementItem key={movement.id} movement={movement} />
          ))}
        </ol>
        {history.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-sm font-semibold text-red-700">
            <span>
              {t('admin-products.history.load_error')}: {errorText(history.error)}
            </span>
            <Button variant="secondary" onClick={() => void (history.isFetchNextPageError ? history.fetchNextPage() : history.refetch())}>
              {t('admin.common.retry')}
            </Button>
          </div>
        ) : null}
        <LoadMoreFooter
          hasMore={history.hasNextPage}
          loading={history.isFetchingNextPage || history.isPlaceholderData}
          onLoadMore={() => void history.fetchNextPage()}
          allShownText={t('admin-products.history.all_shown')}
        />
      </>
    );
  }

  return (
    <div className="mt-6" data-testid="stock-history">
      <FormSection title={t('admin-products.history.title')}>
        <p className="-mt-2 text-sm text-stone-600">{t('admin-products.history.description')}</p>
        {body}
      </FormSection>
    </div>
  );
}

/** One move: the signed change and the level after it, the reason, who, when, the order's link. */
function StockMovementItem({ movement }: { movement: StockMovement }) {
  const { t, formatDateTime } = useI18n();
  const who =
    movement.actor_name ?? (movement.reason === 'order_placed' ? t('admin-products.history.customer') : t('admin-products.history.shop'));
  const tone = movement.delta > 0 ? 'bg-green-100 text-green-800' : movement.delta < 0 ? 'bg-red-100 text-red-800' : 'bg-stone-100 text-stone-700';
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-1 py-3">
      <span
        className={`inline-flex min-w-14 justify-center rounded-full px-2.5 py-1 text-sm font-bold tabular-nums ${tone}`}
        aria-label={`${t('admin-products.history.change')}: ${signedDelta(movement.delta)}`}
      >
        <bdi dir="ltr">{signedDelta(movement.delta)}</bdi>
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex flex-wrap items-center justify-between gap-x-3">
          <p className="font-semibold text-stone-900">{movement.reason_label}</p>
          <time dateTime={movement.created_at} className="text-sm text-stone-600 tabular-nums">
            {formatDateTime(movement.created_at)}
          </time>
        </div>
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-stone-700">
          <span>
            {t('admin-products.history.level')}: <span className="font-semibold tabular-nums">{movement.level}</span>
          </span>
          <span aria-hidden="true">·</span>
          <span>
            {t('admin-products.history.who')} <bdi className="font-semibold">{who}</bdi>
          </span>
          {movement.order_id !== null && movement.order_number !== null ? (
            <>
              <span aria-hidden="true">·</span>
              <Link
                to={adminOrderHref(movement.order_id)}
                aria-label={t('admin-products.history.order_open', { number: movement.order_number })}
                className="inline-flex min-h-11 items-center rounded-md font-semibold text-brand-700 underline decoration-brand-300 underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {t('admin-products.history.order', { number: movement.order_number })}
              </Link>
            </>
          ) : null}
          {movement.import_id !== null ? (
            <>
              <span aria-hidden="true">·</span>
              {/* The activity trail filters by person and kind of record, not by import: plain text. */}
              <span className="font-semibold">{t('admin-products.history.import', { id: movement.import_id })}</span>
            </>
          ) : null}
        </p>
      </div>
    </li>
  );
}
