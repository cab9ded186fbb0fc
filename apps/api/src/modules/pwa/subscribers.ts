import type { ChangeFeed } from '../../lib/change-feed.js';
import type { AppIconService } from './app-icons.js';

/** The app icons are drawn from the logo: a settings save (in any process) may have replaced it. */
export function subscribeAppIcons(
  changes: Pick<ChangeFeed, 'subscribe'>,
  appIcons: Pick<AppIconService, 'clear'>,
): void {
  changes.subscribe('settings', () => appIcons.clear());
}
