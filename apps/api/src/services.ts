import { toThousandths, WISHLIST_MAX_PRODUCTS } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { createMailer } from './integrations/email/mailer.js';
import { createBackgroundTasks } from './lib/background-tasks.js';
import { createDomainEvents } from './events.js';
import { createChangeFeed } from './lib/change-feed.js';
import { createFileStorage } from './lib/file-storage/index.js';
import { connectRedis } from './lib/redis.js';
import {
  createAuditReader,
  createAuditService,
  subscribeActivityTrail,
} from './modules/audit/index.js';
import {
  accountNames,
  createAccountsService,
  createAddressBook,
  createAuthThrottle,
  createEmailVerificationService,
  createGoogleSignInService,
  createPasswordResetService,
  googleSignInConfigured,
} from './modules/accounts/index.js';
import { createDashboardService } from './modules/dashboard/index.js';
import { createReportsService } from './modules/reports/index.js';
import { createCartService } from './modules/cart/index.js';
import {
  createAdminCategoriesService,
  createAdminProductsService,
  createAttributesAdminService,
  createCatalogService,
  createPricingService,
  subscribeCatalog,
  subscribeStockLedger,
} from './modules/catalog/index.js';
import { createContentService, createPagesService, subscribePages } from './modules/content/index.js';
import { createAdminCitiesService, createLocationsService } from './modules/locations/index.js';
import { createNotificationsService } from './modules/notifications/index.js';
import { createUpaymentsClient } from './integrations/upayments/client.js';
import {
  createNewOrderAlerts,
  createOrdersService,
  isRecipientProven,
  subscribeNewOrderAlerts,
  subscribeOrderLists,
} from './modules/orders/index.js';
import { createPaymentsService } from './modules/payments/index.js';
import {
  createAdminPromotionsService,
  createPromotionsService,
} from './modules/promotions/index.js';
import { createSynonymsAdminService } from './modules/search/index.js';
import { createSettingsService, subscribeSettings } from './modules/settings/index.js';
import { createAppIconService, subscribeAppIcons } from './modules/pwa/index.js';
import {
  createMerchantCatalogue,
  createMerchantFeed,
  createMerchantService,
  merchantFeedIdentifiers,
  subscribeMerchant,
} from './modules/merchant/index.js';
import { createGoogleMerchantClient } from './integrations/google-merchant/client.js';
import { createAdminUsersService } from './modules/users/index.js';
import { createWishlistService } from './modules/wishlist/index.js';
import { createReviewsService } from './modules/reviews/index.js';
import { createShopperEmails, subscribeStockAlerts } from './modules/shopper-emails/index.js';

