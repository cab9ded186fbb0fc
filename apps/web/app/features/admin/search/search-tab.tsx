import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AdminSynonym } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { SearchIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { userCan } from '../shell/gate';
import { PlusIcon } from '../ui/admin-icons';
import { useConfirm } from '../ui/confirm-dialog';
import { Field, TextInput } from '../ui/fields';
import { ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { RowDeleteButton, RowEditButton, useDeleteFailure } from '../ui/row-actions';
import { useUrlState } from '../ui/url-state';
import { SynonymFormModal } from './synonym-form-modal';
import { filterSynonyms } from './synonym-rules';
import { adminSynonymsQuery, useDeleteSynonym, useRefreshSynonyms } from './synonyms-api';
import { useSessionFailureOf } from '../../../lib/errors';

const URL_DEFAULTS = { q: '' } as const;

type Open = { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; synonym: AdminSynonym };

/**
 * The search words tab (docs/decisions/020): the words and phrases shoppers type ("amber",
 * "sebha") and the catalogue words each stands for. A search for the word also finds products
 * with any of them, from the next search on. Add and edit in a modal, delete after a
 * confirmation; without catalog.write (moderators) the list is read-only.
 */
export default function SearchTab() {
  const { t } = useI18n();
  const toast = useToast();
  const confirm = useConfirm();
  const { user } = useAuth();
  const canWrite = userCan(user, 'catalog.write');
  const [filters, setFilters] = useUrlState(URL_DEFAULTS);
  const [open, setOpen] = useState<Open>({ kind: 'none' });

  const synonyms = useQuery(adminSynonymsQuery());
  useSessionFailureOf(synonyms.error);
  const rows = useMemo(() => filterSynonyms(synonyms.data ?? [], filters.q), [synonyms.data, filters.q]);

  const deleteFailed = useDeleteFailure(t('admin-search.toast.delete_failed'), useRefreshSynonyms());
  const remove = useDeleteSynonym({
    onSuccess: (_result, synonym) => toast.success(t('admin-search.toast.deleted', { term: synonym.term })),
    onError: deleteFailed,
  });

  async function askDelete(synonym: AdminSynonym) {
    const yes = await confirm({
      title: t('admin-search.confirm.delete_title'),
      message: t('admin-search.confirm.delete_lead', { term: synonym.term }),
      confirmLabel: t('admin-search.confirm.delete'),
    });
    if (yes) remove.mutate(synonym);
  }

  const columns: Column<AdminSynonym>[] = [
    {
      id: 'term',
      header: t('admin-search.col.term'),
      primary: true,
      cell: (synonym) => (
        <p className="font-semibold break-words text-stone-900" dir="auto">
          {synonym.term}
        </p>
      ),
    },
    {
      id: 'targets',
      header: t('admin-search.col.targets'),
      cell: (synonym) => (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('admin-search.targets_of', { term: synonym.term })}>
          {synonym.targets.map((target) => (
            <li key={target} dir="auto" className="rounded-full bg-sand-100 px-2.5 py-0.5 text-sm text-stone-800">
              {target}
            </li>
          ))}
        </ul>
      ),
    },
  ];

  const addButton = canWrite ? (
    <Button onClick={() => setOpen({ kind: 'create' })}>
      <PlusIcon className="size-4" />
      {t('admin-search.add')}
    </Button>
  ) : null;

  let body;
  if (synonyms.data === undefined) {
    body = synonyms.isError ? (
      <ErrorPanel title={t('admin-search.load_error')} error={synonyms.error} onRetry={() => void synonyms.refetch()} />
    ) : (
      <LoadingPanel />
    );
  } else if (synonyms.data.length === 0) {
    body = <EmptyPanel icon={<SearchIcon className="size-8" />} title={t('admin-search.empty_title')} text={t('admin-search.empty_text')} action={addButton} />;
  } else if (rows.length === 0) {
    body = (
      <EmptyPanel
        icon={<SearchIcon className="size-8" />}
        title={t('admin-search.no_match_title')}
        text={t('admin-search.no_match_text')}
        action={
          <Button variant="secondary" onClick={() => setFilters({ q: '' })}>
            {t('admin-search.clear_filter')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <ResourceList
        label={t('admin-search.list_label')}
        columns={columns}
        rows={rows}
        rowKey={(synonym) => synonym.id}
        actions={
          canWrite
            ? (synonym) => {
                const deleting = remove.isPending && remove.variables.id === synonym.id;
                return (
                  <>
                    <RowEditButton
                      label={t('admin-search.edit_label', { term: synonym.term })}
                      deleting={deleting}
                      onEdit={() => setOpen({ kind: 'edit', synonym })}
                    />
                    <RowDeleteButton
                      label={t('admin-search.delete_label', { term: synonym.term })}
                      deleting={deleting}
                      onDelete={() => void askDelete(synonym)}
                    />
                  </>
                );
              }
            : undefined
        }
      />
    );
  }

  return (
    <section>
      <AdminPageHeader title={t('admin-search.title')} description={t('admin-search.description')} actions={addButton} />
      {synonyms.data && synonyms.data.length > 0 ? (
        <div className="mb-4 lg:max-w-md">
          <Field id="synonyms-filter" label={t('admin-search.filter')}>
            <TextInput
              id="synonyms-filter"
              type="search"
              dir="auto"
              autoComplete="off"
              value={filters.q}
              onValue={(value) => setFilters({ q: value })}
            />
          </Field>
        </div>
      ) : null}
      {body}
      {open.kind === 'none' ? null : (
        <SynonymFormModal synonym={open.kind === 'edit' ? open.synonym : null} onClose={() => setOpen({ kind: 'none' })} />
      )}
    </section>
  );
}
