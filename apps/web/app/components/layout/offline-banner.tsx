import { useI18n } from '../../i18n/i18n';
import { AlertCircleIcon } from '../ui/icons';
import { useOnlineStatus } from './use-online-status';

/**
 * Says so while the browser is offline, under the header. The polite live region stays in the
 * page so the change is announced when the connection goes and when it comes back.
 */
export function OfflineBanner() {
  const { t } = useI18n();
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite" data-testid="offline-banner">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 bg-stone-800 px-4 py-2 text-center text-sm font-semibold text-white">
          <AlertCircleIcon className="size-5 shrink-0" aria-hidden="true" />
          {t('common.offline.banner')}
        </p>
      )}
    </div>
  );
}
