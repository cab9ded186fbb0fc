import { useState, type FormEvent } from 'react';
import { fromThousandths, type City } from '@shop/shared';
import { useMoneyFormat } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { Field, TextInput } from '../ui/fields';
import { Modal, ModalFormFooter } from '../ui/modal';
import { updateCityFee, useRefreshCities } from './cities-api';
import {
  bulkFailureLines,
  bulkFeeProblem,
  formatFee,
  parseShippingFee,
  progressPercent,
  toggleSelected,
  updateAllInParallel,
  type BulkFailureLine,
} from './city-rules';
import { useSessionFailure } from '../../../lib/errors';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';

const FEE_ID = 'bulk-fee';

/**
 * The bulk shipping-fee edit: the selected cities in a short
 * scrolling box (each can be left out), one fee, then one PUT per city in parallel with a progress
 * bar. Afterwards a toast; when some failed, the modal stays open with only those, each with its
 * reason, ready to try again. `onClose` gets the ids still to update after a run (none: all done).
 */
export function BulkFeeModal({ cities, onClose }: { cities: readonly City[]; onClose: (remaining?: number[]) => void }) {
  const { t } = useI18n();
  const money = useMoneyFormat();
  const symbol = money.symbol;
  const toast = useToast();
  const refreshCities = useRefreshCities();
  const authFailure = useSessionFailure();
  const reasonOf = useStaffErrorText();
  /** The cities of the run: the selection, then only those that failed. */
  const [targets, setTargets] = useState<readonly City[]>(cities);
  const [included, setIncluded] = useState<ReadonlySet<number>>(() => new Set(cities.map((city) => city.id)));
  const [fee, setFee] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ settled: number; total: number } | null>(null);
  const [failures, setFailures] = useState<BulkFailureLine[]>([]);
  const running = progress !== null;
  const chosen = targets.filter((city) => included.has(city.id));

  function close() {
    if (running) return;
    onClose(failures.length > 0 ? failures.map((line) => line.id) : undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    const found = bulkFeeProblem(chosen.length, fee);
    setProblem(found === null ? null : t(found));
    if (found !== null) {
      if (found !== 'admin-cities.bulk.none_selected') document.getElementById(FEE_ID)?.focus();
      return;
    }
    const amount = fromThousandths(parseShippingFee(fee)!);
    const batch = [...chosen];
    setFailures([]);
    setProgress({ settled: 0, total: batch.length });
    const outcome = await updateAllInParallel(
      batch,
      (city) => updateCityFee(city.id, amount),
      (settled) => setProgress({ settled, total: batch.length }),
    );
    setProgress(null);
    refreshCities();
    if (outcome.failed.some(({ error }) => authFailure(error))) return;
    if (outcome.failed.length === 0) {
      toast.success(t('admin-cities.bulk.toast_done', { count: batch.length, fee: formatFee(amount, money) }));
      onClose([]);
      return;
    }
    const lines = bulkFailureLines(outcome, reasonOf);
    toast.error(t('admin-cities.bulk.toast_partial', { updated: outcome.updated.length, total: batch.length, failed: lines.length }));
    const failedIds = new Set(lines.map((line) => line.id));
    setTargets(batch.filter((city) => failedIds.has(city.id)));
    setIncluded(failedIds);
    setFailures(lines);
  }

  const feeError = problem !== null && chosen.length > 0 ? problem : undefined;
  const selectionError = problem !== null && chosen.length === 0 ? problem : undefined;

  return (
    <Modal
      title={t('admin-cities.bulk.title')}
      onClose={close}
      footer={
        <ModalFormFooter
          formId="bulk-fee-form"
          busy={running}
          submitLabel={running ? t('admin-cities.bulk.running') : failures.length > 0 ? t('admin-cities.bulk.retry') : t('admin-cities.bulk.submit')}
          onCancel={close}
        />
      }
    >
      <form id="bulk-fee-form" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {failures.length > 0 ? (
          <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-800">
            <p className="font-semibold">{t('admin-cities.bulk.failed_title')}</p>
            <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
              {failures.map((line) => (
                <li key={line.id}>
                  <bdi className="font-semibold">{line.name}</bdi>: {line.reason}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm">{t('admin-cities.bulk.failed_hint')}</p>
          </div>
        ) : (
          <p className="text-stone-700">{t('admin-cities.bulk.intro')}</p>
        )}
        <fieldset className="flex flex-col gap-2" aria-describedby={selectionError ? 'bulk-cities-error' : undefined}>
          <legend className="mb-1 text-sm font-semibold text-stone-800">
            {t('admin-cities.bulk.cities_label', { count: chosen.length, total: targets.length })}
          </legend>
          <ul className="max-h-40 overflow-y-auto rounded-lg border border-stone-200 bg-stone-50 p-2">
            {targets.map((city) => (
              <li key={city.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-white lg:min-h-10">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={included.has(city.id)}
                    disabled={running}
                    onChange={() => {
                      setIncluded((current) => toggleSelected(current, city.id));
                      setProblem(null);
                    }}
                  />
                  <span className="min-w-0 flex-1 break-words" dir="auto">
                    {city.name}
                  </span>
                  <span className="shrink-0 text-sm text-stone-500 tabular-nums">
                    <bdi>{formatFee(city.shipping_fee, money)}</bdi>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <p id="bulk-cities-error" role={selectionError ? 'alert' : undefined} className="text-sm font-semibold text-red-700 empty:hidden">
            {selectionError}
          </p>
        </fieldset>
        <Field id={FEE_ID} label={t('admin-cities.bulk.fee', { currency: symbol })} required hint={t('admin-cities.bulk.fee_hint')} error={feeError}>
          <TextInput
            id={FEE_ID}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={fee}
            onValue={(value) => {
              setFee(value);
              setProblem(null);
            }}
            error={feeError}
            hint={t('admin-cities.bulk.fee_hint')}
            disabled={running}
            required
          />
        </Field>
        {progress ? (
          <div className="flex flex-col gap-1.5">
            <progress
              className="h-2.5 w-full overflow-hidden rounded-full accent-brand-700"
              max={100}
              value={progressPercent(progress.settled, progress.total)}
              aria-labelledby="bulk-progress-label"
            />
            <p id="bulk-progress-label" className="text-sm text-stone-700" aria-live="polite">
              {t('admin-cities.bulk.progress', { done: progress.settled, total: progress.total })}
            </p>
          </div>
        ) : null}
      </form>
    </Modal>
  );
}
