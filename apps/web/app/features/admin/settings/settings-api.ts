import type { SettingsResponse, StoreSettings } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { adminApi, adminQueryKeys, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';
import { settingsFormData, type SettingsForm } from './settings-rules';

/** The store settings (packages/shared/src/contracts/catalog.ts and admin-settings.ts). */
export type AdminSettings = StoreSettings;

/** The settings' key: one record, which only its own save changes. */
export const settingsQueryKeys = adminQueryKeys('settings');

export function adminSettingsQuery() {
  return queryOptions({ queryKey: settingsQueryKeys.all, queryFn: fetchSettings });
}

/**
 * The store settings (GET /api/settings). That reply may be kept by the browser for a minute
 * (public cache-control, for the storefront); the back office asks past any kept copy, so it
 * never shows settings older than the ones it has just saved.
 */
async function fetchSettings(): Promise<AdminSettings> {
  const reply = await adminApi().get<SettingsResponse>('/settings', { fresh: Date.now() });
  return reply.settings;
}

/** Saves the store settings (POST /api/settings, multipart, settings.write); replies with them as saved. */
async function saveSettings(form: SettingsForm): Promise<AdminSettings> {
  const reply = await adminApi().postForm<SettingsResponse>('/settings', settingsFormData(form));
  return reply.settings;
}

/** Saves the settings; the reply (the settings as saved) becomes the cached settings. */
export function useSaveSettings(callbacks?: MutationCallbacks<AdminSettings, SettingsForm>) {
  return useResourceMutation(saveSettings, (client, saved) => client.setQueryData(settingsQueryKeys.all, saved), callbacks);
}
