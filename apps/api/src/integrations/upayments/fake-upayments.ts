import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { amountToFils } from './client.js';

/**
 * A UPayments Gateway API test double: a real HTTP server on the loopback interface that behaves
 * as UPayments' API does (Bearer check, charge, redirect query, status lookups, form-encoded
 * notification, refund), plus the hosted payment page the shopper's browser is sent to. Used by
 * tests and by `npm run upayments:fake` for local runs; never by product code.
 *
 * Where UPayments' behaviour is not confirmed the double picks the strictest reading: it
 * validates `order.description` (docs: mandatory), appends the redirect query with `?` even when
 * the return URL has one, and answers "not found" for a session nobody has paid, failed or
 * cancelled yet.
 */

export type FakeChargeMode = 'ok' | 'timeout' | 'error500' | 'non_json';
/** `rate_limited` answers 429 like the gateway's 30-a-minute block. */
export type FakeStatusMode = 'ok' | 'timeout' | 'error500' | 'non_json' | 'rate_limited';
export type FakePaymentOutcome = 'paid' | 'failed' | 'cancelled';
export type FakeSessionState = 'pending' | 'CAPTURED' | 'NOT CAPTURED' | 'CANCELED';

export interface FakeSession {
  sessionId: string;
  /** `order.id` of the charge (comes back as requested_order_id). */
  requestedOrderId: string;
  /** `reference.id` of the charge, if any. */
  reference: string | null;
  amountFils: number;
  language: 'ar' | 'en';
  description: string;
  returnUrl: string;
  cancelUrl: string;
  notificationUrl: string;
  customerExtraData: string | null;
  state: FakeSessionState;
  /** Set once the session is settled (paid, failed or cancelled). */
  trackId: string | null;
  paymentId: string | null;
  /** UPayments' own order id (order_id = receipt_id = refund_order_id). */
  upaymentsOrderId: string | null;
  settledAt: Date | null;
  refundedFils: number;
}

export interface FakeChargeCall {
  body: unknown;
  headers: IncomingHttpHeaders;
  /** HTTP status answered (null: held without an answer, `timeout` mode). */
  status: number | null;
  sessionId: string | null;
}

export interface FakeStatusCall {
  at: number;
  trackId: string | null;
  sessionId: string | null;
  status: number | null;
}

export interface FakeRefundCall {
  body: unknown;
  status: number;
}

export interface FakeNotificationDelivery {
  sessionId: string;
  url: string;
  body: Record<string, string>;
  /** HTTP status of the shop's answer, or the error that prevented one. */
  status: number | null;
  error: string | null;
}

export interface FakeSettlement {
  /** Where the gateway sends the browser (303): returnUrl when paid, cancelUrl otherwise, with the redirect query. */
  redirectUrl: string;
  /** The redirect query's fields, as posted form-encoded to notificationUrl. */
  notification: Record<string, string>;
  /** Resolves once the notification has been posted (or has failed); null when not sent. */
  delivered: Promise<FakeNotificationDelivery> | null;
}

export interface FakeUpayments {
  /** The API base, ending in `/api/v1` (use as UPAYMENTS_API_URL). */
  url: string;
  /** The server's own origin (`http://127.0.0.1:port`). */
  origin: string;
  apiKey: string;
  /** The next `times` charge calls (default: all of them, until changed) answer in `mode`. */
  setChargeMode(mode: FakeChargeMode, times?: number): void;
  /** The next `times` status calls (default: all of them, until changed) answer in `mode`. */
  setStatusMode(mode: FakeStatusMode, times?: number): void;
  /**
   * The next status call is answered as things stand when it arrives, but sent only when the
   * returned function is called (a check that is overtaken by a payment while it is on its way).
   */
  holdNextStatusAnswer(): () => void;
  /** The next `times` refund calls (default: all, until changed) are refused (`refused`) or served (`ok`). */
  setRefundMode(mode: 'ok' | 'refused', times?: number): void;
  /** Settles a pending session as the hosted page's buttons do, without a browser. */
  pay(
    sessionId: string,
    outcome: FakePaymentOutcome,
    options?: { notify?: boolean },
  ): FakeSettlement;
  /** Posts the settled session's notification `times` times (duplicates happen in practice). */
  notify(sessionId: string, options?: { times?: number }): Promise<FakeNotificationDelivery[]>;
  /** A returnUrl claiming CAPTURED (invented track and payment ids) for a session nobody paid. */
  forgedRedirect(sessionId: string): string;
  session(sessionId: string): FakeSession | undefined;
  readonly sessions: FakeSession[];
  readonly charges: FakeChargeCall[];
  readonly statusCalls: FakeStatusCall[];
  readonly refunds: FakeRefundCall[];
  readonly notifications: FakeNotificationDelivery[];
  close(): Promise<void>;
}

