import { useId, useState } from 'react';
import { kuwaitDateOf } from '@shop/shared';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { failureText, useSessionFailure } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { Field, TextInput } from '../ui/fields';
import { Modal, ModalFormFooter } from '../ui/modal';
import { defaultExportRange, exportFileName, exportRangeProblem, orderStatusLabels, type OrderExportRange, type OrderListFilters } from './order-rules';
import { downloadOrdersCsv } from './orders-api';

/**
 * The orders export: the list's status and city (named), from and to (the list has no date filter,
 * so the export asks); the CSV is fetched with the admin's session and saved as
 * orders-YYYY-MM-DD.csv; a toast either way.
 */
export function OrdersExportDialog({ filters, cityName, onClose }: { filters: OrderListFilters; cityName: string | null; onClose: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const authFailure = useSessionFailure();
  const formId = useId();
  const today = kuwaitDateOf(new Date());
  const [range, setRange] = useState<OrderExportRange>(() => defaultExportRange(today));
  const [problem, setProblem] = useState<'missing' | 'reversed' | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    const found = exportRangeProblem(range);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      saveFile(await downloadOrdersCsv(filters, range), exportFileName(today));
      toast.success(t('admin-orders.export.success'));
      onClose();
    } catch (error) {
      if (!authFailure(error)) toast.error(failureText(t('admin-orders.export.failed'), error));
    } finally {
      setBusy(false);
    }
  }

  const scope = [filters.status ? t(orderStatusLabels[filters.status]) : t('admin-orders.list.all_statuses'), cityName ?? t('admin-orders.list.all_cities')].join(' · ');
  return (
    <Modal
      title={t('admin-orders.export.title')}
      onClose={busy ? () => undefined : onClose}
      size="sm"
      footer={<ModalFormFooter formId={formId} busy={busy} submitLabel={busy ? t('admin-orders.export.working') : t('admin-orders.export.submit')} onCancel={onClose} />}
    >
      <form
        id={formId}
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <p className="text-sm text-stone-600">{t('admin-orders.export.scope', { scope })}</p>
        <div className="grid grid-cols-2 gap-3">
          <Field id={`${formId}-from`} label={t('admin-orders.export.from')} required error={problem === 'missing' && !range.from ? t('admin-orders.export.date_required') : undefined}>
            <TextInput id={`${formId}-from`} type="date" value={range.from} max={today} onValue={(from) => setRange((current) => ({ ...current, from }))} required />
          </Field>
          <Field
            id={`${formId}-to`}
            label={t('admin-orders.export.to')}
            required
            error={
              problem === 'reversed'
                ? t('admin-orders.export.range_reversed')
                : problem === 'missing' && !range.to
                  ? t('admin-orders.export.date_required')
                  : undefined
            }
          >
            <TextInput id={`${formId}-to`} type="date" value={range.to} max={today} onValue={(to) => setRange((current) => ({ ...current, to }))} required />
          </Field>
        </div>
      </form>
    </Modal>
  );
}
