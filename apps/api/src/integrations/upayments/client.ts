/**
 * Client of the UPayments Gateway API (Bearer key, JSON).
 *
 * - `charge` creates a hosted-payment session. It is never retried: UPayments has no
 *   idempotency key, so a retry would open a second session the shopper could also pay.
 * - `paymentStatus` is the only trusted source of "paid"; it retries 429, 5xx and network
 *   failures (not timeouts: a hung gateway would hold the caller three times as long) with
 *   exponential back-off, and keeps to the documented 30 calls a minute per client instance: when
 *   the last minute is full it answers `rate_limited` at once instead of waiting (see takeStatusSlot).
 * - `refund` asks for a refund invoice; never retried either (a retry could refund twice).
 *
 * Money crosses this boundary as integer fils: `filsToAmount` / `amountToFils` convert exactly at
 * the edge. The API key is only ever put in the Authorization header; failures are logged with the
 * endpoint, the HTTP status and (a bounded piece of) the gateway's answer, never with the headers.
 */

/** Pino-compatible subset used for failures. */
export interface UpaymentsLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface UpaymentsClientOptions {
  /** API base ending in `/api/v1`, e.g. `https://sandboxapi.upayments.com/api/v1`. */
  apiUrl: string;
  /** Secret Bearer key; never logged, never sent anywhere but the Authorization header. */
  apiKey: string;
  /** `paymentGateway.src` (`knet`, `cc`, ...) for white-label merchants; omitted when unset. */
  gateway?: string;
  /** Per-request timeout. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: UpaymentsLog;
  /** First back-off delay of the status lookups (doubled per retry); short in tests. */
  retryBaseDelayMs?: number;
  /** Status calls allowed per sliding minute per client (UPayments documents 30). */
  statusCallsPerMinute?: number;
  /** Clock for the rate limiter (tests). */
  now?: () => number;
}

export interface ChargeProduct {
  name: string;
  priceFils: number;
  quantity: number;
}

export interface ChargeInput {
  /** `order.id`: the id this attempt is known by at UPayments (≤ 40 characters), echoed as requested_order_id. */
  orderId: string;
  /** `reference.id`: echoed as `transaction.reference` by the status API (the order number). */
  reference: string;
  description: string;
  amountFils: number;
  products: ChargeProduct[];
  customer: { name: string; email: string; mobile: string };
  language: 'ar' | 'en';
  returnUrl: string;
  cancelUrl: string;
  notificationUrl: string;
  customerExtraData?: string;
}

export type ChargeFailureReason =
  'timeout' | 'network' | 'http_error' | 'invalid_response' | 'refused';

export type ChargeResult =
  | { ok: true; paymentUrl: string; sessionId: string | null; trackId: string | null }
  | { ok: false; reason: ChargeFailureReason; status?: number; message?: string };

export type PaymentStatusLookup = { trackId: string } | { sessionId: string };

export interface PaymentTransaction {
  /** `CAPTURED` = paid; anything else is not. */
  result: string;
  trackId: string | null;
  /** `merchant_requested_order_id` (or `requested_order_id`): the `order.id` sent with the charge. */
  requestedOrderId: string | null;
  /** `total_price` in fils; null when absent or not an exact 3-decimal amount. */
  totalFils: number | null;
  /** `currency_type`, e.g. `KWD`. */
  currency: string | null;
  paymentId: string | null;
  paymentType: string | null;
  /** UPayments' own order id, the one `create-refund` wants. */
  refundOrderId: string | null;
  /** The `reference.id` sent with the charge. */
  reference: string | null;
}

export type PaymentStatusFailureReason =
  'not_found' | 'rate_limited' | 'timeout' | 'network' | 'http_error' | 'invalid_response';

export type PaymentStatusResult =
  { ok: true; transaction: PaymentTransaction } | { ok: false; reason: PaymentStatusFailureReason };

export interface RefundInput {
  /** The transaction's `refund_order_id` from the status API. */
  refundOrderId: string;
  totalFils: number;
  reference?: string;
  customer?: { name?: string; email?: string; mobile?: string };
}

export type RefundFailureReason =
  'timeout' | 'network' | 'http_error' | 'invalid_response' | 'refused';

