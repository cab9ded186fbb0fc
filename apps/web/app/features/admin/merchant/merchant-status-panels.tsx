import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { MerchantStatusResponse } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { controlClass } from '../ui/fields';
import { testMerchantConnection, useSetMerchantAutoSync } from './merchant-api';
import { failureText, serverMessage, useSessionFailure } from '../../../lib/errors';

/** A titled card of the tab (`id` names the section; its heading is `<id>-title`). */
export function MerchantCard({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-20 flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A label and its value, one line of a card's facts. */
function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="font-semibold break-words text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * Merchant is not configured (no GOOGLE_MERCHANT_* variables): which variables to set and where
 * the README explains them. Nothing here pretends to work; the feed below still does.
 */
export function NotConfiguredPanel({ missing }: { missing: readonly string[] }) {
  const { t } = useI18n();
  return (
    <section role="status" aria-labelledby="merchant-not-configured" className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6">
      <h2 id="merchant-not-configured" className="flex items-center gap-2 text-lg font-semibold">
        <AlertCircleIcon className="size-6 shrink-0 text-amber-700" />
        {t('admin-merchant.not_configured.title')}
      </h2>
      <p>{t('admin-merchant.not_configured.text')}</p>
      <ul className="flex flex-col gap-1.5" dir="ltr">
        {missing.map((name) => (
          <li key={name}>
            <code className="rounded bg-white px-2 py-1 text-sm font-semibold break-all ring-1 ring-amber-200">{name}</code>
          </li>
        ))}
      </ul>
      <p className="text-sm">{t('admin-merchant.not_configured.readme')}</p>
      <p className="text-sm">{t('admin-merchant.not_configured.feed_hint')}</p>
    </section>
  );
}

/**
 * The configured account: its id, data source, language and label; "Test connection" (a toast
 * with the account's name or the reason); automatic updates on or off with the queue's figures.
 */
export function ConnectionPanel({ status }: { status: MerchantStatusResponse }) {
  const { t, formatDateTime } = useI18n();
  const toast = useToast();
  const authFailure = useSessionFailure();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const test = useMutation({
    mutationFn: testMerchantConnection,
    onSuccess: (reply) => {
      const text = t('admin-merchant.toast.connected', { name: reply.account.account_name || reply.account.name });
      setResult({ ok: true, text });
      toast.success(text);
    },
    onError: (error) => {
      if (authFailure(error)) return;
      const text = failureText(t('admin-merchant.toast.connection_failed'), error);
      setResult({ ok: false, text });
      toast.error(text);
    },
  });

  const autoSync = useSetMerchantAutoSync({
    onSuccess: (_reply, enabled) => {
      toast.success(enabled ? t('admin-merchant.toast.auto_sync_on') : t('admin-merchant.toast.auto_sync_off'));
    },
    onError: (error) => {
      if (authFailure(error)) return;
      toast.error(failureText(t('admin-merchant.toast.auto_sync_failed'), error));
    },
  });
  // While the switch's call runs it shows where it is going.
  const syncOn = autoSync.isPending ? autoSync.variables : status.auto_sync;
  const queue = status.sync_queue;

  return (
    <MerchantCard
      id="merchant-connection"
      title={t('admin-merchant.connection.title')}
      actions={
        <Button variant="secondary" pending={test.isPending} onClick={() => test.mutate()}>
          {test.isPending ? t('admin-merchant.connection.testing') : t('admin-merchant.connection.test')}
        </Button>
      }
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label={t('admin-merchant.connection.account')}>
          <bdi dir="ltr">{status.account_id}</bdi>
        </Fact>
        <Fact label={t('admin-merchant.connection.language')}>
          <bdi dir="ltr">
            {status.content_language} · {status.feed_label}
          </bdi>
        </Fact>
        <Fact label={t('admin-merchant.connection.data_source')} wide>
          <bdi dir="ltr" className="break-all">
            {status.data_source}
          </bdi>
        </Fact>
      </dl>
      {result ? (
        <p
          role={result.ok ? 'status' : 'alert'}
          data-testid="merchant-connection-result"
          className={`flex items-start gap-2 rounded-xl p-3 text-sm font-semibold ${result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
        >
          {result.ok ? <CheckCircleIcon className="size-5 shrink-0" /> : <AlertCircleIcon className="size-5 shrink-0" />}
          <span className="min-w-0 break-words">{result.text}</span>
        </p>
      ) : null}

      <div className="flex flex-col gap-3 border-t border-stone-100 pt-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0 flex-1">
            <p id="merchant-auto-sync-label" className="font-semibold text-stone-900">
              {t('admin-merchant.auto_sync.label')}
            </p>
            <p id="merchant-auto-sync-hint" className="text-sm text-stone-500">
              {t('admin-merchant.auto_sync.hint')}
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={syncOn}
            aria-labelledby="merchant-auto-sync-label"
            aria-describedby="merchant-auto-sync-hint"
            disabled={autoSync.isPending}
            onClick={() => autoSync.mutate(!status.auto_sync)}
            className="inline-flex min-h-11 items-center gap-3 rounded-full px-1 disabled:opacity-60"
          >
            <span
              aria-hidden="true"
              className={`relative inline-flex h-7 w-12 shrink-0 rounded-full transition-colors ${syncOn ? 'bg-brand-700' : 'bg-stone-300'}`}
            >
              <span
                className={`absolute top-0.5 size-6 rounded-full bg-white shadow transition-all ${syncOn ? 'start-[1.375rem]' : 'start-0.5'}`}
              />
            </span>
            <span className="text-sm font-semibold text-stone-800">{syncOn ? t('admin-merchant.auto_sync.on') : t('admin-merchant.auto_sync.off')}</span>
          </button>
        </div>
        <dl aria-label={t('admin-merchant.queue.title')} className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label={t('admin-merchant.queue.pending')}>{queue.pending}</Fact>
          <Fact label={t('admin-merchant.queue.failed')}>{queue.failed}</Fact>
          <Fact label={t('admin-merchant.queue.last_pushed')}>
            {queue.last_pushed_at ? formatDateTime(queue.last_pushed_at) : t('admin-merchant.queue.never')}
          </Fact>
          <Fact label={t('admin-merchant.queue.last_error')}>
            {queue.last_error ? <span className="font-normal text-red-800">{queue.last_error}</span> : t('admin.common.none')}
          </Fact>
        </dl>
      </div>
    </MerchantCard>
  );
}

/**
 * The product feed's two addresses (no credentials needed) with copy buttons, and how to add
 * them in Merchant Center as a scheduled fetch.
 */
export function FeedPanel({ urls }: { urls: MerchantStatusResponse['feed_urls'] }) {
  const { t } = useI18n();
  const toast = useToast();
  const feeds = [
    { id: 'merchant-feed-ar', label: t('admin-merchant.feed.ar'), url: urls.ar },
    { id: 'merchant-feed-en', label: t('admin-merchant.feed.en'), url: urls.en },
  ];

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('admin-merchant.toast.copied'));
    } catch (error) {
      toast.error(serverMessage(error, 'staff') ?? t('admin-merchant.toast.copy_failed'));
    }
  }

  return (
    <MerchantCard id="merchant-feed" title={t('admin-merchant.feed.title')}>
      <p className="text-stone-700">{t('admin-merchant.feed.text')}</p>
      <div className="flex flex-col gap-3">
        {feeds.map((feed) => (
          <div key={feed.id} className="flex flex-col gap-1.5">
            <label htmlFor={feed.id} className="text-sm font-semibold text-stone-800">
              {feed.label}
            </label>
            <div className="flex gap-2">
              <input
                id={feed.id}
                readOnly
                dir="ltr"
                value={feed.url}
                onFocus={(event) => event.currentTarget.select()}
                className={`${controlClass} min-w-0 flex-1 border-stone-300 bg-stone-50 text-sm`}
              />
              <Button variant="secondary" aria-label={t('admin-merchant.feed.copy_label', { feed: feed.label })} onClick={() => void copy(feed.url)}>
                {t('admin-merchant.feed.copy')}
              </Button>
            </div>
          </div>
        ))}
      </div>
      <div>
        <h3 className="font-semibold text-stone-900">{t('admin-merchant.feed.steps_title')}</h3>
        <ol className="mt-2 list-decimal space-y-1 ps-5 text-sm text-stone-700">
          <li>{t('admin-merchant.feed.step1')}</li>
          <li>{t('admin-merchant.feed.step2')}</li>
          <li>{t('admin-merchant.feed.step3')}</li>
          <li>{t('admin-merchant.feed.step4')}</li>
        </ol>
      </div>
    </MerchantCard>
  );
}
