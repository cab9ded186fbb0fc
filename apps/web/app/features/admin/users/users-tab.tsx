import { useMemo } from 'react';
import { Link } from 'react-router';
import { type AdminUser, type AdminUserCounts } from '@shop/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SearchIcon, UserIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { PencilIcon, PlusIcon, TrashIcon } from '../ui/admin-icons';
import { useConfirm } from '../ui/confirm-dialog';
import { Badge, LoadMoreFooter, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { useUrlSearchBox } from '../ui/use-debounced-search';
import { DANGER_ICON_BUTTON_CLASS, ICON_BUTTON_CLASS, useDeleteFailure } from '../ui/row-actions';
import { ListFilterSelect, ListSearchField } from '../ui/list-filters';
import { pagedListView, usePagedList } from '../ui/paged-list';
import { useUrlState } from '../ui/url-state';
import {
  NEW_USER_PATH,
  ROLE_CHOICES,
  USER_LIST_DEFAULTS,
  canDeleteUser,
  editUserPath,
  hasUserFilters,
  roleLabels,
  roleTones,
  userFiltersFrom,
} from './user-rules';
import { fetchUserPage, useDeleteUser, useRefreshUsers, usersQueryKeys } from './users-api';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';

/**
 * The Users tab: every account, newest first, a page at
 * a time with "load more"; search by name or e-mail and the role filter kept in the URL and run
 * on the server; the counters of every user; add, edit and delete (never one's own account).
 */
export default function UsersTab() {
  const { t, tp, formatDate, formatDateTime } = useI18n();
  const { user: me } = useAuth();
  const toast = useToast();
  const confirm = useConfirm();
  const errorText = useStaffErrorText();

  const [state, setState] = useUrlState(USER_LIST_DEFAULTS);
  const filters = useMemo(() => userFiltersFrom({ search: state.search, role: state.role }), [state.search, state.role]);
  const [searchText, setSearchText] = useUrlSearchBox(state.search, setState);

  // New filters keep the old rows on screen until the new ones arrive.
  const users = usePagedList(usersQueryKeys.list(filters), (page) => fetchUserPage(filters, page));

  const rows = useMemo(() => users.data?.pages.flatMap((page) => page.users) ?? [], [users.data]);
  const total = users.data?.pages.at(-1)?.pagination.total ?? 0;
  const counts = users.data?.pages.at(-1)?.counts;

  const deleteFailed = useDeleteFailure(t('admin-users.delete.failed'), useRefreshUsers());
  const remove = useDeleteUser({
    onSuccess: (reply, user) => toast.success(tp('admin-users.delete.success', reply.orders_kept, { name: user.name })),
    onError: deleteFailed,
  });

  async function askDelete(user: AdminUser) {
    const yes = await confirm({
      title: t('admin-users.delete.title'),
      message: (
        <>
          <span className="block">{t('admin-users.delete.lead', { name: user.name, email: user.email })}</span>
          <span className="mt-2 block">{tp('admin-users.delete.orders', user.order_count)}</span>
        </>
      ),
      confirmLabel: t('admin-users.delete.confirm'),
      tone: 'danger',
    });
    if (yes) remove.mutate(user);
  }

  function clearFilters() {
    setSearchText('');
    setState({ search: '', role: '' });
  }

  const columns: Column<AdminUser>[] = [
    {
      id: 'name',
      header: t('admin-users.column.name'),
      primary: true,
      cell: (user) => (
        <div className="min-w-0">
          <Link
            to={editUserPath(user.id)}
            className="font-semibold break-words text-stone-900 underline-offset-2 hover:text-brand-800 hover:underline"
            dir="auto"
          >
            {user.name}
          </Link>
          {user.id === me?.id ? <p className="text-xs font-normal text-stone-500">{t('admin-users.list.you')}</p> : null}
        </div>
      ),
    },
    { id: 'id', header: t('admin-users.column.id'), className: 'tabular-nums', fold: 'labelled', cell: (user) => <bdi dir="ltr">{user.id}</bdi> },
    {
      id: 'email',
      header: t('admin-users.column.email'),
      // The contact sits under the name.
      fold: 'bare',
      cell: (user) => (
        <span className="break-all">
          <bdi dir="ltr">{user.email}</bdi>
        </span>
      ),
    },
    {
      id: 'phone',
      header: t('admin-users.column.phone'),
      className: 'whitespace-nowrap',
      fold: 'labelled',
      cell: (user) => (user.phone ? <bdi dir="ltr">{user.phone}</bdi> : <span className="text-stone-500">{t('admin-users.list.no_phone')}</span>),
    },
    {
      id: 'role',
      header: t('admin-users.column.role'),
      cell: (user) => <Badge tone={roleTones[user.role]}>{t(roleLabels[user.role])}</Badge>,
    },
    {
      id: 'joined',
      header: t('admin-users.column.joined'),
      cell: (user) => (
        <time dateTime={user.created_at} title={formatDateTime(user.created_at)} className="whitespace-nowrap tabular-nums">
          {formatDate(user.created_at)}
        </time>
      ),
    },
  ];

  const filtered = hasUserFilters(filters);

  let body;
  const view = pagedListView(users, rows.length);
  if (view === 'loading') {
    body = <LoadingPanel />;
  } else if (view === 'error') {
    body = <ErrorPanel title={t('admin-users.list.load_error')} error={users.error} onRetry={() => void users.refetch()} />;
  } else if (view === 'empty') {
    body = filtered ? (
      <EmptyPanel
        icon={<SearchIcon className="size-8" />}
        title={t('admin-users.list.no_match_title')}
        text={t('admin-users.list.no_match_text')}
        action={
          <Button variant="secondary" onClick={clearFilters}>
            {t('admin-users.list.clear_filters')}
          </Button>
        }
      />
    ) : (
      <EmptyPanel icon={<UserIcon className="size-8" />} title={t('admin-users.list.empty_title')} />
    );
  } else {
    body = (
      <ResourceList
        label={t('admin-users.list.label')}
        columns={columns}
        rows={rows}
        rowKey={(user) => user.id}
        actions={(user) => (
          <>
            <Link
              to={editUserPath(user.id)}
              className={ICON_BUTTON_CLASS}
              aria-label={t('admin-users.action.edit', { name: user.name })}
              title={t('admin-users.action.edit', { name: user.name })}
            >
              <PencilIcon className="size-5" />
            </Link>
            {canDeleteUser(user, me?.id) ? (
              <button
                type="button"
                className={DANGER_ICON_BUTTON_CLASS}
                aria-label={t('admin-users.action.delete', { name: user.name })}
                title={t('admin-users.action.delete', { name: user.name })}
                disabled={remove.isPending && remove.variables?.id === user.id}
                onClick={() => void askDelete(user)}
              >
                <TrashIcon className="size-5" />
              </button>
            ) : null}
          </>
        )}
        footer={
          <>
            {/* A failed next page or refresh leaves the rows already shown on screen. */}
            {users.isError ? (
              <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-sm font-semibold text-red-700">
                <span>
                  {t('admin-users.list.load_error')}: {errorText(users.error)}
                </span>
                <Button variant="secondary" onClick={() => void (users.isFetchNextPageError ? users.fetchNextPage() : users.refetch())}>
                  {t('admin.common.retry')}
                </Button>
              </div>
            ) : null}
            <LoadMoreFooter
              hasMore={users.hasNextPage}
              loading={users.isFetchingNextPage || users.isPlaceholderData}
              onLoadMore={() => void users.fetchNextPage()}
              allShownText={t('admin-users.list.all_shown')}
            />
          </>
        }
      />
    );
  }

  return (
    <div>
      <AdminPageHeader
        title={t('admin-users.title')}
        description={t('admin-users.description')}
        actions={
          <ButtonLink to={NEW_USER_PATH}>
            <PlusIcon className="size-5" />
            {t('admin-users.add')}
          </ButtonLink>
        }
      />

      {counts ? <UserCounters counts={counts} /> : null}

      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-end">
        <ListSearchField
          id="users-search"
          label={t('admin-users.list.search_label')}
          placeholder={t('admin-users.list.search_placeholder')}
          value={searchText}
          onValue={setSearchText}
        />
        <ListFilterSelect
          id="users-role"
          label={t('admin-users.list.role_filter')}
          value={filters.role}
          onValue={(value) => setState({ role: value })}
          shrink
        >
          <option value="">{t('admin-users.list.all_roles')}</option>
          {ROLE_CHOICES.map((role) => (
            <option key={role} value={role}>
              {t(roleLabels[role])}
            </option>
          ))}
        </ListFilterSelect>
      </div>

      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-stone-600">
        {users.data && rows.length > 0
          ? users.isPlaceholderData
            ? t('admin-users.list.refreshing')
            : tp('admin-users.list.count', total, { shown: rows.length })
          : null}
      </p>
      <div className={users.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{body}</div>
    </div>
  );
}

/** The counters (total, admins, customers, moderators), over every user whatever the filters. */
function UserCounters({ counts }: { counts: AdminUserCounts }) {
  const { t } = useI18n();
  const cards = [
    { id: 'total', label: t('admin-users.counts.total'), value: counts.total },
    { id: 'admins', label: t('admin-users.counts.admins'), value: counts.admins },
    { id: 'customers', label: t('admin-users.counts.customers'), value: counts.customers },
    { id: 'moderators', label: t('admin-users.counts.moderators'), value: counts.moderators },
  ];
  return (
    <dl className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.id} className="rounded-2xl border border-stone-200 bg-white p-4">
          <dt className="text-sm text-stone-600">{card.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