export type RefundResult =
  | { ok: true; refundOrderId: string | null; refundArn: string | null }
  | { ok: false; reason: RefundFailureReason; status?: number; message?: string };

export interface UpaymentsClient {
  charge(input: ChargeInput): Promise<ChargeResult>;
  paymentStatus(lookup: PaymentStatusLookup): Promise<PaymentStatusResult>;
  refund(input: RefundInput): Promise<RefundResult>;
}

export const UPAYMENTS_USER_AGENT = 'SubhaShop/1.0 (UPayments Gateway API v2 client)';
const MAX_STATUS_RETRIES = 2;
const LOGGED_BODY_CHARS = 500;
const RATE_WINDOW_MS = 60_000;

/**
 * Integer fils → the KWD amount as a JSON number (12500 → 12.5, 1 → 0.001).
 *
 * The number is built from the exact decimal text (`"12.500"`), not by dividing: a decimal with at
 * most 3 fractional digits and ≤ 15 significant digits always parses to the double nearest to it,
 * and JSON.stringify writes the shortest text that parses back to that same double, which is that
 * decimal again (without trailing zeros). So the JSON the gateway reads is exactly the amount.
 */
export function filsToAmount(fils: number): number {
  if (!Number.isSafeInteger(fils) || fils < 0)
    throw new RangeError('fils must be a non-negative safe integer');
  const whole = Math.floor(fils / 1000);
  const rest = fils - whole * 1000;
  return Number(`${whole}.${String(rest).padStart(3, '0')}`);
}

/**
 * A gateway amount (`"12.500"`, `"12.5"`, `12.5`, `"12"`) → integer fils, by reading the decimal
 * text; null for anything else (negative, more than 3 decimals, exponents, garbage, unsafe sizes).
 */
export function amountToFils(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(\d{1,13})(?:\.(\d{1,3}))?$/.exec(text);
  if (match === null) return null;
  const fils = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  return Number.isSafeInteger(fils) ? fils : null;
}

/** Kuwaiti mobiles as the plugins send them: digits only, the 8-digit local number without +965/00965. */
export function gatewayMobile(mobile: string): string {
  let digits = mobile.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('965')) digits = digits.slice(3);
  return digits;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** `http://` payment links become `https://` (MAG does the same), except on loopback (the test double). */
function securePaymentUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol !== 'http:') return null;
  if (LOOPBACK_HOSTS.has(url.hostname)) return url.toString();
  url.protocol = 'https:';
  return url.toString();
}

