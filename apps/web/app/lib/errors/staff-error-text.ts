import { useCallback } from 'react';
import { useI18n } from '../../i18n/i18n';
import { errorText } from './error-text';

// Apart from the kit's index: the storefront's pages never carry the back office's messages (decision 022).

/** errorText for staff, in the admin's language; without a fallback, the generic "unexpected error". */
export function useStaffErrorText(): (error: unknown, fallback?: string) => string {
  const { t } = useI18n();
  return useCallback(
    (error: unknown, fallback?: string) =>
      errorText(error, { fallback: fallback ?? t('admin.common.error_generic'), audience: 'staff' }),
    [t],
  );
}
