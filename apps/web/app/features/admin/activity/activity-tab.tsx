import { useMemo, type ReactNode } from 'react';
import type { AuditActor, AuditEntry } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useMoneyFormat } from '../../../components/ui/price';
import { useI18n } from '../../../i18n/i18n';
import { ActivityIcon } from '../ui/admin-icons';
import { controlClass } from '../ui/fields';
import { pagedListView, usePagedList } from '../ui/paged-list';
import { LoadMoreFooter } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { useUrlState } from '../ui/url-state';
import { activityQueryKeys, fetchActivityPage } from './activity-api';
import {
  CHANGES_SHOWN,
  actionLabel,
  actorFilterFrom,
  changeValue,
  changedFields,
  entityFilterFrom,
  entityItemLabel,
  entityLabel,
} from './activity-rules';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';

/** The filters in the URL beside `tab`: the person and the kind of thing. */
const FILTER_DEFAULTS = { actor_id: '', entity: '' } as const;

/**
 * The Activity tab: the audit trail of the back office, newest
 * first, a page at a time, filtered by person and by kind of thing. For administrators.
 */
export default function ActivityTab() {
  const { t, tp, lang } = useI18n();
  const errorText = useStaffErrorText();
  const [state, setState] = useUrlState(FILTER_DEFAULTS);
  const filters = useMemo(
    () => ({ actor_id: actorFilterFrom(state.actor_id), entity: entityFilterFrom(state.entity) }),
    [state.actor_id, state.entity],
  );

  const activity = usePagedList(activityQueryKeys.list(filters), (page) => fetchActivityPage(filters, page));

  const entries = useMemo(
    () => activity.data?.pages.flatMap((page) => page.entries) ?? [],
    [activity.data],
  );
  const firstPage = activity.data?.pages[0];
  const total = activity.data?.pages.at(-1)?.pagination.total ?? 0;
  const filtered = filters.actor_id !== undefined || filters.entity !== undefined;
  const clearFilters = () => setState({ actor_id: '', entity: '' });

  let body: ReactNode;
  const view = pagedListView(activity, entries.length);
  if (view === 'loading') {
    body = <LoadingPanel />;
  } else if (view === 'error') {
    body = (
      <ErrorPanel
        title={t('admin-activity.load_error')}
        error={activity.error}
        onRetry={() => void activity.refetch()}
      />
    );
  } else if (view === 'empty') {
    body = filtered ? (
      <EmptyPanel
        icon={<ActivityIcon className="size-8" />}
        title={t('admin-activity.no_match_title')}
        text={t('admin-activity.no_match_text')}
        action={
          <Button variant="secondary" onClick={clearFilters}>
            {t('admin-activity.clear_filters')}
          </Button>
        }
      />
    ) : (
      <EmptyPanel
        icon={<ActivityIcon className="size-8" />}
        title={t('admin-activity.empty_title')}
        text={t('admin-activity.empty_text')}
      />
    );
  } else {
    body = (
      <>
        <ol className="flex flex-col gap-3" aria-label={t('admin-activity.list_label')}>
          {entries.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </ol>
        {/* A failed next page leaves the entries already shown on screen. */}
        {activity.isError ? (
          <div
            role="alert"
            className="mt-3 flex flex-wrap items-center justify-center gap-3 text-sm font-semibold text-red-700"
          >
            <span>
              {t('admin-activity.load_error')}: {errorText(activity.error)}
            </span>
            <Button
              variant="secondary"
              onClick={() =>
                void (activity.isFetchNextPageError ? activity.fetchNextPage() : activity.refetch())
              }
            >
              {t('admin.common.retry')}
            </Button>
          </div>
        ) : null}
        <div className="mt-3">
          <LoadMoreFooter
            hasMore={activity.hasNextPage}
            loading={activity.isFetchingNextPage || activity.isPlaceholderData}
            onLoadMore={() => void activity.fetchNextPage()}
            allShownText={t('admin-activity.all_shown')}
          />
        </div>
      </>
    );
  }

  return (
    <div>
      <AdminPageHeader
        title={t('admin-activity.title')}
        description={t('admin-activity.description')}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-3xl">
        <FilterSelect
          id="activity-actor"
          label={t('admin-activity.filter.actor')}
          value={filters.actor_id === undefined ? '' : String(filters.actor_id)}
          allLabel={t('admin-activity.filter.actor_all')}
          options={(firstPage?.actors ?? []).map((actor) => ({
            value: String(actor.id),
            label: actorLabel(actor),
          }))}
          onChange={(value) => setState({ actor_id: value })}
        />
        <FilterSelect
          id="activity-entity"
          label={t('admin-activity.filter.entity')}
          value={filters.entity ?? ''}
          allLabel={t('admin-activity.filter.entity_all')}
          options={(firstPage?.entities ?? [])
            .map((entity) => ({ value: entity, label: entityLabel(t, entity) }))
            .sort((a, b) => a.label.localeCompare(b.label, lang))}
          onChange={(value) => setState({ entity: value })}
        />
      </div>
      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-stone-600">
        {activity.data && entries.length > 0 && !activity.isPlaceholderData
          ? tp('admin-activity.count', total, { shown: entries.length })
          : null}
      </p>
      <div className={activity.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        {body}
      </div>
    </div>
  );
}

function actorLabel(actor: AuditActor): string {
  return `${actor.name} (${actor.email})`;
}

function FilterSelect({
  id,
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  allLabel: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  // A value from a shared link that the trail no longer names stays selectable (and removable).
  const shown =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${controlClass} border-stone-300`}
      >
        <option value="">{allLabel}</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One change: when, who, what (kind, id and action), and the fields from → to. */
export function ActivityItem({ entry }: { entry: AuditEntry }) {
  const { t, formatDateTime } = useI18n();
  const fields = changedFields(entry);
  const first = fields.slice(0, CHANGES_SHOWN);
  const rest = fields.slice(CHANGES_SHOWN);
  // Neither an account nor its copied e-mail: the shop itself wrote it (a late payment).
  const who =
    entry.actor_name ??
    entry.actor_email ??
    (entry.actor_id === null ? t('admin-activity.shop_actor') : t('admin-activity.unknown_actor'));

  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-stone-900">
          {actionLabel(t, entry.action)} · {entityItemLabel(t, entry.entity)}
          {entry.entity_id !== null ? (
            <>
              {' '}
              <bdi dir="ltr">{`#${entry.entity_id}`}</bdi>
            </>
          ) : null}
        </p>
        <time dateTime={entry.created_at} className="text-sm text-stone-600 tabular-nums">
          {formatDateTime(entry.created_at)}
        </time>
      </div>
      <p className="mt-1 text-sm wrap-anywhere text-stone-700">
        {t('admin-activity.by')} <bdi className="font-semibold">{who}</bdi>
        {entry.actor_name && entry.actor_email ? (
          <>
            {' '}
            <bdi dir="ltr" className="text-stone-500">
              {`(${entry.actor_email})`}
            </bdi>
          </>
        ) : null}
        {entry.actor_id === null && entry.actor_email ? (
          <span className="text-stone-500"> · {t('admin-activity.actor_deleted')}</span>
        ) : null}
      </p>
      {fields.length > 0 ? (
        <>
          <ChangeList entity={entry.entity} fields={first} />
          {rest.length > 0 ? (
            <details className="mt-1">
              <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                {t('admin-activity.more_fields', { count: rest.length })}
              </summary>
              <ChangeList entity={entry.entity} fields={rest} />
            </details>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-stone-500">{t('admin-activity.no_fields')}</p>
      )}
    </li>
  );
}

function ChangeList({
  entity,
  fields,
}: {
  entity: string;
  fields: Array<{ field: string; from: unknown; to: unknown }>;
}) {
  const { t, dir } = useI18n();
  return (
    <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_minmax(0,1fr)]">
      {fields.map(({ field, from, to }) => (
        <div key={field} className="contents">
          <dt className="font-mono text-xs leading-6 text-stone-600" dir="ltr">
            <bdi>{field}</bdi>
          </dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-x-2 text-stone-800">
            <Value entity={entity} field={field} value={from} />
            <span aria-hidden="true" className="text-stone-400">
              {dir === 'rtl' ? '←' : '→'}
            </span>
            <span className="sr-only">{t('admin-activity.changed_to')}</span>
            <Value entity={entity} field={field} value={to} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ entity, field, value }: { entity: string; field: string; value: unknown }) {
  const { t } = useI18n();
  const money = useMoneyFormat();
  const shown = changeValue(entity, field, value, money);
  if (shown.kind === 'none')
    return <span className="text-stone-400">{t('admin-activity.value_none')}</span>;
  if (shown.kind === 'boolean')
    return <span>{shown.value ? t('admin.common.yes') : t('admin.common.no')}</span>;
  if (shown.kind === 'label') return <span>{t(shown.key)}</span>;
  return (
    <bdi
      dir="auto"
      title={shown.full === shown.text ? undefined : shown.full}
      className="min-w-0 wrap-anywhere"
    >
      {shown.text}
    </bdi>
  );
}
