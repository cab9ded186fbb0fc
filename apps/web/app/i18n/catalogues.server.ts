import type { Language } from '@shop/shared';
import { catalogueReference, packMessages, type PackedMessages } from './page-messages';
import cartAr from './messages/cart.ar.json';
import cartEn from './messages/cart.en.json';
import catalogAr from './messages/catalog.ar.json';
import catalogEn from './messages/catalog.en.json';
import checkoutAr from './messages/checkout.ar.json';
import checkoutEn from './messages/checkout.en.json';
import commonAr from './messages/common.ar.json';
import commonEn from './messages/common.en.json';
import homeAr from './messages/home.ar.json';
import homeEn from './messages/home.en.json';
import layoutAr from './messages/layout.ar.json';
import layoutEn from './messages/layout.en.json';
import ordersAr from './messages/orders.ar.json';
import ordersEn from './messages/orders.en.json';
import paymentsAr from './messages/payments.ar.json';
import paymentsEn from './messages/payments.en.json';
import pagesAr from './messages/pages.ar.json';
import pagesEn from './messages/pages.en.json';
import accountAr from './messages/account.ar.json';
import accountEn from './messages/account.en.json';
import profileAr from './messages/profile.ar.json';
import profileEn from './messages/profile.en.json';
import addressesAr from './messages/addresses.ar.json';
import addressesEn from './messages/addresses.en.json';
import pwaAr from './messages/pwa.ar.json';
import pwaEn from './messages/pwa.en.json';
import offlineAr from './messages/offline.ar.json';
import offlineEn from './messages/offline.en.json';
import wishlistAr from './messages/wishlist.ar.json';
import wishlistEn from './messages/wishlist.en.json';
import adminAr from './messages/admin.ar.json';
import adminEn from './messages/admin.en.json';
import adminProductsAr from './messages/admin-products.ar.json';
import adminProductsEn from './messages/admin-products.en.json';
import adminSettingsAr from './messages/admin-settings.ar.json';
import adminSettingsEn from './messages/admin-settings.en.json';
import adminSliderAr from './messages/admin-slider.ar.json';
import adminSliderEn from './messages/admin-slider.en.json';
import adminCategoriesAr from './messages/admin-categories.ar.json';
import adminCategoriesEn from './messages/admin-categories.en.json';
import adminAttributesAr from './messages/admin-attributes.ar.json';
import adminAttributesEn from './messages/admin-attributes.en.json';
import adminPromoCodesAr from './messages/admin-promo-codes.ar.json';
import adminPromoCodesEn from './messages/admin-promo-codes.en.json';
import adminOrdersAr from './messages/admin-orders.ar.json';
import adminOrdersEn from './messages/admin-orders.en.json';
import adminUsersAr from './messages/admin-users.ar.json';
import adminUsersEn from './messages/admin-users.en.json';
import adminCitiesAr from './messages/admin-cities.ar.json';
import adminCitiesEn from './messages/admin-cities.en.json';
import adminDashboardAr from './messages/admin-dashboard.ar.json';
import adminDashboardEn from './messages/admin-dashboard.en.json';
import adminActivityAr from './messages/admin-activity.ar.json';
import adminActivityEn from './messages/admin-activity.en.json';
import adminReportsAr from './messages/admin-reports.ar.json';
import adminReportsEn from './messages/admin-reports.en.json';
import adminSearchAr from './messages/admin-search.ar.json';
import adminSearchEn from './messages/admin-search.en.json';
import adminMerchantAr from './messages/admin-merchant.ar.json';
import adminMerchantEn from './messages/admin-merchant.en.json';
import adminAlertsAr from './messages/admin-alerts.ar.json';
import adminAlertsEn from './messages/admin-alerts.en.json';
import adminPagesAr from './messages/admin-pages.ar.json';
import adminPagesEn from './messages/admin-pages.en.json';
import adminReviewsAr from './messages/admin-reviews.ar.json';
import adminReviewsEn from './messages/admin-reviews.en.json';

/**
 * Message catalogues, one pair of files per namespace (messages/<namespace>.<lang>.json).
 * A page carries only the active language's messages of the namespaces it uses (decision 022):
 * the shell's (SHELL_NAMESPACES, sent by the root loader) and those its route loaders declare
 * with `routeMessages({ request, context }, [...])`.
 * To add a namespace: add its two files, one import pair and its entry in each map below, then
 * declare it in the loader of every route that shows it (or in SHELL_NAMESPACES when the header,
 * footer or another part of every page shows it). route-messages.test.ts checks the declarations.
 */
const namespaces = {
  ar: { common: commonAr, layout: layoutAr, home: homeAr, catalog: catalogAr, pages: pagesAr, cart: cartAr, checkout: checkoutAr, orders: ordersAr, payments: paymentsAr, account: accountAr, profile: profileAr, addresses: addressesAr, pwa: pwaAr, offline: offlineAr, wishlist: wishlistAr },
  en: { common: commonEn, layout: layoutEn, home: homeEn, catalog: catalogEn, pages: pagesEn, cart: cartEn, checkout: checkoutEn, orders: ordersEn, payments: paymentsEn, account: accountEn, profile: profileEn, addresses: addressesEn, pwa: pwaEn, offline: offlineEn, wishlist: wishlistEn },
} as const;

/**
 * The back office's catalogues: sent only to admin pages, by the admin layout's loader, so the
 * storefront's pages never carry them. One namespace per admin area.
 */