export interface StartFakeUpaymentsOptions {
  apiKey: string;
  /**
   * Host (`shop-pay.test:4010`) or origin (`https://pay.example`) written into payment links
   * instead of the loopback origin, e.g. to check the client's http→https rewrite.
   */
  publicHost?: string;
  /** Listening port; 0 (default) picks a free one. */
  port?: number;
}

const GATEWAYS = new Set([
  'knet',
  'cc',
  'samsung-pay',
  'apple-pay',
  'apple-pay-knet',
  'google-pay',
  'create-invoice',
  'amex',
]);

const digits = (length: number) =>
  Array.from(randomBytes(length), (byte) => String(byte % 10))
    .join('')
    .replace(/^0/, '1');

function formatFils(fils: number): string {
  return `${Math.floor(fils / 1000)}.${String(fils % 1000).padStart(3, '0')}`;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A JSON number amount with at most 3 decimals, in fils; null otherwise. */
function numberAmountFils(value: unknown): number | null {
  return typeof value === 'number' ? amountToFils(value) : null;
}

type Validated =
  { ok: true; session: FakeSession } | { ok: false; errors: Record<string, string[]> };

/** The charge body checks (lengths and mandatory fields from DOC-charge). */
function validateCharge(body: unknown, sessionId: string): Validated {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (!isRecord(body))
    return { ok: false, errors: { body: ['The request body must be a JSON object.'] } };
  const order = isRecord(body.order) ? body.order : {};
  if (!isRecord(body.order)) fail('order', 'The order field is required.');
  if (typeof order.id !== 'string' || order.id === '')
    fail('order.id', 'The order.id field is required.');
  else if (order.id.length > 40)
    fail('order.id', 'The order.id may not be greater than 40 characters.');
  if (typeof order.description !== 'string' || order.description === '')
    fail('order.description', 'The order.description field is required.');
  else if (order.description.length > 500)
    fail('order.description', 'The order.description may not be greater than 500 characters.');
  if (
    order.reference !== undefined &&
    (typeof order.reference !== 'string' || order.reference.length > 255)
  )
    fail('order.reference', 'The order.reference may not be greater than 255 characters.');
  if (order.currency !== 'KWD') fail('order.currency', 'The selected order.currency is invalid.');
  const amountFils = numberAmountFils(order.amount);
  if (amountFils === null || amountFils <= 0)
    fail(
      'order.amount',
      'The order.amount must be a number greater than 0 with at most 3 decimals.',
    );
  if (body.products !== undefined) {
    if (!Array.isArray(body.products)) fail('products', 'The products must be an array.');
    else
      body.products.forEach((product: unknown, index) => {
        if (!isRecord(product)) return fail(`products.${index}`, 'Each product must be an object.');
        if (typeof product.name !== 'string' || product.name === '' || product.name.length > 255)
          fail(`products.${index}.name`, 'The product name is required (at most 255 characters).');
        if (numberAmountFils(product.price) === null)
          fail(
            `products.${index}.price`,
            'The product price must be a number with at most 3 decimals.',
          );
        if (
          typeof product.quantity !== 'number' ||
          !Number.isInteger(product.quantity) ||
          product.quantity < 1
        )
          fail(`products.${index}.quantity`, 'The product quantity must be a positive integer.');
      });
  }
  if (body.language !== 'ar' && body.language !== 'en')
    fail('language', 'The selected language is invalid.');
  for (const field of ['returnUrl', 'cancelUrl', 'notificationUrl'] as const)
    if (!isHttpUrl(body[field])) fail(field, `The ${field} field must be a valid URL.`);
  if (body.paymentGateway !== undefined) {
    const src = isRecord(body.paymentGateway) ? body.paymentGateway.src : undefined;
    if (typeof src !== 'string' || !GATEWAYS.has(src))
      fail('paymentGateway.src', 'The selected paymentGateway.src is invalid.');
  }
  if (body.customerExtraData !== undefined && typeof body.customerExtraData !== 'string')
    fail('customerExtraData', 'The customerExtraData must be a string.');
  const reference = isRecord(body.reference) ? body.reference.id : undefined;
  if (reference !== undefined && typeof reference !== 'string')
    fail('reference.id', 'The reference.id must be a string.');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    session: {
      sessionId,
      requestedOrderId: order.id as string,
      reference: typeof reference === 'string' ? reference : null,
      amountFils: amountFils as number,
      language: body.language as 'ar' | 'en',
      description: order.description as string,
      returnUrl: body.returnUrl as string,
      cancelUrl: body.cancelUrl as string,
      notificationUrl: body.notificationUrl as string,
      customerExtraData: typeof body.customerExtraData === 'string' ? body.customerExtraData : null,
      state: 'pending',
      trackId: null,
      paymentId: null,
      upaymentsOrderId: null,
      settledAt: null,
      refundedFils: 0,
    },
  };
}

