import {
  DEFAULT_ADDRESS,
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_SYMBOL,
  DEFAULT_STORE_NAME,
  uploadUrl,
  type StoreSettings,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { storeSettings } from '../../db/schema/index.js';

type SettingsRow = typeof storeSettings.$inferSelect;
export type SettingsUpdate = Partial<Omit<SettingsRow, 'id' | 'updated_at'>>;

const blankToNull = (value: string | null | undefined): string | null =>
  value && value.trim() ? value.trim() : null;

/** The settings the shop shows, with the spec's defaults for whatever is not set. */
export function presentSettings(row: SettingsRow | undefined): StoreSettings {
  return {
    store_name: blankToNull(row?.store_name) ?? DEFAULT_STORE_NAME,
    store_description: blankToNull(row?.store_description),
    logo: row?.logo ? uploadUrl('settings', row.logo) : null,
    phone_number: blankToNull(row?.phone_number),
    whatsapp_number: blankToNull(row?.whatsapp_number),
    email: blankToNull(row?.email),
    address: blankToNull(row?.address) ?? DEFAULT_ADDRESS,
    currency_symbol: blankToNull(row?.currency_symbol) ?? DEFAULT_CURRENCY_SYMBOL,
    currency: blankToNull(row?.currency) ?? DEFAULT_CURRENCY,
    facebook_url: blankToNull(row?.facebook_url),
    instagram_url: blankToNull(row?.instagram_url),
  };
}

export function createSettingsService(
  db: Database,
  options: { cacheTtlMs: number } = { cacheTtlMs: 0 },
) {
  // Every page shows the settings; they change rarely, so they are read at most once per TTL.
  const cache = createTtlCache<StoreSettings>({ ttlMs: options.cacheTtlMs, maxEntries: 1 });
  const load = async () => {
    const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1)).limit(1);
    return presentSettings(row);
  };
  return {
    /** The store settings with defaults applied. */
    getSettings(): Promise<StoreSettings> {
      return options.cacheTtlMs > 0 ? cache.get('settings', load) : load();
    },

    /** Forgets the cached settings (another process or a service changed them). */
    invalidate(): void {
      cache.clear();
    },

    /** Creates or updates the single settings row. */
    async saveSettings(update: SettingsUpdate): Promise<StoreSettings> {
      const values = { ...update, updated_at: new Date() };
      const [row] = await db
        .insert(storeSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: storeSettings.id, set: values })
        .returning();
      cache.clear();
      return presentSettings(row);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