const adminNamespaces = {
  ar: { admin: adminAr, 'admin-products': adminProductsAr, 'admin-settings': adminSettingsAr, 'admin-slider': adminSliderAr, 'admin-categories': adminCategoriesAr, 'admin-attributes': adminAttributesAr, 'admin-promo-codes': adminPromoCodesAr, 'admin-orders': adminOrdersAr, 'admin-users': adminUsersAr, 'admin-cities': adminCitiesAr, 'admin-dashboard': adminDashboardAr, 'admin-activity': adminActivityAr, 'admin-reports': adminReportsAr, 'admin-search': adminSearchAr, 'admin-merchant': adminMerchantAr, 'admin-alerts': adminAlertsAr, 'admin-pages': adminPagesAr, 'admin-reviews': adminReviewsAr },
  en: { admin: adminEn, 'admin-products': adminProductsEn, 'admin-settings': adminSettingsEn, 'admin-slider': adminSliderEn, 'admin-categories': adminCategoriesEn, 'admin-attributes': adminAttributesEn, 'admin-promo-codes': adminPromoCodesEn, 'admin-orders': adminOrdersEn, 'admin-users': adminUsersEn, 'admin-cities': adminCitiesEn, 'admin-dashboard': adminDashboardEn, 'admin-activity': adminActivityEn, 'admin-reports': adminReportsEn, 'admin-search': adminSearchEn, 'admin-merchant': adminMerchantEn, 'admin-alerts': adminAlertsEn, 'admin-pages': adminPagesEn, 'admin-reviews': adminReviewsEn },
} as const;

type Namespaces = (typeof namespaces)['ar'] & (typeof adminNamespaces)['ar'];
/** A catalogue's name: the part of a message key before the first dot. */
export type Namespace = keyof Namespaces & string;
type KeysOf<N extends keyof Namespaces> = `${N & string}.${keyof Namespaces[N] & string}`;
export type MessageKey = { [N in keyof Namespaces]: KeysOf<N> }[keyof Namespaces];
export type Messages = Record<string, string>;

/**
 * What every page shows around its screen (header, footer, toasts, skip link, error pages, the
 * install offer): the root loader sends these namespaces with every page.
 */
export const SHELL_NAMESPACES = ['common', 'layout', 'pwa'] as const satisfies readonly Namespace[];

const catalogues: Record<Language, Record<Namespace, Record<string, string>>> = {
  ar: { ...namespaces.ar, ...adminNamespaces.ar },
  en: { ...namespaces.en, ...adminNamespaces.en },
};

/** Every namespace's name (the storefront's and the back office's). */
export const NAMESPACES = Object.keys(catalogues.ar) as Namespace[];

function flatten(catalogue: Partial<Record<string, Record<string, string>>>): Messages {
  const flat: Messages = {};
  for (const [namespace, entries] of Object.entries(catalogue)) {
    for (const [key, text] of Object.entries(entries ?? {})) flat[`${namespace}.${key}`] = text;
  }
  return flat;
}

const flattened: Record<Language, Messages> = {
  ar: flatten(namespaces.ar),
  en: flatten(namespaces.en),
};

/** The same few namespace lists are asked for again and again: each is flattened once. */
const selections = new Map<string, Messages>();

/**
 * The messages of some namespaces in a language; without a list, every storefront namespace
 * (tests that render a whole screen use that).
 */
/** A selection's id: its language and its namespaces in order. */
function selectionId(lang: Language, only: readonly Namespace[]): string {
  return `${lang}:${[...only].sort().join(',')}`;
}

export function messagesFor(lang: Language, only?: readonly Namespace[]): Messages {
  if (!only) return flattened[lang];
  const id = selectionId(lang, only);
  let messages = selections.get(id);
  if (!messages) {
    messages = flatten(Object.fromEntries(only.map((namespace) => [namespace, catalogues[lang][namespace]])));
    selections.set(id, messages);
  }
  return messages;
}

/** Each selection's packed text, by the selection messagesFor keeps. */
const packedSelections = new WeakMap<Messages, PackedMessages>();

/** `messagesFor` as a loader sends it (`PackedMessages`), written once per selection. */
export function packedMessagesFor(lang: Language, only: readonly Namespace[]): PackedMessages {
  const messages = messagesFor(lang, only);
  let packed = packedSelections.get(messages);
  if (packed === undefined) {
    packed = packMessages(messages);
    packedSelections.set(messages, packed);
  }
  return packed;
}

/**
 * The messages a loader sends: the packed catalogue for a client navigation's data; for a whole
 * page, the catalogue's name, the page carrying its text once in a script (page-messages.ts).
 */
export function loaderMessagesFor(lang: Language, only: readonly Namespace[], documentRequest: boolean): PackedMessages {
  const packed = packedMessagesFor(lang, only);
  return documentRequest ? catalogueReference(selectionId(lang, only), packed) : packed;
}

const adminFlattened: Record<Language, Messages> = {
  ar: flatten(adminNamespaces.ar),
  en: flatten(adminNamespaces.en),
};

/** The back office's messages in a language (tests add them to the storefront's). */
export function adminMessagesFor(lang: Language): Messages {
  return adminFlattened[lang];
}

/** The names of the back office's namespaces (its layout's loader sends them all). */
export const ADMIN_NAMESPACES = Object.keys(adminNamespaces.ar) as Namespace[];
