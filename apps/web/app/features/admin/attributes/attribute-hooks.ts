import { useToast } from '../../../components/ui/toast';
import { firstInvalidField, serverFieldErrors, type FieldErrors } from '../../../components/ui/use-field-form';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { failureText, useSessionFailure } from '../../../lib/errors';
import { useRefreshAttributes } from './attributes-api';

/** The fields of the form that was sent and how it shows messages on them (useFieldForm's showErrors). */
export interface WriteForm<Field extends string> {
  fields: readonly Field[];
  showErrors: (errors: FieldErrors<Field>) => boolean;
}

/**
 * What to do with a failed write: an expired session is handled by the shop; messages about the
 * form's own fields go under them; anything else is a toast naming what failed. A 404 (someone
 * else deleted it) refreshes the list.
 */
export function useWriteFailure() {
  const { t } = useI18n();
  const toast = useToast();
  const sessionFailure = useSessionFailure();
  const refresh = useRefreshAttributes();
  return <Field extends string>(error: unknown, failed: MessageKey, form?: WriteForm<Field>) => {
    if (sessionFailure(error)) return;
    const onFields = form ? serverFieldErrors(error, form.fields)?.onFields : undefined;
    if (form && onFields && firstInvalidField(form.fields, onFields) !== null) {
      form.showErrors(onFields);
      return;
    }
    if (error instanceof ApiError && error.status === 404) refresh();
    toast.error(failureText(t(failed), error));
  };
}

/** "3 values", "Used by 2 products": a count in the language's plural form. */
export function useCounts() {
  const { tp } = useI18n();
  return {
    values: (count: number) => tp('admin-attributes.values_count', count),
    usage: (count: number) => tp('admin-attributes.usage', count),
    valuesDeleted: (count: number) => tp('admin-attributes.confirm.values_deleted', count),
    productsAffected: (count: number) => tp('admin-attributes.confirm.products_affected', count),
    valueProducts: (count: number) => tp('admin-attributes.confirm.value_products', count),
  };
}
