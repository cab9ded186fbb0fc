/**
 * Google Merchant API v1 as this shop uses it (shared/integrations/google-merchant.md): the
 * shapes sent and received, the client's interface and its one error type. The client
 * (client.ts) and its test double (fake-merchant.ts) implement these; the merchant module
 * (modules/merchant) only uses them.
 */

/** `Price`: an amount in micros (int64 as a decimal string) and an ISO 4217 code. */
export interface MerchantPrice {
  amountMicros: string;
  currencyCode: string;
}

/** v1 enum spellings (not the feed's "in stock"). */
export type MerchantAvailability = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PREORDER';
export type MerchantCondition = 'NEW';

/** `ProductInput.productAttributes`, the fields this shop sends (v1 names: gtins, productTypes). */
export interface MerchantProductAttributes {
  title: string;
  description?: string;
  link: string;
  imageLink: string;
  additionalImageLinks?: string[];
  availability: MerchantAvailability;
  condition: MerchantCondition;
  price: MerchantPrice;
  salePrice?: MerchantPrice;
  brand?: string;
  gtins?: string[];
  mpn?: string;
  /** false when the product has neither a GTIN nor an MPN. */
  identifierExists?: boolean;
  googleProductCategory?: string;
  productTypes?: string[];
}

/** `ProductInput` as inserted: contentLanguage and feedLabel come from the configuration. */
export interface MerchantProductInput {
  offerId: string;
  contentLanguage: string;
  feedLabel: string;
  productAttributes: MerchantProductAttributes;
}

/** The account, as test connection reports it. */
export interface MerchantAccount {
  /** `accounts/123` */
  name: string;
  accountId: string;
  accountName: string;
}

/** Why a call failed, as an owner can act on it. */
export type MerchantErrorKind =
  /** The Cloud project is not registered with the Merchant Center account (401 "not registered"). */
  | 'unregistered'
  /** The key was refused by the token endpoint, or Google refused the token (other 401). */
  | 'credentials'
  /** The service account is not a user of the Merchant Center account (403). */
  | 'not_user'
  /** Google refused a field of the product (400 INVALID_ARGUMENT); `field` names it when known. */
  | 'invalid_field'
  /** The product (or account) does not exist in Merchant Center (404). */
  | 'not_found'
  /** 429 after every retry. */
  | 'quota'
  /** 5xx after every retry, or the connection failed. */
  | 'unavailable'
  /** No answer within the timeout. */
  | 'timeout';

export class GoogleMerchantError extends Error {
  override name = 'GoogleMerchantError';
  constructor(
    readonly kind: MerchantErrorKind,
    /** Google's own message (English), for the back office's details; never a key or token. */
    message: string,
    readonly options: {
      /** HTTP status Google answered with; undefined when there was no answer. */
      status?: number;
      /** The refused field (`FIELD_LOCATION` / the path in "Unknown name"), when Google named one. */
      field?: string;
      /** `details[ErrorInfo].metadata.REASON` or the token endpoint's `error`. */
      reason?: string;
      /**
       * What Google (or the connection) said, without the client's advice around it: Google's
       * error message, the token endpoint's `error: error_description`, "HTTP 503" or the
       * network error. The back office puts it inside its own owner-facing message, which
       * already gives the advice (the English `message` would repeat it, in English).
       */
      detail?: string;
    } = {},
  ) {
    super(message);
  }
}

export interface GoogleMerchantClient {
  /** GET /accounts/v1/accounts/{account}. */
  getAccount(): Promise<MerchantAccount>;
  /**
   * POST /products/v1/accounts/{account}/productInputs:insert?dataSource=…; replaces the input
   * with the same language, feed label and offer id. Resolves to the input's resource name.
   */
  insertProductInput(input: MerchantProductInput): Promise<{ name: string }>;
  /**
   * DELETE /products/v1/accounts/{account}/productInputs/{lang~label~offerId}?dataSource=…
   * (the configured language and feed label). A product Google does not have rejects with kind
   * 'not_found'.
   */
  deleteProductInput(offerId: string): Promise<void>;
}
