import { useId, useRef, useState } from 'react';
import type { AdminAttribute } from '@shop/shared';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';
import { EditDeleteButtons } from './attribute-buttons';
import { useCounts, useWriteFailure } from './attribute-hooks';
import { RenameAttributeForm } from './attribute-name-forms';
import { useDeleteAttribute } from './attributes-api';
import { VariationList } from './variation-list';
import { NewVariationForm } from './variation-forms';

/** One attribute: its name (a button that shows its values), counts, rename and delete. */
export function AttributeItem({
  attribute,
  canWrite,
  expanded,
  onToggle,
}: {
  attribute: AdminAttribute;
  canWrite: boolean;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { t, formatDate } = useI18n();
  const toast = useToast();
  const confirm = useConfirm();
  const failure = useWriteFailure();
  const counts = useCounts();
  const panelId = useId();
  const renameButton = useRef<HTMLButtonElement>(null);
  const [renaming, setRenaming] = useState(false);

  const remove = useDeleteAttribute(attribute.id, {
    onSuccess: () => {
      toast.success(t('admin-attributes.toast.deleted'));
    },
    onError: (error) => failure(error, 'admin-attributes.toast.delete_failed'),
  });

  async function askDelete() {
    const values = attribute.variations.length;
    const yes = await confirm({
      message: (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-stone-900">{t('admin-attributes.confirm.delete_attribute', { name: attribute.name })}</p>
          <p>{counts.valuesDeleted(values)}</p>
          <p>{counts.productsAffected(attribute.product_count)}</p>
          <p>{t('admin-attributes.confirm.no_product_deleted')}</p>
        </div>
      ),
    });
    if (yes) remove.mutate();
  }

  const deleting = remove.isPending;
  return (
    <li className="rounded-2xl border border-stone-200 bg-white">
      <div className="flex items-center gap-1 p-2 sm:p-3">
        {renaming ? (
          <RenameAttributeForm
            attribute={attribute}
            onClose={(restoreFocus) => {
              setRenaming(false);
              if (restoreFocus) requestAnimationFrame(() => renameButton.current?.focus());
            }}
          />
        ) : (
          <>
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={onToggle}
              className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg px-2 py-1.5 text-start hover:bg-stone-50"
            >
              <ChevronRightIcon className={`size-5 shrink-0 text-stone-500 transition-transform ${expanded ? 'rotate-90' : 'rtl:-scale-x-100'}`} />
              <span className="min-w-0">
                <span className="block font-semibold break-words text-stone-900" dir="auto">
                  {attribute.name}
                </span>
                {attribute.name_en ? (
                  <span className="block text-sm break-words text-stone-600">
                    {t('admin-attributes.english_name', { name: attribute.name_en })}
                  </span>
                ) : null}
                <span className="block text-sm text-stone-500">
                  {counts.values(attribute.variations.length)} · {counts.usage(attribute.product_count)}
                  <span className="hidden sm:inline"> · {t('admin-attributes.created_on', { date: formatDate(attribute.created_at) })}</span>
                </span>
              </span>
            </button>
            {canWrite ? (
              <EditDeleteButtons
                editRef={renameButton}
                onEdit={() => setRenaming(true)}
                editLabel={t('admin-attributes.rename_label', { name: attribute.name })}
                editTitle={t('admin-attributes.rename')}
                onDelete={() => void askDelete()}
                deleteLabel={t('admin-attributes.delete_label', { name: attribute.name })}
                deleting={deleting}
              />
            ) : null}
          </>
        )}
      </div>
      {expanded ? (
        <div id={panelId} className="border-t border-stone-100 p-3 sm:p-4">
          <VariationList attribute={attribute} canWrite={canWrite} />
          {canWrite ? <NewVariationForm attribute={attribute} /> : null}
        </div>
      ) : null}
    </li>
  );
}
