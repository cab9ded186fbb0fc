import type { SettingsResponse, StoreSettings } from '@shop/shared';
import { adminApi } from '../ui/admin-api';
import { settingsFormData, type SettingsForm } from './settings-rules';

/** The store settings (packages/shared/src/contracts/catalog.ts and admin-settings.ts). */
export type AdminSettings = StoreSettings;

/** The store settings (GET /api/settings). */
export async function fetchSettings(): Promise<AdminSettings> {
  const reply = await adminApi().get<SettingsResponse>('/settings');
  return reply.settings;
}

/** Saves the store settings (POST /api/settings, multipart, settings.write); replies with them as saved. */
export async function saveSettings(form: SettingsForm): Promise<AdminSettings> {
  const reply = await adminApi().postForm<SettingsResponse>('/settings', settingsFormData(form));
  return reply.settings;
}