function sessionIdOf(link: string): string | null {
  try {
    const id = new URL(link).searchParams.get('session_id');
    return id === null || id === '' ? null : id;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string-ish gateway field: strings as they are, numbers as their text, anything else null. */
function textField(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** The gateway's own explanation of a refusal: `message`, else the first validation error. */
function gatewayMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.message === 'string' && body.message !== '')
    return truncate(body.message, LOGGED_BODY_CHARS);
  if (isRecord(body.errors)) {
    for (const value of Object.values(body.errors)) {
      const first: unknown = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') return truncate(first, LOGGED_BODY_CHARS);
    }
  }
  return undefined;
}

type Transport =
  | {
      kind: 'response';
      status: number;
      body: unknown;
      json: boolean;
      text: string;
      retryAfterMs: number | null;
    }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createUpaymentsClient(options: UpaymentsClientOptions): UpaymentsClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch = options.fetch ?? fetch;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
  const callsPerMinute = options.statusCallsPerMinute ?? 30;
  const now = options.now ?? Date.now;
  const log = options.log;
  /** Start times of the status calls of the last minute (sliding window). */
  const statusCallTimes: number[] = [];

  function headers(withBody: boolean): Record<string, string> {
    return {
      authorization: `Bearer ${options.apiKey}`,
      accept: 'application/json',
      'user-agent': UPAYMENTS_USER_AGENT,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    };
  }

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Transport> {
    let response: Response;
    let text: string;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      response = await doFetch(`${apiUrl}${path}`, {
        method,
        headers: headers(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
      return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
    }
    let parsed: unknown = undefined;
    let json: boolean;
    try {
      parsed = JSON.parse(text);
      json = true;
    } catch {
      json = false;
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      kind: 'response',
      status: response.status,
      body: parsed,
      json,
      text,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
    };
  }

  function warn(endpoint: string, reason: string, outcome: Transport): void {
    if (log === undefined) return;
    const details: Record<string, unknown> = { upayments: endpoint, reason };
    if (outcome.kind === 'response') {
      details.status = outcome.status;
      details.body = truncate(outcome.text, LOGGED_BODY_CHARS);
    } else if (outcome.kind === 'network') {
      details.error = outcome.message;
    }
    log.warn(details, `UPayments ${endpoint} failed: ${reason}`);
  }

  /** Shared failure mapping of the two POSTs (charge, create-refund), which are never retried. */
  function postFailure(
    endpoint: string,
    outcome: Transport,
  ): { ok: false; reason: ChargeFailureReason; status?: number; message?: string } {
    if (outcome.kind === 'timeout') {
      warn(endpoint, 'timeout', outcome);
      return { ok: false, reason: 'timeout' };
    }
    if (outcome.kind === 'network') {
      warn(endpoint, 'network', outcome);
      return { ok: false, reason: 'network' };
    }
    const message = gatewayMessage(outcome.body);
    const status = outcome.status;
    let reason: ChargeFailureReason;
    if (status >= 500 || (!outcome.json && (status < 200 || status >= 300))) reason = 'http_error';
    else if (!outcome.json) reason = 'invalid_response';
    else if (status >= 400) reason = 'refused';
    else if (isRecord(outcome.body) && outcome.body.status === false) reason = 'refused';
    else if (status < 200 || status >= 300) reason = 'http_error';
    else reason = 'invalid_response';
    warn(endpoint, reason, outcome);
    return { ok: false, reason, status, ...(message === undefined ? {} : { message }) };
  }

  async function charge(input: ChargeInput): Promise<ChargeResult> {
    const body: Record<string, unknown> = {
      order: {
        id: input.orderId,
        description: truncate(input.description, 500),
        currency: 'KWD',
        amount: filsToAmount(input.amountFils),
      },
      products: input.products.map((product) => ({
        name: truncate(product.name, 255),
        price: filsToAmount(product.priceFils),
        quantity: product.quantity,
      })),
      language: input.language,
      reference: { id: input.reference },
      customer: {
        name: input.customer.name,
        email: input.customer.email,
        mobile: gatewayMobile(input.customer.mobile),
      },
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      notificationUrl: input.notificationUrl,
    };
    if (input.customerExtraData !== undefined) body.customerExtraData = input.customerExtraData;
    if (options.gateway !== undefined && options.gateway !== '')
      body.paymentGateway = { src: options.gateway };

    const outcome = await send('POST', '/charge', body);
    if (
      outcome.kind === 'response' &&
      outcome.status >= 200 &&
      outcome.status < 300 &&
      isRecord(outcome.body) &&
      outcome.body.status === true &&
      isRecord(outcome.body.data) &&
      typeof outcome.body.data.link === 'string'
    ) {
      const paymentUrl = securePaymentUrl(outcome.body.data.link);
      if (paymentUrl !== null) {
        return {
          ok: true,
          paymentUrl,
          sessionId: sessionIdOf(paymentUrl),
          trackId: textField(outcome.body.data.trackId),
        };
      }
      warn('charge', 'invalid_response', outcome);
      return { ok: false, reason: 'invalid_response', status: outcome.status };
    }
    return postFailure('charge', outcome);
  }

  /**
   * Sliding-window limiter of the status calls. When the last minute already holds the allowed
   * number of calls the lookup answers `rate_limited` at once instead of waiting: callers are
   * request handlers and background sweeps, and holding a shopper's request for up to a minute is
   * worse than "not confirmed yet, try again".
   */
  function takeStatusSlot(): boolean {
    const at = now();
    while (statusCallTimes.length > 0 && at - (statusCallTimes[0] ?? at) >= RATE_WINDOW_MS)
      statusCallTimes.shift();
    if (statusCallTimes.length >= callsPerMinute) return false;
    statusCallTimes.push(at);
    return true;
  }

  function parseTransaction(body: unknown): PaymentTransaction | null {
    if (!isRecord(body) || body.status !== true || !isRecord(body.data)) return null;
    const transaction = body.data.transaction;
    if (
      !isRecord(transaction) ||
      typeof transaction.result !== 'string' ||
      transaction.result === ''
    )
      return null;
    return {
      result: transaction.result,
      trackId: textField(transaction.track_id),
      requestedOrderId:
        textField(transaction.merchant_requested_order_id) ??
        textField(transaction.requested_order_id),
      totalFils: amountToFils(transaction.total_price),
      currency: textField(transaction.currency_type) ?? textField(transaction.currency),
      paymentId: textField(transaction.payment_id),
      paymentType: textField(transaction.payment_type),
      refundOrderId: textField(transaction.refund_order_id),
      reference: textField(transaction.reference),
    };
  }

  async function paymentStatus(lookup: PaymentStatusLookup): Promise<PaymentStatusResult> {
    const path =
      'trackId' in lookup
        ? `/get-payment-status/${encodeURIComponent(lookup.trackId)}`
        : `/get-payment-status?session_id=${encodeURIComponent(lookup.sessionId)}`;
    for (let attempt = 0; ; attempt += 1) {
      if (!takeStatusSlot()) {
        log?.warn(
          { upayments: 'get-payment-status', reason: 'rate_limited' },
          'UPayments status lookups over 30 a minute',
        );
        return { ok: false, reason: 'rate_limited' };
      }
      const outcome = await send('GET', path);
      let retryable = false;
      let reason: PaymentStatusFailureReason;
      let delayMs = retryBaseDelayMs * 2 ** attempt;
      if (outcome.kind === 'timeout') {
        reason = 'timeout';
      } else if (outcome.kind === 'network') {
        reason = 'network';
        retryable = true;
      } else if (outcome.status === 429) {
        reason = 'rate_limited';
        retryable = true;
        if (outcome.retryAfterMs !== null)
          delayMs = Math.max(delayMs, Math.min(outcome.retryAfterMs, retryBaseDelayMs * 8));
      } else if (outcome.status >= 500) {
        reason = 'http_error';
        retryable = true;
      } else if (outcome.status === 404) {
        reason = 'not_found';
      } else if (outcome.status >= 200 && outcome.status < 300) {
        const transaction = parseTransaction(outcome.body);
        if (transaction !== null) return { ok: true, transaction };
        reason =
          outcome.json && isRecord(outcome.body) && outcome.body.status === false
            ? 'not_found'
            : 'invalid_response';
      } else if (
        (outcome.status === 400 || outcome.status === 422) &&
        isRecord(outcome.body) &&
        outcome.body.status === false
      ) {
        reason = 'not_found';
      } else {
        reason = 'http_error';
      }
      if (retryable && attempt < MAX_STATUS_RETRIES) {
        await sleep(delayMs);
        continue;
      }
      warn('get-payment-status', reason, outcome);
      return { ok: false, reason };
    }
  }

  /**
   * DOC-refund types `totalPrice` as decimal(10,2); the shop charges in fils, so the exact 3-decimal
   * amount is sent (a gateway that truly keeps 2 decimals refuses it, reported as `refused`).
   */
  async function refund(input: RefundInput): Promise<RefundResult> {
    const body: Record<string, unknown> = {
      orderId: input.refundOrderId,
      totalPrice: filsToAmount(input.totalFils),
    };
    if (input.reference !== undefined) body.reference = input.reference;
    if (input.customer?.name !== undefined) body.customerFirstName = input.customer.name;
    if (input.customer?.email !== undefined) body.customerEmail = input.customer.email;
    if (input.customer?.mobile !== undefined)
      body.customerMobileNumber = gatewayMobile(input.customer.mobile);

    const outcome = await send('POST', '/create-refund', body);
    if (
      outcome.kind === 'response' &&
      outcome.status >= 200 &&
      outcome.status < 300 &&
      isRecord(outcome.body) &&
      outcome.body.status === true
    ) {
      const data = isRecord(outcome.body.data) ? outcome.body.data : {};
      return {
        ok: true,
        refundOrderId: textField(data.refundOrderId),
        refundArn: textField(data.refundArn),
      };
    }
    return postFailure('create-refund', outcome);
  }

  return { charge, paymentStatus, refund };
}
