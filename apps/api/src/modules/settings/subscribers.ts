import type { ChangeFeed } from '../../lib/change-feed.js';
import type { SettingsService } from './service.js';

/** The settings' cached copy goes when any process saved the settings. */
export function subscribeSettings(
  changes: Pick<ChangeFeed, 'subscribe'>,
  settings: Pick<SettingsService, 'invalidate'>,
): void {
  changes.subscribe('settings', () => settings.invalidate());
}
