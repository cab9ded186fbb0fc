import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { promoStates, type AdminPromoCode } from '@shop/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SearchIcon } from '../../../components/ui/icons';
import { useMoneyFormat } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { adminNewRecordHref, adminRecordHref } from '../shell/admin-links';
import { PlusIcon, TicketIcon } from '../ui/admin-icons';
import { useConfirm } from '../ui/confirm-dialog';
import { SelectInput, TextInput } from '../ui/fields';
import { Badge, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { RowDeleteButton, RowEditLink, useDeleteFailure } from '../ui/row-actions';
import { useUrlState } from '../ui/url-state';
import {
  dayText,
  filterPromoCodes,
  minOrderText,
  promoCodeBody,
  promoCodeFormFrom,
  promoStateTones,
  promoValueText,
  stateFilterFrom,
  usesText,
} from './promo-code-rules';
import { adminPromoCodesQuery, useDeletePromoCode, useRefreshPromoCodes, useSavePromoCode } from './promo-codes-api';
import { failureText, useSessionFailure, useSessionFailureOf } from '../../../lib/errors';

const URL_DEFAULTS = { search: '', state: '' } as const;

/** Where the form opens. */
const NEW_PATH = adminNewRecordHref('promo-codes');
const editPath = (id: number) => adminRecordHref('promo-codes', id);

/**
 * The promo codes tab: every code, newest
 * first, with its value, minimum order, uses, last day, state and active switch; search and a
 * state filter kept in the URL; add, edit and delete after a confirmation naming the code.
 */
export default function PromoCodesTab() {
  const { t } = useI18n();
  const money = useMoneyFormat();
  const toast = useToast();
  const confirm = useConfirm();
  const refreshPromoCodes = useRefreshPromoCodes();
  const authFailure = useSessionFailure();
  const [filters, setFilters] = useUrlState(URL_DEFAULTS);
  const state = stateFilterFrom(filters.state);

  const promoCodes = useQuery(adminPromoCodesQuery());
  useSessionFailureOf(promoCodes.error);

  const rows = useMemo(() => filterPromoCodes(promoCodes.data ?? [], filters.search, state), [promoCodes.data, filters.search, state]);

  const deleteFailed = useDeleteFailure(t('admin-promo-codes.toast.delete_failed'), refreshPromoCodes);
  const remove = useDeletePromoCode({
    onSuccess: () => toast.success(t('admin-promo-codes.toast.deleted')),
    onError: deleteFailed,
  });

  // The active toggle: the stored code sent back with only the flag changed.
  const toggle = useSavePromoCode(
    (promo: AdminPromoCode) => promo.id,
    (promo) => ({ ...promoCodeBody(promoCodeFormFrom(promo)), is_active: !promo.is_active }),
    {
    onSuccess: (saved) => {
      toast.success(t(saved.is_active ? 'admin-promo-codes.toast.activated' : 'admin-promo-codes.toast.deactivated', { code: saved.code }));
    },
    onError: (error) => {
      if (authFailure(error)) return;
      refreshPromoCodes();
      toast.error(failureText(t('admin-promo-codes.toast.toggle_failed'), error));
    },
  },
  );

  async function askDelete(promo: AdminPromoCode) {
    const yes = await confirm({
      message: (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-stone-900">
            {t('admin-promo-codes.confirm.delete_lead', { code: promo.code })}
          </p>
          <p>{t('admin-promo-codes.confirm.delete_effect')}</p>
        </div>
      ),
    });
    if (yes) remove.mutate(promo);
  }

  const columns: Column<AdminPromoCode>[] = [
    {
      id: 'code',
      header: t('admin-promo-codes.col.code'),
      primary: true,
      cell: (promo) => (
        <div className="flex min-w-0 flex-col items-start gap-1">
          <bdi dir="ltr" className="font-mono font-semibold tracking-wide text-stone-900">
            {promo.code}
          </bdi>
          {promo.once_per_customer ? <Badge tone="purple">{t('admin-promo-codes.once_per_customer_badge')}</Badge> : null}
        </div>
      ),
    },
    {
      id: 'description',
      header: t('admin-promo-codes.col.description'),
      // Under the code, in the table and on a phone.
      fold: 'bare',
      cell: (promo) => (
        <p className="line-clamp-2 max-w-xs break-words text-stone-600" title={promo.description}>
          <bdi>{promo.description}</bdi>
        </p>
      ),
    },
    {
      id: 'type',
      header: t('admin-promo-codes.col.type'),
      fold: 'labelled',
      cell: (promo) => t(`admin-promo-codes.type.${promo.discount_type}`),
    },
    {
      id: 'value',
      header: t('admin-promo-codes.col.value'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (promo) => <bdi dir={promo.discount_type === 'percentage' ? 'ltr' : undefined}>{promoValueText(promo, money)}</bdi>,
    },
    {
      id: 'min_order',
      header: t('admin-promo-codes.col.min_order'),
      className: 'tabular-nums whitespace-nowrap',
      fold: 'labelled',
      cell: (promo) => {
        const text = minOrderText(promo.min_order_amount, money);
        return text ? <bdi dir="ltr">{text}</bdi> : <span className="text-stone-500">{t('admin-promo-codes.no_minimum')}</span>;
      },
    },
    {
      id: 'uses',
      header: t('admin-promo-codes.col.uses'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (promo) => <bdi>{usesText(promo.used_count, promo.max_uses) ?? t('admin-promo-codes.uses_unlimited', { used: promo.used_count })}</bdi>,
    },
    {
      id: 'valid_until',
      header: t('admin-promo-codes.col.valid_until'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (promo) =>
        promo.valid_until ? (
          <time dateTime={promo.valid_until}>
            <bdi dir="ltr">{dayText(promo.valid_until)}</bdi>
          </time>
        ) : (
          <span className="text-stone-500">{t('admin-promo-codes.no_end')}</span>
        ),
    },
    {
      id: 'state',
      header: t('admin-promo-codes.col.state'),
      cell: (promo) => <Badge tone={promoStateTones[promo.state]}>{t(`admin-promo-codes.state.${promo.state}`)}</Badge>,
    },
    {
      id: 'active',
      header: t('admin-promo-codes.col.active'),
      cell: (promo) => (
        <ActiveSwitch
          checked={promo.is_active}
          label={t('admin-promo-codes.active_toggle_label', { code: promo.code })}
          busy={toggle.isPending && toggle.variables.id === promo.id}
          onToggle={() => toggle.mutate(promo)}
        />
      ),
    },
  ];

  const addButton = (
    <ButtonLink to={NEW_PATH}>
      <PlusIcon className="size-4" />
      {t('admin-promo-codes.add')}
    </ButtonLink>
  );

  const total = promoCodes.data?.length ?? 0;
  let body;
  if (promoCodes.isPending) body = <LoadingPanel />;
  else if (promoCodes.isError) {
    body = <ErrorPanel title={t('admin-promo-codes.load_error')} error={promoCodes.error} onRetry={() => void promoCodes.refetch()} />;
  } else if (total === 0) {
    body = (
      <EmptyPanel
        icon={<TicketIcon className="size-8" />}
        title={t('admin-promo-codes.empty_title')}
        text={t('admin-promo-codes.empty_text')}
        action={addButton}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyPanel
        icon={<SearchIcon className="size-8" />}
        title={t('admin-promo-codes.no_match_title')}
        text={t('admin-promo-codes.no_match_text')}
        action={
          <Button variant="secondary" onClick={() => setFilters({ search: '', state: '' })}>
            {t('admin-promo-codes.clear_filters')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <ResourceList
        label={t('admin-promo-codes.list_label')}
        compact
        columns={columns}
        rows={rows}
        rowKey={(promo) => promo.id}
        actions={(promo) => {
          const deleting = remove.isPending && remove.variables.id === promo.id;
          return (
            <>
              <RowEditLink to={editPath(promo.id)} label={t('admin-promo-codes.edit_label', { code: promo.code })} />
              <RowDeleteButton
                label={t('admin-promo-codes.delete_label', { code: promo.code })}
                deleting={deleting}
                onDelete={() => void askDelete(promo)}
              />
            </>
          );
        }}
      />
    );
  }

  return (
    <section>
      <AdminPageHeader title={t('admin-promo-codes.title')} description={t('admin-promo-codes.description')} actions={total > 0 ? addButton : null} />
      {total > 0 ? (
        <div role="search" className="mb-4 grid max-w-2xl gap-3 sm:grid-cols-[2fr_1fr]">
          <div>
            <label htmlFor="promo-codes-search" className="sr-only">
              {t('admin-promo-codes.search_label')}
            </label>
            <TextInput
              id="promo-codes-search"
              type="search"
              value={filters.search}
              onValue={(search) => setFilters({ search })}
              placeholder={t('admin-promo-codes.search_placeholder')}
              autoComplete="off"
              enterKeyHint="search"
            />
          </div>
          <div>
            <label htmlFor="promo-codes-state" className="sr-only">
              {t('admin-promo-codes.state_filter')}
            </label>
            <SelectInput id="promo-codes-state" value={state} onValue={(value) => setFilters({ state: value })}>
              <option value="">{t('admin-promo-codes.state_all')}</option>
              {promoStates.map((option) => (
                <option key={option} value={option}>
                  {t(`admin-promo-codes.state.${option}`)}
                </option>
              ))}
            </SelectInput>
          </div>
        </div>
      ) : null}
      {body}
    </section>
  );
}

/** The active flag as a switch (the promo active flag is a toggle). */
function ActiveSwitch({ checked, label, busy, onToggle }: { checked: boolean; label: string; busy: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      title={label}
      disabled={busy}
      onClick={onToggle}
      className="inline-flex min-h-11 min-w-11 items-center justify-center disabled:cursor-wait disabled:opacity-60 lg:min-h-10"
    >
      <span
        aria-hidden="true"
        className={`relative inline-block h-6 w-11 rounded-full transition-colors ${checked ? 'bg-brand-700' : 'bg-stone-300'}`}
      >
        <span
          className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-[inset-inline-start] ${checked ? 'start-[1.375rem]' : 'start-0.5'}`}
        />
      </span>
    </button>
  );
}
