import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { adminRecordHref } from '../shell/admin-links';
import { useDeleteFailure } from '../ui/row-actions';
import { useDuplicateProduct, useRefreshProducts } from './products-api';

/**
 * The products' "Duplicate" action, the same from the list and the edit screen: the server makes
 * a draft copy (stock 0, no SKU); a toast says so and the copy's edit screen opens. A failure is
 * told as a row's failed delete is (a product gone already leaves the list).
 */
export function useDuplicateAction() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const failed = useDeleteFailure(t('admin-products.duplicate.failed'), useRefreshProducts());
  const duplicate = useDuplicateProduct({
    onSuccess: (copy) => {
      toast.success(t('admin-products.duplicate.success'));
      void navigate(adminRecordHref('products', copy.id));
    },
    onError: failed,
  });
  return {
    run: (id: number) => {
      if (!duplicate.isPending) duplicate.mutate(id);
    },
    /** The id of the product being duplicated now, if any. */
    pendingId: duplicate.isPending ? duplicate.variables : undefined,
  };
}
