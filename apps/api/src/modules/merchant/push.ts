import type { Language, MerchantCurrency } from '@shop/shared';
import type { StoredNotice } from '../../db/schema/merchant.js';
import {
  GoogleMerchantError,
  type GoogleMerchantClient,
} from '../../integrations/google-merchant/types.js';
import type { MerchantCatalogueProduct } from './catalogue.js';
import {
  ACCOUNT_WIDE_KINDS,
  noticeOfError,
  noticeOfProblem,
  type MerchantContext,
} from './notices.js';
import {
  offerFromCatalogue,
  offerProblems,
  toProductInput,
  type MerchantOffer,
  type SavedMerchantFields,
} from './payload.js';

/** The store's defaults of every offer: its brand (the store's name in the content language) and currency. */
export interface StoreDefaults {
  brand: string;
  currency: MerchantCurrency;
}

export type PushOutcome =
  | { ok: true; result: 'updated' | 'deleted' }
  | {
      ok: false;
      notice: StoredNotice;
      /** The account or its credentials were refused: every other call would fail too. */
      accountWide: boolean;
      /** Worth trying again later (Google busy or unreachable, the set-up being fixed). */
      retryable: boolean;
      /** Google said the product is not there (a delete's 404). */
      notFound: boolean;
    };

export interface MerchantPusherDeps {
  client: GoogleMerchantClient;
  target: { contentLanguage: string; feedLabel: string };
  context: MerchantContext;
}

/** The language of the shop's texts that matches Google's content language (Arabic unless English). */
export function catalogueLanguageOf(contentLanguage: string): Language {
  return contentLanguage.toLowerCase() === 'en' ? 'en' : 'ar';
}

function failure(error: unknown, context: MerchantContext): PushOutcome {
  const kind = error instanceof GoogleMerchantError ? error.kind : undefined;
  return {
    ok: false,
    notice: noticeOfError(error, context),
    accountWide: kind !== undefined && ACCOUNT_WIDE_KINDS.has(kind),
    // The same product data would be refused again; anything else may pass later.
    retryable: kind !== 'invalid_field',
    notFound: kind === 'not_found',
  };
}

/**
 * Sends offers to Google and says how it went, never throwing: the manual update, update all
 * and the background sync share the checks, the mapping and the reading of Google's refusals.
 */
export function createMerchantPusher(deps: MerchantPusherDeps) {
  const { client, target, context } = deps;
  return {
    lang: catalogueLanguageOf(target.contentLanguage),

    /** Checks the offer (the first problem refuses it, not retryable) and inserts it. */
    async pushOffer(offer: MerchantOffer): Promise<PushOutcome> {
      const [problem] = offerProblems(offer);
      if (problem) {
        return { ok: false, notice: noticeOfProblem(problem), accountWide: false, retryable: false, notFound: false };
      }
      try {
        await client.insertProductInput(toProductInput(offer, target));
        return { ok: true, result: 'updated' };
      } catch (error) {
        return failure(error, context);
      }
    },

    /** A shop product as the form would prefill it, with its saved fields. */
    pushProduct(
      product: MerchantCatalogueProduct,
      saved: SavedMerchantFields | undefined,
      store: StoreDefaults,
    ): Promise<PushOutcome> {
      return this.pushOffer(offerFromCatalogue(product, saved, store));
    },

    /** Removes the product's offer from Google. */
    async remove(productId: number): Promise<PushOutcome> {
      try {
        await client.deleteProductInput(String(productId));
        return { ok: true, result: 'deleted' };
      } catch (error) {
        return failure(error, context);
      }
    },
  };
}

export type MerchantPusher = ReturnType<typeof createMerchantPusher>;
