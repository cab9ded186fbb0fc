import { useRef, useState } from 'react';
import type { AdminAttribute, AdminVariation } from '@shop/shared';
import { useMoneyFormat } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';
import { EditDeleteButtons } from './attribute-buttons';
import { useCounts, useWriteFailure } from './attribute-hooks';
import { formatSurcharge } from './attribute-rules';
import { useDeleteVariation } from './attributes-api';
import { EditVariationForm } from './variation-forms';

/** The values of an expanded attribute. */
export function VariationList({ attribute, canWrite }: { attribute: AdminAttribute; canWrite: boolean }) {
  const { t } = useI18n();
  if (attribute.variations.length === 0) {
    return <p className="text-sm text-stone-500">{t('admin-attributes.values.empty')}</p>;
  }
  return (
    <ul aria-label={t('admin-attributes.values.list_label', { name: attribute.name })} className="divide-y divide-stone-100 rounded-xl border border-stone-200">
      {attribute.variations.map((variation) => (
        <VariationRow key={variation.id} attribute={attribute} variation={variation} canWrite={canWrite} />
      ))}
    </ul>
  );
}

/** One value: its title, surcharge and use, with edit (inline) and delete. */
function VariationRow({ attribute, variation, canWrite }: { attribute: AdminAttribute; variation: AdminVariation; canWrite: boolean }) {
  const { t } = useI18n();
  const toast = useToast();
  const confirm = useConfirm();
  const failure = useWriteFailure();
  const counts = useCounts();
  const money = useMoneyFormat();
  const editButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);

  const remove = useDeleteVariation(attribute.id, variation.id, {
    onSuccess: () => {
      toast.success(t('admin-attributes.toast.value_deleted'));
    },
    onError: (error) => failure(error, 'admin-attributes.toast.value_delete_failed'),
  });

  async function askDelete() {
    const yes = await confirm({
      message: (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-stone-900">
            {t('admin-attributes.confirm.delete_value', { title: variation.title, name: attribute.name })}
          </p>
          <p>{counts.valueProducts(variation.product_count)}</p>
          <p>{t('admin-attributes.confirm.no_product_deleted')}</p>
        </div>
      ),
    });
    if (yes) remove.mutate();
  }

  if (editing) {
    return (
      <li className="p-3">
        <EditVariationForm
          attribute={attribute}
          variation={variation}
          onClose={(restoreFocus) => {
            setEditing(false);
            if (restoreFocus) requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      </li>
    );
  }

  const deleting = remove.isPending;
  return (
    <li className="flex items-center gap-1 p-2 ps-3">
      <div className="min-w-0 flex-1 py-1">
        <p className="font-semibold break-words text-stone-900" dir="auto">
          {variation.title}
        </p>
        {variation.title_en ? (
          <p className="text-sm break-words text-stone-600">
            {t('admin-attributes.english_name', { name: variation.title_en })}
          </p>
        ) : null}
        <p className="text-sm text-stone-500">
          {variation.additional_price > 0 ? (
            <bdi className="font-semibold text-stone-700">{formatSurcharge(variation.additional_price, money)}</bdi>
          ) : (
            t('admin-attributes.values.no_surcharge')
          )}{' '}
          · {counts.usage(variation.product_count)}
        </p>
      </div>
      {canWrite ? (
        <EditDeleteButtons
          editRef={editButton}
          onEdit={() => setEditing(true)}
          editLabel={t('admin-attributes.values.edit_label', { title: variation.title })}
          editTitle={t('admin.common.edit')}
          onDelete={() => void askDelete()}
          deleteLabel={t('admin-attributes.values.delete_label', { title: variation.title })}
          deleting={deleting}
        />
      ) : null}
    </li>
  );
}
