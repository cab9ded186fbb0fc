import { useId, useState } from 'react';
import { BULK_STATUS_MAX_ORDERS, type AdminOrderBulkStatusResponse, type OrderStatus } from '@shop/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { isolateLtr } from '../../../i18n/bidi';
import { useI18n } from '../../../i18n/i18n';
import { Field, SelectInput, TextArea } from '../ui/fields';
import { SelectionBar } from '../ui/list-selection';
import { Modal } from '../ui/modal';
import { useBulkChangeStatus } from './order-mutations';
import { GiftIcon, PrinterIcon } from '../../orders/order-icons';
import { ADMIN_ORDER_STATUSES, STATUS_NOTE_MAX, giftReceiptsPath, orderStatusLabels, packingSlipsPath } from './order-rules';
import { ShipmentFieldset, useShipmentForm } from './shipment-fields';

export interface OrderRef {
  id: number;
  order_number: string;
}

/**
 * Changes the status of the chosen orders together (POST /api/orders/bulk-status): the status, a
 * note, and the carrier and tracking when shipped; then a confirmation naming how many orders and
 * the new status; a progress indicator while the server works; then what changed and, one by one,
 * the orders refused with the server's reason. `onDone` gets the reply (the list keeps the
 * refused ones selected).
 */
export function OrderStatusDialog({
  orders,
  onClose,
  onDone,
}: {
  orders: readonly OrderRef[];
  onClose: () => void;
  onDone: (reply: AdminOrderBulkStatusResponse) => void;
}) {
  const { t, tp } = useI18n();
  const formId = useId();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [notes, setNotes] = useState('');
  const shipment = useShipmentForm(null);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [reply, setReply] = useState<AdminOrderBulkStatusResponse | null>(null);
  const change = useBulkChangeStatus({
    onDone: (answer) => {
      setReply(answer);
      onDone(answer);
    },
  });
  const count = orders.length;
  const statusText = status ? t(orderStatusLabels[status]) : '';
  const busy = change.isPending;

  function run() {
    if (!status) return;
    // A refusal of the whole request (a field the server refused) goes back to the form, which shows it.
    change.mutate({ ids: orders.map((order) => order.id), status, notes: notes.trim(), shipment: shipment.trimmed }, { onError: () => setStep('form') });
  }

  let body;
  let footer;
  if (reply) {
    body = <BulkResult reply={reply} />;
    footer = <Button onClick={onClose}>{t('admin.common.close')}</Button>;
  } else if (busy) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700 motion-reduce:animate-none" />
        <p className="font-semibold">{tp('admin-orders.bulk.working', count, { status: statusText })}</p>
        <div className="h-2 w-full overflow-hidden rounded-full bg-stone-100">
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
        </div>
      </div>
    );
    footer = null;
  } else if (step === 'confirm' && status) {
    body = (
      <p className="text-stone-800">
        {tp('admin-orders.bulk.confirm_text', count, { status: statusText })}
        {count <= 5 ? (
          <span className="mt-2 block text-sm text-stone-600">
            {orders.map((order) => isolateLtr(order.order_number)).join(t('admin-orders.bulk.list_joiner'))}
          </span>
        ) : null}
      </p>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={() => setStep('form')}>
          {t('admin-orders.bulk.back')}
        </Button>
        <Button onClick={run}>{tp('admin-orders.bulk.confirm', count, { status: statusText })}</Button>
      </>
    );
  } else {
    body = (
      <form
        id={formId}
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (status) setStep('confirm');
        }}
      >
        <p className="text-sm text-stone-600">{tp('admin-orders.bulk.selected', count)}</p>
        <Field id={`${formId}-status`} label={t('admin-orders.detail.new_status')} required>
          <SelectInput id={`${formId}-status`} value={status} onValue={(value) => setStatus(ADMIN_ORDER_STATUSES.find((one) => one === value) ?? '')} required>
            <option value="">{t('admin-orders.bulk.choose_status')}</option>
            {ADMIN_ORDER_STATUSES.map((one) => (
              <option key={one} value={one}>
                {t(orderStatusLabels[one])}
              </option>
            ))}
          </SelectInput>
        </Field>
        {status === 'shipped' ? <ShipmentFieldset form={shipment} idPrefix={`${formId}-shipment`} error={change.error} /> : null}
        <Field id={`${formId}-note`} label={t('admin-orders.detail.note')} optional hint={t('admin-orders.bulk.note_hint')}>
          <TextArea id={`${formId}-note`} value={notes} onValue={setNotes} rows={2} maxLength={STATUS_NOTE_MAX} hint={t('admin-orders.bulk.note_hint')} />
        </Field>
      </form>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
          {t('admin.common.cancel')}
        </Button>
        <Button type="submit" form={formId} disabled={!status}>
          {t('admin-orders.bulk.next')}
        </Button>
      </>
    );
  }

  return (
    <Modal title={tp('admin-orders.bulk.title', count)} onClose={busy ? () => undefined : onClose} footer={footer}>
      <div aria-busy={busy || undefined}>{body}</div>
    </Modal>
  );
}

