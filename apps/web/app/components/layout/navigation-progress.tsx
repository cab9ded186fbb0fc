import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useI18n } from '../../i18n/i18n';

// A page that answers within this time needs no bar: showing it would only flicker.
const PROGRESS_DELAY_MS = 150;

/**
 * A thin bar at the top of the screen while the next page is loading (a tap on a slow network
 * otherwise shows nothing for seconds). It appears only once the navigation has been pending a
 * moment, and is an indeterminate progress bar for assistive technology.
 */
export function NavigationProgress() {
  const { t } = useI18n();
  const navigation = useNavigation();
  // Which navigation is pending (its target's key), so a new one waits its own moment.
  const pending = navigation.state === 'idle' ? null : (navigation.location?.key ?? navigation.state);
  const [late, setLate] = useState<string | null>(null);

  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => setLate(pending), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  const visible = pending !== null && late === pending;
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('common.loading_page')}
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100"
    >
      <div className="navigation-progress-bar h-full w-1/3 bg-amber-accent" />
    </div>
  );
}