/** The redirect query / notification fields of a settled (or forged) attempt. */
function attemptFields(
  session: FakeSession,
  result: Exclude<FakeSessionState, 'pending'>,
  ids: { trackId: string; paymentId: string; upaymentsOrderId: string; at: Date },
): Record<string, string> {
  const date = ids.at.toISOString().slice(0, 19).replace('T', ' ');
  return {
    payment_id: ids.paymentId,
    result,
    post_date: date.slice(5, 10).replace('-', ''),
    tran_id: ids.paymentId.slice(-12),
    ref: ids.trackId.slice(-12),
    track_id: ids.trackId,
    auth: result === 'CAPTURED' ? ids.trackId.slice(-6) : '',
    order_id: ids.upaymentsOrderId,
    requested_order_id: session.requestedOrderId,
    refund_order_id: ids.upaymentsOrderId,
    payment_type: 'knet',
    payment_method: 'knet',
    invoice_id: '',
    transaction_date: date,
    receipt_id: ids.upaymentsOrderId,
    trn_udf: session.customerExtraData ?? '',
  };
}

/** Appends the query the way the gateway does: always with `?`, even after an existing query. */
function withGatewayQuery(url: string, fields: Record<string, string>): string {
  return `${url}?${new URLSearchParams(fields).toString()}`;
}

const PAGE_TEXT = {
  ar: {
    title: 'بوابة الدفع التجريبية (UPayments)',
    amount: 'المبلغ',
    currency: 'د.ك',
    pay: 'ادفع',
    fail: 'فشل الدفع',
    cancel: 'إلغاء',
    settled: 'تمت معالجة جلسة الدفع هذه من قبل.',
    unknown: 'جلسة الدفع غير موجودة.',
  },
  en: {
    title: 'Test payment gateway (UPayments)',
    amount: 'Amount',
    currency: 'KWD',
    pay: 'Pay',
    fail: 'Fail the payment',
    cancel: 'Cancel',
    settled: 'This payment session has already been processed.',
    unknown: 'Payment session not found.',
  },
} as const;

