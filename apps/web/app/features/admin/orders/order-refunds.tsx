import { useId, useState } from 'react';
import { REFUND_NOTES_MAX_LENGTH, fromThousandths, refundMethodOf, type AdminOrder } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useMoneyFormat } from '../../../components/ui/price';
import { isolateLtr } from '../../../i18n/bidi';
import { useI18n } from '../../../i18n/i18n';
import { Field, TextArea, TextInput, controlBorder, controlClass } from '../ui/fields';
import { Modal, ModalFormFooter } from '../ui/modal';
import { useRefundOrder } from './order-mutations';
import { AdminAmount } from './order-parts';
import {
  adminAmount,
  isRefundable,
  refundBodyOf,
  refundLinesWorth,
  refundProblem,
  refundableLines,
  type RefundDraft,
  type RefundMode,
  type RefundProblem,
} from './order-rules';
import { fieldError } from './shipment-fields';

/**
 * The refund dialog: everything left, an amount, or units of lines (each with "return to stock");
 * what is left to refund, and how the money goes back (online through UPayments to the card,
 * cash by the shop, recorded here). The server decides again; its refusal stays on the dialog.
 */
export function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { t } = useI18n();
  const formId = useId();
  const [draft, setDraft] = useState<RefundDraft>({ mode: 'all', amount: '', lines: {}, notes: '' });
  const [problem, setProblem] = useState<RefundProblem | null>(null);
  const refund = useRefundOrder({ onSuccess: onClose });

  function submit() {
    const found = refundProblem(draft, order);
    setProblem(found);
    if (found) return;
    refund.mutate({ id: order.id, order_number: order.order_number, ...refundBodyOf(draft) });
  }

  return (
    <Modal
      title={t('admin-orders.refund.dialog_title', { number: isolateLtr(order.order_number) })}
      onClose={refund.isPending ? () => undefined : onClose}
      size="lg"
      footer={
        <ModalFormFooter
          formId={formId}
          busy={refund.isPending}
          submitLabel={refund.isPending ? t('admin-orders.refund.working') : t('admin-orders.refund.submit')}
          onCancel={onClose}
        />
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <RefundFields
          idPrefix={formId}
          order={order}
          draft={draft}
          onDraft={(next) => {
            if (next.mode !== draft.mode) setProblem(null);
            setDraft(next);
          }}
          problem={problem}
          serverError={refund.error}
        />
      </form>
    </Modal>
  );
}

