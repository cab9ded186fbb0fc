import type { Ref } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { PencilIcon, TrashIcon } from '../ui/admin-icons';

const iconButton =
  'inline-flex size-11 shrink-0 items-center lg:size-10 justify-center rounded-lg text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50';
const dangerIconButton = `${iconButton} text-red-700 hover:bg-red-50`;

/** A row's edit (pencil) and delete (bin) buttons; both are off while the row is being deleted. */
export function EditDeleteButtons({
  editRef,
  onEdit,
  editLabel,
  editTitle,
  onDelete,
  deleteLabel,
  deleting,
}: {
  editRef: Ref<HTMLButtonElement>;
  onEdit: () => void;
  editLabel: string;
  editTitle: string;
  onDelete: () => void;
  deleteLabel: string;
  deleting: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      <button ref={editRef} type="button" className={iconButton} onClick={onEdit} aria-label={editLabel} title={editTitle} disabled={deleting}>
        <PencilIcon />
      </button>
      <button
        type="button"
        className={dangerIconButton}
        onClick={onDelete}
        aria-label={deleting ? t('admin.common.deleting') : deleteLabel}
        title={t('admin.common.delete')}
        disabled={deleting}
      >
        <TrashIcon />
      </button>
    </>
  );
}
