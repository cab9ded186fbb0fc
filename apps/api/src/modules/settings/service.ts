import {
  DEFAULT_ADDRESS,
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_SYMBOL,
  DEFAULT_STORE_NAME,
  fromThousandths,
  uploadUrl,
  type AdminSettingsUpdate,
  type PaymentMethod,
  type SignInMethod,
  type StoreSettings,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { FileStorage } from '../../lib/file-storage/index.js';
import { countSharedRead } from '../../lib/metrics.js';
import { SHARED_SAME_READS, sharedReadsByKey } from '../../lib/shared-runs.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { storeSettings } from '../../db/schema/index.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { imageWrites, storeImage } from '../media/index.js';

type SettingsRow = typeof storeSettings.$inferSelect;
export type SettingsUpdate = Partial<Omit<SettingsRow, 'id' | 'updated_at'>>;

const blankToNull = (value: string | null | undefined): string | null =>
  value && value.trim() ? value.trim() : null;

/** The settings the shop shows, with defaults for whatever is not set. */
export function presentSettings(
  row: SettingsRow | undefined,
  paymentMethods: PaymentMethod[] = ['cash_on_delivery'],
  signInMethods: SignInMethod[] = ['password'],
): StoreSettings {
  return {
    store_name: blankToNull(row?.store_name) ?? DEFAULT_STORE_NAME,
    store_description: blankToNull(row?.store_description),
    store_name_en: blankToNull(row?.store_name_en),
    store_description_en: blankToNull(row?.store_description_en),
    logo: row?.logo ? uploadUrl('settings', row.logo) : null,
    phone_number: blankToNull(row?.phone_number),
    whatsapp_number: blankToNull(row?.whatsapp_number),
    email: blankToNull(row?.email),
    address: blankToNull(row?.address) ?? DEFAULT_ADDRESS,
    address_en: blankToNull(row?.address_en),
    currency_symbol: blankToNull(row?.currency_symbol) ?? DEFAULT_CURRENCY_SYMBOL,
    currency: blankToNull(row?.currency) ?? DEFAULT_CURRENCY,
    facebook_url: blankToNull(row?.facebook_url),
    instagram_url: blankToNull(row?.instagram_url),
    payment_methods: paymentMethods,
    sign_in_methods: signInMethods,
    free_shipping_threshold: row?.free_shipping_threshold ? fromThousandths(row.free_shipping_threshold) : null,
    gift_wrap_fee: row?.gift_wrap_fee ? fromThousandths(row.gift_wrap_fee) : null,
  };
}

export interface SettingsServiceOptions {
  /** How long the settings may be reused from memory; 0 reads them every time. */
  cacheTtlMs: number;
  /** Where a save tells of itself (SettingsChanged, ActivityRecorded), inside its transaction. */
  events: DomainEvents;
  /** Where the logo is stored. */
  files: FileStorage;
  /** Told when a file that is no longer used could not be removed (the write itself succeeded). */
  onCleanupError?: (error: unknown) => void;
  /** The payment methods the checkout offers (online payment only when configured). */
  paymentMethods?: () => PaymentMethod[];
  /** How shoppers can sign in (Google only when configured). */
  signInMethods?: () => SignInMethod[];
}

/** The picture checks name the field `image`; on this form the file is the `logo`. */
function asLogoError(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.details) return error;
  return new AppError(
    error.code,
    error.messageKey,
    error.details.map((detail) => (detail.field === 'image' ? { ...detail, field: 'logo' } : detail)),
    error.params,
  );
}

export function createSettingsService(db: Database, options: SettingsServiceOptions) {
  // Every page shows the settings; they change rarely, so they are read at most once per TTL.
  const cache = createTtlCache<StoreSettings>({ name: 'store_settings', ttlMs: options.cacheTtlMs, maxEntries: 1 });
  // Every page reads it (the listings' cache off, every time): parsed and planned once per connection.
  const settingsRow = db
    .select()
    .from(storeSettings)
    .where(eq(storeSettings.id, 1))
    .limit(1)
    .prepare('settings_row');
  const load = async () => {
    const [row] = await settingsRow.execute();
    return presentSettings(row, options.paymentMethods?.(), options.signInMethods?.());
  };

  // Without the cache, the requests that ask together share one read.
  const sharedLoad = sharedReadsByKey({
    ...SHARED_SAME_READS,
    onRun: (callers) => countSharedRead('store_settings', callers),
  });

  const { discard } = imageWrites('settings', options.files, options.onCleanupError);

  return {
    /** The store settings with defaults applied. */
    getSettings(): Promise<StoreSettings> {
      return options.cacheTtlMs > 0 ? cache.get('settings', load) : sharedLoad('settings', load);
    },

    /** Forgets the cached settings (another process or a service changed them). */
    invalidate(): void {
      cache.clear();
    },

    /** Creates or updates the single settings row (the demo seed's write; no audit). */
    async saveSettings(update: SettingsUpdate): Promise<StoreSettings> {
      const values = { ...update, updated_at: new Date() };
      const [row] = await db
        .insert(storeSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: storeSettings.id, set: values })
        .returning();
      cache.clear();
      return presentSettings(row, options.paymentMethods?.(), options.signInMethods?.());
    },

    /**
     * The back office's save: only the fields sent change; a new logo replaces the stored one
     * (whose files are removed after the commit), `remove_logo` drops it. Audited, and every
     * cached copy is told.
     */
    async updateSettings(
      actor: Actor,
      input: AdminSettingsUpdate,
      logo: Buffer | undefined,
    ): Promise<StoreSettings> {
      const { events, files } = options;
      let stored: string | null = null;
      if (logo) {
        try {
          stored = await storeImage(logo, 'settings', files);
        } catch (error) {
          throw asLogoError(error);
        }
      }
      const { remove_logo: removeLogo, ...fields } = input;
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as SettingsUpdate;
      let saved: { row: SettingsRow; replaced: string | null };
      try {
        saved = await events.transaction(db, async (tx) => {
          // The row exists from here on, and is locked: two saves never both keep an old logo.
          await tx.insert(storeSettings).values({ id: 1 }).onConflictDoNothing();
          const [before] = await tx
            .select()
            .from(storeSettings)
            .where(eq(storeSettings.id, 1))
            .for('update');
          let nextLogo = before?.logo ?? null;
          if (stored) nextLogo = stored;
          else if (removeLogo) nextLogo = null;
          const [after] = await tx
            .update(storeSettings)
            .set({ ...changed, logo: nextLogo, updated_at: new Date() })
            .where(eq(storeSettings.id, 1))
            .returning();
          await events.publish(tx, { type: 'SettingsChanged' });
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: 'settings',
            entityId: 1,
            action: 'update',
            before,
            after,
          });
          const previous = before?.logo ?? null;
          return { row: after!, replaced: previous !== nextLogo ? previous : null };
        });
      } catch (error) {
        await discard(stored);
        throw error;
      }
      await discard(saved.replaced);
      cache.clear();
      return presentSettings(saved.row, options.paymentMethods?.(), options.signInMethods?.());
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