/** The refund form's fields for a draft, with the draft's problem (or the server's field error) shown where it belongs. */
export function RefundFields({
  idPrefix,
  order,
  draft,
  onDraft,
  problem,
  serverError,
}: {
  idPrefix: string;
  order: AdminOrder;
  draft: RefundDraft;
  onDraft: (draft: RefundDraft) => void;
  problem: RefundProblem | null;
  serverError?: unknown;
}) {
  const { t } = useI18n();
  const money = useMoneyFormat();
  const method = refundMethodOf(order.payment_method);
  const left = adminAmount(order.refundable_amount, money);
  const lines = refundableLines(order);
  const worth = refundLinesWorth(draft, order);
  const modes: Array<{ mode: RefundMode; label: string }> = [
    { mode: 'all', label: t('admin-orders.refund.mode_all', { amount: left }) },
    { mode: 'amount', label: t('admin-orders.refund.mode_amount') },
    { mode: 'lines', label: t('admin-orders.refund.mode_lines') },
  ];
  const amountError = problem?.field === 'amount' ? t(problem.message) : fieldError(serverError, 'amount');
  const linesError = problem?.field === 'lines' ? t(problem.message) : fieldError(serverError, 'lines');

  function setLine(id: number, change: Partial<{ quantity: string; restock: boolean }>) {
    onDraft({ ...draft, lines: { ...draft.lines, [id]: { quantity: '', restock: true, ...draft.lines[id], ...change } } });
  }

  return (
    <>
      <p className="rounded-xl bg-sand-50 p-3 text-sm text-stone-800">
        <span className="font-semibold">{t('admin-orders.refund.left', { amount: left })}</span>
        <br />
        {t(method === 'online' ? 'admin-orders.refund.online_explained' : 'admin-orders.refund.cash_explained')}
      </p>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold text-stone-800">{t('admin-orders.refund.how_much')}</legend>
        {modes.map((choice) => (
          <label key={choice.mode} className="inline-flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name={`${idPrefix}-mode`}
              value={choice.mode}
              checked={draft.mode === choice.mode}
              onChange={() => onDraft({ ...draft, mode: choice.mode })}
              className="size-5 accent-brand-700"
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {draft.mode === 'amount' ? (
        <Field id={`${idPrefix}-amount`} label={t('admin-orders.refund.amount')} required error={amountError} hint={t('admin-orders.refund.amount_hint', { amount: left })}>
          <TextInput
            id={`${idPrefix}-amount`}
            inputMode="decimal"
            dir="ltr"
            value={draft.amount}
            onValue={(amount) => onDraft({ ...draft, amount })}
            error={amountError}
            hint={t('admin-orders.refund.amount_hint', { amount: left })}
          />
        </Field>
      ) : null}
      {draft.mode === 'lines' ? (
        <fieldset className="flex flex-col gap-2" aria-describedby={`${idPrefix}-lines-error`}>
          <legend className="mb-1 text-sm font-semibold text-stone-800">{t('admin-orders.refund.lines')}</legend>
          {lines.map(({ item, left: unitsLeft }) => {
            const line = draft.lines[item.id] ?? { quantity: '', restock: true };
            return (
              <div key={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-stone-200 p-3">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-semibold break-words" dir="auto">
                    {item.product_name}
                  </p>
                  <p className="text-xs text-stone-500">
                    {t('admin-orders.refund.line_left', { left: unitsLeft, quantity: item.quantity })} · <AdminAmount amount={item.price} />
                  </p>
                </div>
                <label className="flex items-center gap-2 text-sm">
                  <span>{t('admin-orders.refund.units')}</span>
                  <input
                    type="number"
                    min={0}
                    max={unitsLeft}
                    step={1}
                    inputMode="numeric"
                    disabled={unitsLeft === 0}
                    value={line.quantity}
                    onChange={(event) => setLine(item.id, { quantity: event.target.value })}
                    aria-label={t('admin-orders.refund.units_of', { product: item.product_name })}
                    className={`${controlClass} ${controlBorder(linesError)} w-24`}
                  />
                </label>
                <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={line.restock}
                    disabled={unitsLeft === 0}
                    onChange={(event) => setLine(item.id, { restock: event.target.checked })}
                    className="size-5 accent-brand-700"
                  />
                  {t('admin-orders.refund.restock')}
                </label>
              </div>
            );
          })}
          <p className="text-sm text-stone-700">{t('admin-orders.refund.lines_worth', { amount: adminAmount(fromThousandths(worth), money) })}</p>
          <p id={`${idPrefix}-lines-error`} role="alert" className="text-sm font-semibold text-red-700 empty:hidden">
            {linesError}
          </p>
        </fieldset>
      ) : null}
      <Field id={`${idPrefix}-notes`} label={t('admin-orders.refund.notes')} optional>
        <TextArea
          id={`${idPrefix}-notes`}
          value={draft.notes}
          onValue={(notes) => onDraft({ ...draft, notes })}
          rows={2}
          maxLength={REFUND_NOTES_MAX_LENGTH}
        />
      </Field>
    </>
  );
}

/** The refunds made, oldest first: amount, how, when, by whom, the lines and the note; and the refund button. */
export function RefundsCard({ order, canRefund }: { order: AdminOrder; canRefund: boolean }) {
  const { t, formatDateTime } = useI18n();
  const [open, setOpen] = useState(false);
  const names = new Map(order.items.map((item) => [item.id, item.product_name]));
  const refundable = isRefundable(order);
  if (order.refunds.length === 0 && !(canRefund && refundable)) return null;
  return (
    <section aria-labelledby="order-refunds" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id="order-refunds" className="mb-3 text-lg font-semibold text-stone-900">
        {t('admin-orders.refunds.title')}
      </h2>
      {order.refunds.length > 0 ? (
        <ol className="mb-3 flex flex-col gap-3">
          {order.refunds.map((refund) => (
            <li key={refund.id} className="border-s-2 border-red-200 ps-3 text-sm">
              <p className="font-semibold text-stone-900">
                <AdminAmount amount={refund.amount} /> · {t(refund.method === 'online' ? 'admin-orders.refunds.online' : 'admin-orders.refunds.cash')}
              </p>
              <p className="text-stone-600">
                <time dateTime={refund.created_at}>{formatDateTime(refund.created_at)}</time>
                {refund.actor_name ? (
                  <>
                    {' · '}
                    <span dir="auto">{refund.actor_name}</span>
                  </>
                ) : null}
              </p>
              {refund.lines.length > 0 ? (
                <ul className="mt-1 text-stone-700">
                  {refund.lines.map((line) => (
                    <li key={line.order_item_id}>
                      <bdi>{names.get(line.order_item_id) ?? `#${line.order_item_id}`}</bdi> × {line.quantity}
                      {line.restocked ? ` · ${t('admin-orders.refunds.restocked')}` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
              {refund.notes ? (
                <p className="mt-1 rounded-lg bg-stone-50 p-2 whitespace-pre-line break-words" dir="auto">
                  {refund.notes}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <dl className="text-sm">
        <div className="flex justify-between gap-2 py-1">
          <dt className="text-stone-600">{t('admin-orders.refunds.refunded')}</dt>
          <dd className="font-semibold">
            <AdminAmount amount={order.refunded_amount} />
          </dd>
        </div>
        <div className="flex justify-between gap-2 py-1">
          <dt className="text-stone-600">{t('admin-orders.refunds.left')}</dt>
          <dd className="font-semibold">
            <AdminAmount amount={order.refundable_amount} />
          </dd>
        </div>
      </dl>
      {canRefund && refundable ? (
        <div className="mt-3">
          <Button variant="danger" onClick={() => setOpen(true)}>
            {t('admin-orders.refund.button')}
          </Button>
        </div>
      ) : null}
      {open ? <RefundDialog order={order} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}
