import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MerchantBulkRun } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { RefreshIcon } from '../ui/admin-icons';
import { useConfirm } from '../ui/confirm-dialog';
import { merchantBulkRunQuery, useRefreshMerchant, useRefreshMerchantBulkRun, useRunMerchantBulkUpdate } from './merchant-api';
import { MerchantCard } from './merchant-status-panels';
import { bulkOutcome, bulkProgressPercent, MERCHANT_BULK_POLL_MS, runToAnnounce } from './merchant-rules';
import { failureText, useSessionFailure, useSessionFailureOf } from '../../../lib/errors';

/**
 * "Update all products": after a confirmation
 * the server pushes every published product while this panel asks for the run's progress every
 * second and moves the bar. The run is kept on the server, so a reload during it shows the bar
 * again and keeps asking. When it ends: an 'X of Y' toast (a warning when some failed),
 * and the failures with their reasons under the bar.
 */
export function BulkUpdatePanel() {
  const { t, formatDateTime } = useI18n();
  const toast = useToast();
  const confirm = useConfirm();
  const authFailure = useSessionFailure();
  const refreshMerchant = useRefreshMerchant();
  const refreshBulkRun = useRefreshMerchantBulkRun();

  const start = useRunMerchantBulkUpdate({
    onSuccess: (reply) => announce(reply.run),
    onError: (error) => {
      if (authFailure(error)) return;
      toast.error(failureText(t('admin-merchant.toast.bulk_failed'), error));
      refreshBulkRun();
    },
  });

  const runQuery = useQuery({
    ...merchantBulkRunQuery(),
    // While a run goes on (started here, or found running after a reload) its progress is asked for.
    refetchInterval: (query) => (start.isPending || query.state.data?.status === 'running' ? MERCHANT_BULK_POLL_MS : false),
  });
  useSessionFailureOf(runQuery.error);
  const run = runQuery.data ?? null;

  const announced = useRef(new Set<number>());
  const previous = useRef<MerchantBulkRun | null>(null);
  function announce(ended: MerchantBulkRun) {
    if (announced.current.has(ended.id)) return;
    announced.current.add(ended.id);
    const outcome = bulkOutcome(ended);
    const params = { successful: ended.successful, total: ended.total, failed: ended.failed };
    if (outcome === 'error') toast.error(t('admin-merchant.bulk.stopped', { error: ended.error ?? t('admin.common.error_generic') }));
    else if (outcome === 'warning') toast.warning(t('admin-merchant.bulk.result_failed', params));
    else toast.success(t('admin-merchant.bulk.result', params));
    // Each product's last push changed.
    refreshMerchant();
  }
  useEffect(() => {
    const ended = runToAnnounce(previous.current, run, announced.current);
    previous.current = run;
    if (ended) announce(ended);
    // `announce` reads only refs and stable hooks; the run is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run]);

  async function askStart() {
    const yes = await confirm({
      title: t('admin-merchant.confirm.bulk_title'),
      message: t('admin-merchant.confirm.bulk_message'),
      confirmLabel: t('admin-merchant.confirm.bulk'),
      tone: 'default',
    });
    if (yes) start.mutate();
  }

  const running = run?.status === 'running';
  const busy = running || start.isPending;

  return (
    <MerchantCard
      id="merchant-bulk"
      title={t('admin-merchant.bulk.title')}
      actions={
        <Button pending={busy} onClick={() => void askStart()}>
          {busy ? null : <RefreshIcon className="size-4" />}
          {busy ? t('admin-merchant.bulk.running') : t('admin-merchant.bulk.button')}
        </Button>
      }
    >
      <p className="text-stone-700">{t('admin-merchant.bulk.text')}</p>
      {busy ? (
        <div className="flex flex-col gap-1.5" data-testid="merchant-bulk-progress">
          {run && running ? (
            <>
              <progress
                className="h-3 w-full overflow-hidden rounded-full accent-brand-700"
                max={100}
                value={bulkProgressPercent(run)}
                aria-labelledby="merchant-bulk-progress-label"
              />
              <p id="merchant-bulk-progress-label" className="text-sm text-stone-700" aria-live="polite">
                {t('admin-merchant.bulk.progress', { processed: run.processed, total: run.total })}
              </p>
            </>
          ) : (
            // Started, but the run is not reported yet: a bar with no value says "working".
            <progress className="h-3 w-full overflow-hidden rounded-full accent-brand-700" aria-label={t('admin-merchant.bulk.progress_label')} />
          )}
        </div>
      ) : run ? (
        <BulkRunResult run={run} when={formatDateTime(run.finished_at ?? run.started_at)} />
      ) : null}
    </MerchantCard>
  );
}

/** The latest ended run: when, 'X of Y' (and the failed count), why it stopped, and each failure's reason. */
function BulkRunResult({ run, when }: { run: MerchantBulkRun; when: string }) {
  const { t } = useI18n();
  const outcome = bulkOutcome(run);
  const params = { successful: run.successful, total: run.total, failed: run.failed };
  return (
    <div className="flex flex-col gap-3" data-testid="merchant-bulk-result">
      <div className="flex flex-col gap-1">
        <p className="text-sm text-stone-500">{t('admin-merchant.bulk.last_run', { time: when })}</p>
        <p className={`font-semibold ${outcome === 'success' ? 'text-green-800' : outcome === 'warning' ? 'text-amber-800' : 'text-red-800'}`}>
          {run.failed > 0 ? t('admin-merchant.bulk.result_failed', params) : t('admin-merchant.bulk.result', params)}
        </p>
        {run.error ? (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {t('admin-merchant.bulk.stopped', { error: run.error })}
          </p>
        ) : null}
      </div>
      {run.failures.length > 0 ? (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h3 className="font-semibold">{t('admin-merchant.bulk.failures_title')}</h3>
          <ul className="mt-2 max-h-64 space-y-1.5 overflow-y-auto ps-1 text-sm" data-testid="merchant-bulk-failures">
            {run.failures.map((failure) => (
              <li key={failure.product_id} className="break-words">
                <bdi className="font-semibold">{failure.product_name}</bdi> <span className="text-amber-800">(#{failure.product_id})</span>: {failure.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
