import { Link } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { PencilIcon, TrashIcon } from './admin-icons';
import { failureText, useSessionFailure } from '../../../lib/errors';

/** A list row's icon button (edit, delete): a 44 px square for a finger, 40 px beside a desktop pointer (lg). */
export const ICON_BUTTON_CLASS =
  'inline-flex size-11 shrink-0 lg:size-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50';

/** The same, red: a row's delete. */
export const DANGER_ICON_BUTTON_CLASS = `${ICON_BUTTON_CLASS} text-red-700 hover:bg-red-50`;

/** A row's edit, when the form is a page of its own: a pencil linking to it. */
export function RowEditLink({ to, label }: { to: string; label: string }) {
  const { t } = useI18n();
  return (
    <Link to={to} className={ICON_BUTTON_CLASS} aria-label={label} title={t('admin.common.edit')}>
      <PencilIcon />
    </Link>
  );
}

/** A row's edit, when the form opens over the list: a pencil button, off while the row is deleted. */
export function RowEditButton({ label, deleting, onEdit }: { label: string; deleting: boolean; onEdit: () => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className={ICON_BUTTON_CLASS} onClick={onEdit} aria-label={label} title={t('admin.common.edit')} disabled={deleting}>
      <PencilIcon />
    </button>
  );
}

/** A row's delete: a red bin button, named "Deleting…" and off while the row is deleted. */
export function RowDeleteButton({ label, deleting, onDelete }: { label: string; deleting: boolean; onDelete: () => void }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className={DANGER_ICON_BUTTON_CLASS}
      onClick={onDelete}
      aria-label={deleting ? t('admin.common.deleting') : label}
      title={t('admin.common.delete')}
      disabled={deleting}
    >
      <TrashIcon />
    </button>
  );
}

/**
 * What a list's failed delete does: an expired session ends the shop's way; otherwise a toast with
 * `failed` and the server's reason, and when the row was gone already (404: someone else deleted
 * it) `refreshList` runs, so it leaves the list either way.
 */
export function useDeleteFailure(failed: string, refreshList: () => void): (error: unknown) => void {
  const toast = useToast();
  const authFailure = useSessionFailure();
  return (error: unknown) => {
    if (authFailure(error)) return;
    if (error instanceof ApiError && error.status === 404) refreshList();
    toast.error(failureText(failed, error));
  };
}
