import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { MerchantPickerProduct } from '@shop/shared';
import { useI18n } from '../../../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';
import { AdminPageHeader, ErrorPanel, LoadingPanel } from '../ui/states';
import { merchantStatusQuery } from './merchant-api';
import { BulkUpdatePanel } from './merchant-bulk-panel';
import { MerchantPicker } from './merchant-picker';
import { MerchantFormSection } from './merchant-product-form';
import { ConnectionPanel, FeedPanel, NotConfiguredPanel } from './merchant-status-panels';
import { useSessionFailureOf } from '../../../lib/errors';

/** While background pushes wait, the status's queue figures are asked for again this often. */
const QUEUE_POLL_MS = 5000;

/**
 * The Google Merchant tab. The status comes
 * first: without the GOOGLE_MERCHANT_* variables the tab says which to set and offers only the
 * product feed; configured, it offers the connection test, automatic updates, update all, the
 * product picker and the form that updates or deletes one product in Google.
 */
export default function MerchantTab() {
  const { t } = useI18n();
  const confirm = useConfirm();
  const status = useQuery({
    ...merchantStatusQuery(),
    refetchInterval: (query) => (query.state.data?.auto_sync && query.state.data.sync_queue.pending > 0 ? QUEUE_POLL_MS : false),
  });
  useSessionFailureOf(status.error);

  const [chosenId, setChosenId] = useState<number | null>(null);
  /** A new form (cleared) gets a new key, so nothing typed survives it. */
  const [formKey, setFormKey] = useState(0);
  const formDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    formDirty.current = dirty;
  }, []);

  /** Typed text is never lost without asking. */
  async function mayReplaceForm(): Promise<boolean> {
    if (!formDirty.current) return true;
    return confirm({
      title: t('admin-merchant.confirm.discard_title'),
      message: t('admin-merchant.confirm.discard_message'),
      confirmLabel: t('admin-merchant.confirm.discard'),
      cancelLabel: t('admin-merchant.confirm.keep_editing'),
      tone: 'default',
    });
  }

  async function choose(product: MerchantPickerProduct) {
    if (product.id === chosenId) return;
    if (!(await mayReplaceForm())) return;
    formDirty.current = false;
    setChosenId(product.id);
    requestAnimationFrame(() => document.getElementById('merchant-form')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  async function clear() {
    if (!(await mayReplaceForm())) return;
    formDirty.current = false;
    setChosenId(null);
    setFormKey((key) => key + 1);
  }

  let body;
  if (status.data === undefined) {
    body = status.isError ? (
      <ErrorPanel title={t('admin-merchant.load_error')} error={status.error} onRetry={() => void status.refetch()} />
    ) : (
      <LoadingPanel />
    );
  } else if (!status.data.configured) {
    body = (
      <div className="flex flex-col gap-5">
        <NotConfiguredPanel missing={status.data.missing_variables} />
        <FeedPanel urls={status.data.feed_urls} />
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-5">
        <div className="grid gap-5 xl:grid-cols-2">
          <ConnectionPanel status={status.data} />
          <BulkUpdatePanel />
        </div>
        <MerchantPicker chosenId={chosenId} onChoose={(product) => void choose(product)} />
        <MerchantFormSection key={formKey} chosenId={chosenId} onDirtyChange={onDirtyChange} onClear={() => void clear()} />
        <FeedPanel urls={status.data.feed_urls} />
      </div>
    );
  }

  return (
    <section>
      <AdminPageHeader title={t('admin-merchant.title')} description={t('admin-merchant.description')} />
      {body}
    </section>
  );
}