/** The business services, built once per process and shared by the route modules. */
export function createServices(
  db: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  /** The same database for reads that always run their generic plan (DatabaseHandle.genericPlanDb). */
  genericPlanDb: Database = db,
) {
  // Which cached copies went stale, told to every process (docs/decisions/010).
  const changes = createChangeFeed((error) => log.warn({ err: error }, 'change notification not sent'));
  // What happened, published by the module that made it happen; each module's subscribers.ts
  // says what it listens to, and they are all subscribed at the end (docs/decisions/041).
  const events = createDomainEvents(changes, (error, type) =>
    log.warn({ err: error, event: type }, 'event subscriber failed after the commit'),
  );
  const catalog = createCatalogService(db, {
    listCacheTtlMs: config.catalogCacheTtlMs,
    genericPlanDb,
    searchIndex: config.searchIndex
      ? { onError: (error) => log.error({ err: error }, 'search index failed; the database answers searches') }
      : undefined,
  });
  // Pricing reads the catalogue directly, never its listing cache.
  const pricing = createPricingService(db);
  const promotions = createPromotionsService(db);
  const background = createBackgroundTasks();
  const cart = createCartService(db, {
    catalog: pricing,
    promotions,
    sessionSecret: config.sessionSecret,
  });
  const locations = createLocationsService(db);
  // Uploaded and generated files: the S3_* bucket when configured, else DATA_DIR/uploads (decision 025).
  const files = createFileStorage(config, { log });
  const settings = createSettingsService(db, {
    cacheTtlMs: config.catalogCacheTtlMs,
    events,
    files,
    onCleanupError: (error) => log.warn({ err: error }, 'replaced logo file not removed'),
    paymentMethods: () => payments.methods(),
    signInMethods: () => (googleSignInConfigured(config) ? ['password', 'google'] : ['password']),
  });
  // The app icons are drawn from the logo; a settings change may have replaced it.
  const appIcons = createAppIconService({
    getSettings: () => settings.getSettings(),
    files,
    onLogoError: (error) => log.warn({ err: error }, 'store logo not usable for the app icons'),
  });
  // Google Merchant reads the shop's products through one catalogue (feed and pushes alike).
  const merchantCatalogue = createMerchantCatalogue(db, { publicUrl: config.publicUrl });
  const merchantFeed = createMerchantFeed({
    catalogue: merchantCatalogue,
    getSettings: () => settings.getSettings(),
    publicUrl: config.publicUrl,
    identifiers: merchantFeedIdentifiers(db),
    cacheTtlMs: config.catalogCacheTtlMs,
  });
  // Pushes to Google Merchant: a client only when the GOOGLE_MERCHANT_* variables are set.
  const merchantSetup = config.googleMerchant;
  const merchant = createMerchantService({
    db,
    setup: merchantSetup && {
      accountId: merchantSetup.accountId,
      dataSource: merchantSetup.dataSource,
      clientEmail: merchantSetup.key.clientEmail,
      contentLanguage: merchantSetup.contentLanguage,
      feedLabel: merchantSetup.feedLabel,
      timeoutMs: merchantSetup.timeoutMs,
    },
    client: merchantSetup ? createGoogleMerchantClient({ ...merchantSetup, log }) : undefined,
    defaults: config.googleMerchantSettings,
    publicUrl: config.publicUrl,
    catalogue: merchantCatalogue,
    getSettings: () => settings.getSettings(),
    events,
    log,
  });
  const accounts = createAccountsService(db);
  const addresses = createAddressBook(db, { locations });
  const notifications = createNotificationsService({
    mailer: createMailer(config, db, log),
    settings,
    publicUrl: config.publicUrl,
    orderConfirmationWanted: (orderId) => accounts.orderConfirmationWanted(orderId),
    shippingUpdatesWanted: (orderId) => accounts.shippingUpdatesWanted(orderId),
  });
  const authThrottle = createAuthThrottle(db);
  // Online payment: the real UPayments client only when a key is configured (config.upayments).
  const upayments = config.upayments;
  const payments = createPaymentsService(db, {
    gateway: upayments
      ? createUpaymentsClient({
          apiUrl: upayments.apiUrl,
          apiKey: upayments.apiKey,
          ...(upayments.gateway ? { gateway: upayments.gateway } : {}),
          timeoutMs: upayments.timeoutMs,
          log,
        })
      : undefined,
    publicUrl: config.publicUrl,
    chargeTimeoutMs: upayments?.timeoutMs ?? 0,
    paymentTimeoutMs: config.paymentTimeoutMs,
    events,
    cart,
    promotions,
    notifications,
    recipientProven: (userId, email) => isRecipientProven(db, userId, email),
    background,
    log,
  });
  const orders = createOrdersService(db, {
    catalog: pricing,
    cart,
    locations,
    promotions,
    events,
    notifications,
    background,
    log,
    maxUnitsPerProduct: config.maxUnitsPerProduct,
    anonymousLimits: { limits: config.anonymousOrderLimits, secret: () => cart.cookieSecret() },
    payments,
    addresses,
    freeShippingThreshold: async () => {
      const threshold = (await settings.getSettings()).free_shipping_threshold;
      return threshold === null ? null : toThousandths(threshold);
    },
    giftWrapFee: async () => {
      const fee = (await settings.getSettings()).gift_wrap_fee;
      return fee === null ? null : toThousandths(fee);
    },
  });
  // Every module's listeners, subscribed in one place (each module's subscribers.ts).
  const audit = createAuditService();
  subscribeActivityTrail(events, audit);
  subscribeCatalog(events, changes, catalog);
  subscribeStockLedger(events);
  subscribeSettings(changes, settings);
  const pages = createPagesService(db, { events, cacheTtlMs: config.catalogCacheTtlMs });
  subscribePages(changes, pages);
  subscribeAppIcons(changes, appIcons);
  subscribeMerchant(events, changes, { merchant, feed: merchantFeed, background, log });
  // The back office's order lists keep their counts until orders change in any process.
  subscribeOrderLists(changes, orders);
  // Every new order (cash on delivery when placed, online when paid) e-mailed to the staff and told to every process.
  const newOrderAlerts = createNewOrderAlerts(db, { getSettings: () => settings.getSettings(), notifications });
  subscribeNewOrderAlerts(events, { alerts: newOrderAlerts, background, log });
  // Back-in-stock wishes mailed when a product is back; the cart reminder, run by the leader (app.ts).
  const shopperEmails = createShopperEmails(db, {
    notifications,
    accounts,
    cart,
    publicUrl: config.publicUrl,
    abandonedCartMs: config.abandonedCartMs,
    log,
  });
  subscribeStockAlerts(events, { stockAlerts: shopperEmails.stockAlerts, background, log });
  return {
    changes,
    events,
    audit,
    accounts,
    addresses,
    authThrottle,
    emailVerification: createEmailVerificationService(db, {
      accounts,
      notifications,
      throttle: authThrottle,
      serverSecret: () => cart.cookieSecret(),
      log,
    }),
    passwordReset: createPasswordResetService(db, {
      accounts,
      notifications,
      throttle: authThrottle,
      publicUrl: config.publicUrl,
      log,
    }),
    googleSignIn: createGoogleSignInService(db, config),
    catalog,
    adminProducts: createAdminProductsService(db, {
      events,
      catalog,
      files,
      onFileCleanupError: (error, filename) =>
        log.warn({ err: error, filename }, 'product image file not removed'),
      publicUrl: config.publicUrl,
      accountNames,
    }),
    attributesAdmin: createAttributesAdminService(db, { events }),
    synonymsAdmin: createSynonymsAdminService(db, { events }),
    adminUsers: createAdminUsersService(db, { accounts, events }),
    cart,
    // Wishlists read the catalogue's published products (docs/decisions/062).
    wishlist: createWishlistService(db, { catalog, maxProducts: WISHLIST_MAX_PRODUCTS }),
    settings,
    appIcons,
    adminCategories: createAdminCategoriesService(db, {
      events,
      files,
      onCleanupError: (error) => log.warn({ err: error }, 'category image file not removed'),
    }),
    pages,
    content: createContentService(db, {
      events,
      files,
      onCleanupError: (error) => log.warn({ err: error }, 'slide image file not removed'),
    }),
    locations,
    adminCities: createAdminCitiesService(db, { events }),
    promotions,
    adminPromotions: createAdminPromotionsService(db, { events }),
    reviews: createReviewsService(db, { events }),
    orders,
    payments,
    newOrderAlerts,
    shopperEmails,
    merchantCatalogue,
    merchantFeed,
    merchant,
    dashboard: createDashboardService(db),
    reports: createReportsService(db),
    auditLog: createAuditReader(db, { accountNames }),
    notifications,
    /** Work started after a reply (e-mails); drained when the app closes. */
    background,
    /** Uploaded and generated files (local disk or S3); `check()` tells whether the storage answers. */
    files,
    /** Redis shared by every process (REDIS_URL: rate limits), or null; `ping()` checks it. */
    redis: config.redisUrl ? connectRedis(config.redisUrl, log) : null,
  };
}

export type Services = ReturnType<typeof createServices>;