/** What a bulk change did: how many changed, and each refused order with the server's reason. */
export function BulkResult({ reply }: { reply: AdminOrderBulkStatusResponse }) {
  const { t, tp } = useI18n();
  const refused = reply.results.filter((result) => !result.ok);
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <p className="font-semibold text-stone-900">{tp('admin-orders.bulk.changed', reply.succeeded)}</p>
      {refused.length > 0 ? (
        <>
          <p className="font-semibold text-red-800">{tp('admin-orders.bulk.refused', refused.length)}</p>
          <ul aria-label={t('admin-orders.bulk.refused_list')} className="flex flex-col gap-2">
            {refused.map((result) => (
              <li key={result.id} className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm">
                <span className="font-semibold">
                  {result.order_number ? <bdi dir="ltr">{result.order_number}</bdi> : t('admin-orders.list.id', { id: result.id })}
                </span>
                {': '}
                <span dir="auto">{result.error.message}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The bar over the list while orders are selected: how many, change their status, print their packing slips, clear. */
export function OrderSelectionBar({
  selected,
  canChangeStatus,
  onChangeStatus,
  onClear,
}: {
  selected: readonly OrderRef[];
  canChangeStatus: boolean;
  onChangeStatus: () => void;
  onClear: () => void;
}) {
  const { t, tp } = useI18n();
  if (selected.length === 0) return null;
  // The server takes at most BULK_STATUS_MAX_ORDERS orders at once; a packing-slips page as many.
  const tooMany = selected.length > BULK_STATUS_MAX_ORDERS;
  return (
    <SelectionBar
      label={t('admin-orders.select.bar')}
      count={tp('admin-orders.select.count', selected.length)}
      clearLabel={t('admin-orders.select.clear')}
      onClear={onClear}
    >
      {tooMany ? (
        <p role="alert" className="w-full text-sm font-semibold text-red-800 sm:order-last">
          {t('admin-orders.select.too_many', { max: BULK_STATUS_MAX_ORDERS })}
        </p>
      ) : (
        <>
          {canChangeStatus ? <Button onClick={onChangeStatus}>{t('admin-orders.select.change_status')}</Button> : null}
          <a href={packingSlipsPath(selected.map((order) => order.id))} target="_blank" rel="noopener" className={buttonClasses('secondary')}>
            <PrinterIcon className="size-5" />
            {t('admin-orders.select.packing_slips')}
          </a>
          <a href={giftReceiptsPath(selected.map((order) => order.id))} target="_blank" rel="noopener" className={buttonClasses('secondary')}>
            <GiftIcon className="size-5" />
            {t('admin-orders.select.gift_receipts')}
          </a>
        </>
      )}
    </SelectionBar>
  );
}