function page(language: 'ar' | 'en', body: string): string {
  const text = PAGE_TEXT[language];
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(text.title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<h1>${escapeHtml(text.title)}</h1>
${body}
</body>
</html>`;
}

function paymentPage(session: FakeSession): string {
  const text = PAGE_TEXT[session.language];
  const action = `/pay?session_id=${encodeURIComponent(session.sessionId)}`;
  const button = (outcome: FakePaymentOutcome, label: string) =>
    `<form method="post" action="${escapeHtml(action)}" style="display: inline"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${escapeHtml(label)}</button></form>`;
  return page(
    session.language,
    `<p>${escapeHtml(session.description)}</p>
<p>${escapeHtml(text.amount)}: <strong><bdi>${formatFils(session.amountFils)}</bdi> ${escapeHtml(text.currency)}</strong></p>
<p>${button('paid', text.pay)} ${button('failed', text.fail)} ${button('cancelled', text.cancel)}</p>`,
  );
}

export async function startFakeUpayments(
  options: StartFakeUpaymentsOptions,
): Promise<FakeUpayments> {
  const { apiKey } = options;
  const sessions = new Map<string, FakeSession>();
  const charges: FakeChargeCall[] = [];
  const statusCalls: FakeStatusCall[] = [];
  const refunds: FakeRefundCall[] = [];
  const notifications: FakeNotificationDelivery[] = [];
  let chargeMode: { mode: FakeChargeMode; remaining: number } = { mode: 'ok', remaining: Infinity };
  let statusMode: { mode: FakeStatusMode; remaining: number } = { mode: 'ok', remaining: Infinity };
  let refundMode: { mode: 'ok' | 'refused'; remaining: number } = { mode: 'ok', remaining: Infinity };
  let heldStatus: Promise<void> | undefined;
  /** Origin written into payment links; set once the server listens. */
  const links = { publicOrigin: '' };

  function takeChargeMode(): FakeChargeMode {
    if (chargeMode.remaining <= 0) chargeMode = { mode: 'ok', remaining: Infinity };
    chargeMode.remaining -= 1;
    return chargeMode.mode;
  }

  function takeStatusMode(): FakeStatusMode {
    if (statusMode.remaining <= 0) statusMode = { mode: 'ok', remaining: Infinity };
    statusMode.remaining -= 1;
    return statusMode.mode;
  }

  function authorized(request: IncomingMessage): boolean {
    return request.headers.authorization === `Bearer ${apiKey}`;
  }

  function settledFields(session: FakeSession): Record<string, string> {
    if (
      session.state === 'pending' ||
      session.trackId === null ||
      session.paymentId === null ||
      session.upaymentsOrderId === null
    )
      throw new Error(`session ${session.sessionId} is not settled`);
    return attemptFields(session, session.state, {
      trackId: session.trackId,
      paymentId: session.paymentId,
      upaymentsOrderId: session.upaymentsOrderId,
      at: session.settledAt ?? new Date(),
    });
  }

  async function postNotification(session: FakeSession): Promise<FakeNotificationDelivery> {
    const body = settledFields(session);
    const delivery: FakeNotificationDelivery = {
      sessionId: session.sessionId,
      url: session.notificationUrl,
      body,
      status: null,
      error: null,
    };
    try {
      const response = await fetch(session.notificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    notifications.push(delivery);
    return delivery;
  }

  function requireSession(sessionId: string): FakeSession {
    const session = sessions.get(sessionId);
    if (session === undefined) throw new Error(`unknown UPayments session ${sessionId}`);
    return session;
  }

  /** Records the outcome of a pending session; returns the redirect URL and notification fields. */
  function settle(
    session: FakeSession,
    outcome: FakePaymentOutcome,
  ): { redirectUrl: string; notification: Record<string, string> } {
    if (session.state !== 'pending')
      throw new Error(`session ${session.sessionId} is already ${session.state}`);
    session.state =
      outcome === 'paid' ? 'CAPTURED' : outcome === 'failed' ? 'NOT CAPTURED' : 'CANCELED';
    session.trackId = digits(16);
    session.paymentId = digits(18);
    session.upaymentsOrderId = randomBytes(12).toString('hex');
    session.settledAt = new Date();
    const notification = settledFields(session);
    const redirectUrl = withGatewayQuery(
      outcome === 'paid' ? session.returnUrl : session.cancelUrl,
      notification,
    );
    return { redirectUrl, notification };
  }

  function transactionOf(session: FakeSession): Record<string, unknown> {
    const fields = settledFields(session);
    return {
      ...fields,
      merchant_requested_order_id: session.requestedOrderId,
      total_price: formatFils(session.amountFils),
      currency_type: 'KWD',
      reference: session.reference,
      session_id: session.sessionId,
    };
  }

  async function handleCharge(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const call: FakeChargeCall = { body, headers: request.headers, status: null, sessionId: null };
    charges.push(call);
    if (!authorized(request)) {
      call.status = 401;
      return sendJson(response, 401, { message: 'Unauthenticated.' });
    }
    const mode = takeChargeMode();
    if (mode === 'error500') {
      call.status = 500;
      return sendJson(response, 500, { message: 'Server Error' });
    }
    if (mode === 'non_json') {
      call.status = 200;
      return sendHtml(
        response,
        200,
        '<html><body>Access denied: please whitelist your server IP</body></html>',
      );
    }
    const validated = validateCharge(body, digits(24));
    if (!validated.ok) {
      call.status = 422;
      return sendJson(response, 422, {
        status: false,
        message: 'The given data was invalid.',
        errors: validated.errors,
      });
    }
    sessions.set(validated.session.sessionId, validated.session);
    call.sessionId = validated.session.sessionId;
    // timeout: the session exists (the gateway did the work) but the answer never comes.
    if (mode === 'timeout') return;
    call.status = 201;
    sendJson(response, 201, {
      status: true,
      message: 'Payment link generated successfully',
      data: { link: `${links.publicOrigin}/pay?session_id=${validated.session.sessionId}` },
    });
  }

  function handleStatus(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    trackId: string | null,
  ): void {
    const sessionId = trackId === null ? url.searchParams.get('session_id') : null;
    const call: FakeStatusCall = { at: Date.now(), trackId, sessionId, status: null };
    statusCalls.push(call);
    const held = heldStatus;
    heldStatus = undefined;
    const answer = (status: number, body: unknown) => {
      call.status = status;
      const payload = JSON.stringify(body);
      const send = () => sendJson(response, status, JSON.parse(payload));
      if (held) void held.then(send);
      else send();
    };
    if (!authorized(request)) return answer(401, { message: 'Unauthenticated.' });
    const mode = takeStatusMode();
    if (mode === 'timeout') return;
    if (mode === 'error500') return answer(500, { message: 'Server Error' });
    if (mode === 'rate_limited') {
      call.status = 429;
      response.writeHead(429, {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': '1',
      });
      response.end(JSON.stringify({ message: 'Too Many Attempts.' }));
      return;
    }
    if (mode === 'non_json') {
      call.status = 200;
      return sendHtml(response, 200, '<html><body>Bad gateway</body></html>');
    }
    if (trackId === null && (sessionId === null || sessionId === ''))
      return answer(422, {
        status: false,
        message: 'The given data was invalid.',
        errors: { track_id: ['A track id or session_id is required.'] },
      });
    const session =
      trackId !== null
        ? [...sessions.values()].find((candidate) => candidate.trackId === trackId)
        : sessions.get(sessionId as string);
    if (session === undefined || session.state === 'pending')
      return answer(404, { status: false, message: 'Transaction not found' });
    answer(201, {
      status: true,
      message: 'Payment status',
      data: { transaction: transactionOf(session) },
    });
  }

  async function handleRefund(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const answer = (status: number, payload: unknown) => {
      refunds.push({ body, status });
      sendJson(response, status, payload);
    };
    if (!authorized(request)) return answer(401, { message: 'Unauthenticated.' });
    if (refundMode.remaining <= 0) refundMode = { mode: 'ok', remaining: Infinity };
    refundMode.remaining -= 1;
    if (refundMode.mode === 'refused') return answer(400, { status: false, message: 'Refund is not allowed now' });
    if (!isRecord(body) || typeof body.orderId !== 'string' || body.orderId === '')
      return answer(422, {
        status: false,
        message: 'The given data was invalid.',
        errors: { orderId: ['The order id field is required.'] },
      });
    const fils = numberAmountFils(body.totalPrice);
    if (fils === null || fils <= 0)
      return answer(422, {
        status: false,
        message: 'The given data was invalid.',
        errors: { totalPrice: ['The total price must be a positive amount.'] },
      });
    const session = [...sessions.values()].find(
      (candidate) => candidate.upaymentsOrderId === body.orderId,
    );
    if (session === undefined || session.state !== 'CAPTURED')
      return answer(400, { status: false, message: 'Order not found or not paid' });
    if (session.refundedFils + fils > session.amountFils)
      return answer(400, { status: false, message: 'Refund amount exceeds the paid amount' });
    session.refundedFils += fils;
    answer(201, {
      status: true,
      message: 'Refund invoice generated successfully',
      data: {
        orderId: session.upaymentsOrderId,
        refundOrderId: randomBytes(12).toString('hex'),
        refundArn: digits(12),
      },
    });
  }

  async function handlePayPage(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<void> {
    const session = sessions.get(url.searchParams.get('session_id') ?? '');
    if (session === undefined)
      return sendHtml(response, 404, page('ar', `<p>${escapeHtml(PAGE_TEXT.ar.unknown)}</p>`));
    if (request.method === 'GET') {
      if (session.state !== 'pending')
        return sendHtml(
          response,
          409,
          page(session.language, `<p>${escapeHtml(PAGE_TEXT[session.language].settled)}</p>`),
        );
      return sendHtml(response, 200, paymentPage(session));
    }
    const outcome = new URLSearchParams(await readBody(request)).get('outcome');
    if (outcome !== 'paid' && outcome !== 'failed' && outcome !== 'cancelled')
      return sendHtml(response, 400, page(session.language, '<p>400</p>'));
    if (session.state !== 'pending')
      return sendHtml(
        response,
        409,
        page(session.language, `<p>${escapeHtml(PAGE_TEXT[session.language].settled)}</p>`),
      );
    const { redirectUrl } = settle(session, outcome);
    // The browser is redirected first; the server-to-server notification follows, not awaited.
    response.once('finish', () => void postNotification(session));
    response.writeHead(303, { location: redirectUrl, 'cache-control': 'no-store' });
    response.end();
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const statusMatch = /^\/api\/v1\/get-payment-status(?:\/([^/]+))?$/.exec(url.pathname);
    let handled: Promise<void> | void;
    if (url.pathname === '/api/v1/charge' && method === 'POST')
      handled = handleCharge(request, response);
    else if (statusMatch !== null && method === 'GET')
      handled = handleStatus(
        request,
        response,
        url,
        statusMatch[1] === undefined ? null : decodeURIComponent(statusMatch[1]),
      );
    else if (url.pathname === '/api/v1/create-refund' && method === 'POST')
      handled = handleRefund(request, response);
    else if (url.pathname === '/pay' && (method === 'GET' || method === 'POST'))
      handled = handlePayPage(request, response, url);
    else handled = sendJson(response, 404, { message: 'Not Found' });
    void Promise.resolve(handled).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, { message: error instanceof Error ? error.message : 'error' });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const publicHost = options.publicHost;
  links.publicOrigin =
    publicHost === undefined
      ? origin
      : /^https?:\/\//.test(publicHost)
        ? publicHost.replace(/\/+$/, '')
        : `http://${publicHost}`;

  return {
    url: `${origin}/api/v1`,
    origin,
    apiKey,
    setChargeMode(mode, times = Infinity) {
      chargeMode = { mode, remaining: times };
    },
    setStatusMode(mode, times = Infinity) {
      statusMode = { mode, remaining: times };
    },
    holdNextStatusAnswer() {
      let release!: () => void;
      heldStatus = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
    setRefundMode(mode, times = Infinity) {
      refundMode = { mode, remaining: times };
    },
    pay(sessionId, outcome, payOptions) {
      const session = requireSession(sessionId);
      const settlement = settle(session, outcome);
      return {
        ...settlement,
        delivered: payOptions?.notify === false ? null : postNotification(session),
      };
    },
    async notify(sessionId, notifyOptions) {
      const session = requireSession(sessionId);
      const deliveries: FakeNotificationDelivery[] = [];
      for (let index = 0; index < (notifyOptions?.times ?? 1); index += 1)
        deliveries.push(await postNotification(session));
      return deliveries;
    },
    forgedRedirect(sessionId) {
      const session = requireSession(sessionId);
      if (session.state === 'CAPTURED')
        throw new Error(`session ${sessionId} is really paid; forge an unpaid one`);
      const fields = attemptFields(session, 'CAPTURED', {
        trackId: digits(16),
        paymentId: digits(18),
        upaymentsOrderId: randomBytes(12).toString('hex'),
        at: new Date(),
      });
      return withGatewayQuery(session.returnUrl, fields);
    },
    session: (sessionId) => sessions.get(sessionId),
    get sessions() {
      return [...sessions.values()];
    },
    charges,
    statusCalls,
    refunds,
    notifications,
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
