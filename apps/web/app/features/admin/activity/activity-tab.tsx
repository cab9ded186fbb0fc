import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { imageSrcSet, type AuditActor, type AuditEntry, type AuditNames } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useMoneyFormat } from '../../../components/ui/price';
import { useI18n } from '../../../i18n/i18n';
import { ActivityIcon, ImagesIcon } from '../ui/admin-icons';
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
  changeView,
  changedFields,
  entityFilterFrom,
  fieldSide,
  entityLabel,
  fieldLabel,
  recordHref,
  recordTitle,
  type ActivityContext,
  type ChangeValue,
  type ChangeView,
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

  // The language is part of the key: the server names records in it, and a switch of language
  // keeps the page (and its cache) without reloading.
  const activity = usePagedList(activityQueryKeys.list({ ...filters, lang }), (page) => fetchActivityPage(filters, page));

  // Each page names the records its own entries point to.
  const entries = useMemo(
    () => activity.data?.pages.flatMap((page) => page.entries.map((entry) => ({ entry, names: page.names }))) ?? [],
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
          {entries.map(({ entry, names }) => (
            <ActivityItem key={entry.id} entry={entry} names={names} />
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

/** One change: what was done to which record (named, linked), when, by whom, and its fields. */
export function ActivityItem({ entry, names }: { entry: AuditEntry; names: AuditNames }) {
  const { t, lang, formatDateTime } = useI18n();
  const money = useMoneyFormat();
  const context = useMemo(() => ({ t, lang, money, names }), [t, lang, money, names]);
  const fields = changedFields(entry);
  const first = fields.slice(0, CHANGES_SHOWN);
  const rest = fields.slice(CHANGES_SHOWN);
  const title = recordTitle(t, entry);
  const href = recordHref(entry);
  // Neither an account nor its copied e-mail: the shop itself wrote it (a late payment).
  const who =
    entry.actor_name ??
    entry.actor_email ??
    (entry.actor_id === null ? t('admin-activity.shop_actor') : t('admin-activity.unknown_actor'));

  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 font-semibold text-stone-900">
          <span>{actionLabel(t, entry.action)} ·</span>
          {href ? (
            <Link
              to={href}
              aria-label={t('admin-activity.record.open', { record: title })}
              className="inline-flex min-h-11 min-w-0 items-center rounded-md text-brand-700 underline decoration-brand-300 underline-offset-4 wrap-anywhere hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <bdi>{title}</bdi>
            </Link>
          ) : (
            <bdi className="inline-flex min-h-11 items-center wrap-anywhere">{title}</bdi>
          )}
          {entry.record_deleted ? (
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-600">
              {t('admin-activity.record.deleted')}
            </span>
          ) : null}
        </p>
        <time dateTime={entry.created_at} className="text-sm text-stone-600 tabular-nums">
          {formatDateTime(entry.created_at)}
        </time>
      </div>
      <p className="text-sm wrap-anywhere text-stone-700">
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
          <ChangeList entry={entry} fields={first} context={context} />
          {rest.length > 0 ? (
            <details className="mt-1">
              <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
                {t('admin-activity.more_fields', { count: rest.length })}
              </summary>
              <ChangeList entry={entry} fields={rest} context={context} />
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
  entry,
  fields,
  context,
}: {
  entry: AuditEntry;
  fields: Array<{ field: string; from: unknown; to: unknown }>;
  context: ActivityContext;
}) {
  const { t } = context;
  return (
    <dl className="mt-2 grid gap-x-3 gap-y-1.5 text-sm sm:grid-cols-[minmax(8rem,auto)_minmax(0,1fr)]">
      {fields.map(({ field, from, to }) => {
        const view = changeView(entry.entity, field, { from, to }, context, entry.changes ?? {});
        const side = fieldSide(entry.action, from);
        return (
          <div key={field} className="contents">
            <dt className="font-semibold text-stone-600 sm:leading-6">
              {t('admin-activity.field_label', { label: fieldLabel(t, entry.entity, field) })}
            </dt>
            <dd className="min-w-0 text-stone-800">
              {view.kind === 'list' ? (
                <ListChange view={view} />
              ) : side === 'both' ? (
                <FromTo from={view.from} to={view.to} />
              ) : (
                <Value value={view[side]} />
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function FromTo({ from, to }: { from: ChangeValue; to: ChangeValue }) {
  const { t, dir } = useI18n();
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <Value value={from} />
      <span aria-hidden="true" className="text-stone-400">
        {dir === 'rtl' ? '←' : '→'}
      </span>
      <span className="sr-only">{t('admin-activity.changed_to')}</span>
      <Value value={to} />
    </span>
  );
}

function ListChange({ view }: { view: Extract<ChangeView, { kind: 'list' }> }) {
  const { t, lang } = useI18n();
  const separator = lang === 'ar' ? '،\u00a0' : ',\u00a0';
  const group = (label: string, items: ChangeValue[]) =>
    items.length > 0 ? (
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-stone-600">{`${label}:`}</span>
        {items.map((item, index) => (
          <span key={index} className="inline-flex items-center">
            <Value value={item} />
            {index < items.length - 1 && item.kind !== 'image' ? <span aria-hidden="true">{separator}</span> : null}
          </span>
        ))}
      </span>
    ) : null;
  const nothing = view.added.length + view.removed.length + view.changed.length === 0 && !view.reordered;
  return (
    <span className="flex min-w-0 flex-col gap-1">
      {group(t('admin-activity.list.added'), view.added)}
      {group(t('admin-activity.list.removed'), view.removed)}
      {view.changed.map((change) => (
        <span key={change.label} className="flex min-w-0 flex-wrap items-center gap-x-2">
          <span className="text-stone-600">
            {`${t('admin-activity.list.changed')}:`} <bdi>{change.label}</bdi>
          </span>
          <FromTo from={change.from} to={change.to} />
        </span>
      ))}
      {view.reordered ? <span>{t('admin-activity.list.reordered')}</span> : null}
      {nothing ? <span className="text-stone-500">{t('admin-activity.list.empty')}</span> : null}
    </span>
  );
}

function Value({ value }: { value: ChangeValue }) {
  const { t } = useI18n();
  if (value.kind === 'none') return <span className="text-stone-500">{t('admin-activity.value_none')}</span>;
  if (value.kind === 'image') return <ChangeImage url={value.url} name={value.name} />;
  return (
    <bdi dir="auto" title={value.full === value.text ? undefined : value.full} className="min-w-0 wrap-anywhere">
      {value.text}
    </bdi>
  );
}

/**
 * A stored picture as a small thumbnail. A replaced or removed picture's files are deleted, so
 * a missing one shows a placeholder instead of a broken image (checked again after hydration,
 * as the browser may have failed to load it before React listened).
 */
function ChangeImage({ url, name }: { url: string; name: string }) {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <span
        role="img"
        aria-label={t('admin-activity.image.gone')}
        title={t('admin-activity.image.gone')}
        className="inline-flex size-10 items-center justify-center rounded-lg border border-dashed border-stone-300 bg-stone-50 text-stone-400"
      >
        <ImagesIcon className="size-5" />
      </span>
    );
  }
  return (
    <img
      ref={image}
      src={url}
      srcSet={imageSrcSet(url)}
      sizes="40px"
      alt={t('admin-activity.image.label', { name })}
      title={name}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-10 rounded-lg border border-stone-200 bg-stone-100 object-cover"
    />
  );
}
