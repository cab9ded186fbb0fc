import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { createUpaymentsClient, type ChargeInput } from './client.js';
import { startFakeUpayments, type FakeUpayments } from './fake-upayments.js';

const API_KEY = 'fake-key-for-tests';

interface ReceivedNotification {
  contentType: string | undefined;
  body: string;
}

/**
 * The shop's notification endpoint: records every POST as it arrives and answers it once
 * `answer` (by default at once) has settled.
 */
async function startReceiver(
  answer: Promise<void> = Promise.resolve(),
): Promise<{ url: string; received: ReceivedNotification[]; server: Server }> {
  const received: ReceivedNotification[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      void answer.then(() => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('OK');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/payments/upayments/notify`, received, server };
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

const REDIRECT_KEYS = [
  'payment_id',
  'result',
  'post_date',
  'tran_id',
  'ref',
  'track_id',
  'auth',
  'order_id',
  'requested_order_id',
  'refund_order_id',
  'payment_type',
  'payment_method',
  'invoice_id',
  'transaction_date',
  'receipt_id',
  'trn_udf',
];

describe('UPayments test double: hosted payment page', () => {
  let fake: FakeUpayments;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeEach(async () => {
    fake = await startFakeUpayments({ apiKey: API_KEY });
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await fake.close();
    await closeServer(receiver.server);
  });

  async function charge(
    overrides: Partial<ChargeInput> = {},
  ): Promise<{ sessionId: string; paymentUrl: string }> {
    const result = await createUpaymentsClient({ apiUrl: fake.url, apiKey: API_KEY }).charge({
      orderId: 'ORD-1001-x7',
      reference: 'ORD-1001',
      description: 'طلب ORD-1001',
      amountFils: 25_750,
      products: [{ name: 'سبحة يسر', priceFils: 25_750, quantity: 1 }],
      customer: { name: 'سارة', email: 'sara@example.com', mobile: '50001234' },
      language: 'ar',
      returnUrl: 'https://shop.example/payment/success/ORD-1001',
      cancelUrl: 'https://shop.example/payment/cancel/ORD-1001',
      notificationUrl: receiver.url,
      customerExtraData: 'ORD-1001',
      ...overrides,
    });
    if (!result.ok || result.sessionId === null)
      throw new Error(`charge failed: ${JSON.stringify(result)}`);
    return { sessionId: result.sessionId, paymentUrl: result.paymentUrl };
  }

  /** Presses a button of the hosted page, as the browser's form submission does. */
  function press(paymentUrl: string, outcome: string): Promise<Response> {
    return fetch(paymentUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
      redirect: 'manual',
    });
  }

  it('shows an Arabic page with plain-form Pay / Fail / Cancel buttons, English when the charge asked for it', async () => {
    const arabic = await charge();
    const response = await fetch(arabic.paymentUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('lang="ar" dir="rtl"');
    expect(html).toContain('25.750');
    expect(html).toContain('طلب ORD-1001');
    for (const [outcome, label] of [
      ['paid', 'ادفع'],
      ['failed', 'فشل الدفع'],
      ['cancelled', 'إلغاء'],
    ]) {
      expect(html).toContain(
        `name="outcome" value="${outcome}"><button type="submit">${label}</button>`,
      );
    }
    expect(html).toContain(`<form method="post" action="/pay?session_id=${arabic.sessionId}"`);

    const english = await charge({ language: 'en', description: '<b>Order</b> 1002' });
    const englishHtml = await (await fetch(english.paymentUrl)).text();
    expect(englishHtml).toContain('lang="en" dir="ltr"');
    expect(englishHtml).toContain('>Pay</button>');
    expect(englishHtml).toContain('&#60;b&#62;Order&#60;/b&#62; 1002');

    expect((await fetch(`${fake.origin}/pay?session_id=unknown`)).status).toBe(404);
  });

  it('paying redirects the browser to returnUrl with the redirect query, then posts the form-encoded notification', async () => {
    const { sessionId, paymentUrl } = await charge();
    const response = await press(paymentUrl, 'paid');
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith('https://shop.example/payment/success/ORD-1001?')).toBe(true);
    const query = new URL(location).searchParams;
    expect([...query.keys()]).toEqual(REDIRECT_KEYS);
    const session = fake.session(sessionId)!;
    expect(query.get('result')).toBe('CAPTURED');
    expect(query.get('requested_order_id')).toBe('ORD-1001-x7');
    expect(query.get('track_id')).toBe(session.trackId);
    expect(query.get('payment_id')).toBe(session.paymentId);
    expect(query.get('refund_order_id')).toBe(session.upaymentsOrderId);
    expect(query.get('order_id')).toBe(session.upaymentsOrderId);
    expect(query.get('trn_udf')).toBe('ORD-1001');
    expect(session.state).toBe('CAPTURED');

    await eventually(() => expect(receiver.received).toHaveLength(1));
    const [notification] = receiver.received;
    expect(notification!.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(notification!.body))).toEqual(
      Object.fromEntries(query),
    );
    // The receiver records the body before it answers, so the fake's own record of the
    // delivery (made once the answer arrives) can trail it by a moment.
    await eventually(() =>
      expect(fake.notifications).toMatchObject([{ sessionId, status: 200, error: null }]),
    );

    // The status API now confirms it, by session id and by track id.
    const client = createUpaymentsClient({ apiUrl: fake.url, apiKey: API_KEY });
    const bySession = await client.paymentStatus({ sessionId });
    expect(bySession.ok && bySession.transaction).toMatchObject({
      result: 'CAPTURED',
      trackId: session.trackId,
      requestedOrderId: 'ORD-1001-x7',
      totalFils: 25_750,
      currency: 'KWD',
      reference: 'ORD-1001',
    });
    expect(await client.paymentStatus({ trackId: session.trackId! })).toEqual(bySession);

    // The page cannot be used twice.
    expect((await fetch(paymentUrl)).status).toBe(409);
    expect((await press(paymentUrl, 'paid')).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received).toHaveLength(1);
  });

  it('failing or cancelling redirects to cancelUrl with NOT CAPTURED / CANCELED', async () => {
    for (const [outcome, result] of [
      ['failed', 'NOT CAPTURED'],
      ['cancelled', 'CANCELED'],
    ] as const) {
      const { sessionId, paymentUrl } = await charge();
      const response = await press(paymentUrl, outcome);
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(
        'https://shop.example/payment/cancel/ORD-1001',
      );
      expect(location.searchParams.get('result')).toBe(result);
      expect(location.searchParams.get('auth')).toBe('');
      expect(fake.session(sessionId)!.state).toBe(result);
    }
    await eventually(() => expect(receiver.received).toHaveLength(2));
    expect(
      receiver.received.map((entry) => new URLSearchParams(entry.body).get('result')).sort(),
    ).toEqual(['CANCELED', 'NOT CAPTURED']);
  });

  it('sends the browser on before the notification is answered', async () => {
    // The shop does not answer the notification until the browser has been sent on: a fake that
    // waited for that answer would never redirect, and the test would time out.
    let answerNow!: () => void;
    const slow = await startReceiver(new Promise<void>((resolve) => (answerNow = resolve)));
    try {
      const { sessionId, paymentUrl } = await charge({ notificationUrl: slow.url });
      const response = await press(paymentUrl, 'paid');
      expect(response.status).toBe(303);
      expect(fake.notifications).toEqual([]);
      answerNow();
      await eventually(() =>
        expect(fake.notifications).toMatchObject([{ sessionId, status: 200, error: null }]),
      );
      expect(slow.received).toHaveLength(1);
    } finally {
      answerNow();
      await closeServer(slow.server);
    }
  });

  it('appends the query with "?" even when the return URL already has one, as the gateway does', async () => {
    const { paymentUrl } = await charge({
      returnUrl: 'https://shop.example/payment/success?order=ORD-1001',
    });
    const location = (await press(paymentUrl, 'paid')).headers.get('location')!;
    expect(
      location.startsWith('https://shop.example/payment/success?order=ORD-1001?payment_id='),
    ).toBe(true);
  });

  it('pay() settles without a browser and returns the redirect and the notification it posts', async () => {
    const { sessionId } = await charge();
    const settlement = fake.pay(sessionId, 'paid');
    expect(settlement.redirectUrl).toBe(
      `https://shop.example/payment/success/ORD-1001?${new URLSearchParams(settlement.notification).toString()}`,
    );
    expect(settlement.notification).toMatchObject({
      result: 'CAPTURED',
      requested_order_id: 'ORD-1001-x7',
    });
    expect(await settlement.delivered).toMatchObject({
      status: 200,
      body: settlement.notification,
    });
    expect(receiver.received).toHaveLength(1);
    expect(() => fake.pay(sessionId, 'failed')).toThrow(/already CAPTURED/);

    const quiet = await charge();
    expect(fake.pay(quiet.sessionId, 'failed', { notify: false }).delivered).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received).toHaveLength(1);
  });

  it('notify() repeats the same notification (duplicates happen in practice)', async () => {
    const { sessionId } = await charge();
    const { notification } = fake.pay(sessionId, 'paid', { notify: false });
    const deliveries = await fake.notify(sessionId, { times: 3 });
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(receiver.received).toHaveLength(3);
    for (const entry of receiver.received)
      expect(Object.fromEntries(new URLSearchParams(entry.body))).toEqual(notification);
    await expect(fake.notify((await charge()).sessionId)).rejects.toThrow(/not settled/);
  });

  it('refunds captured payments in part, records each amount and refuses more than is left', async () => {
    const { sessionId } = await charge();
    fake.pay(sessionId, 'paid', { notify: false });
    const client = createUpaymentsClient({ apiUrl: fake.url, apiKey: API_KEY });
    const refundOrderId = fake.session(sessionId)!.upaymentsOrderId!;
    const refund = (totalFils: number) => client.refund({ refundOrderId, totalFils, reference: 'ORD-1001' });
    expect(await refund(3_500)).toMatchObject({ ok: true });
    expect(await refund(12_250)).toMatchObject({ ok: true });
    expect(fake.session(sessionId)!.refundedFils).toBe(15_750);
    // 10.000 left of 25.750: 10.001 is refused, 10.000 goes.
    expect(await refund(10_001)).toMatchObject({ ok: false });
    expect(await refund(10_000)).toMatchObject({ ok: true });
    expect(fake.session(sessionId)!.refundedFils).toBe(25_750);
    expect(fake.refunds.map((entry) => [(entry.body as { totalPrice: unknown }).totalPrice, entry.status])).toEqual([
      [3.5, 201],
      [12.25, 201],
      [10.001, 400],
      [10, 201],
    ]);
  });

  it('forgedRedirect() claims CAPTURED on the return URL while the status API knows better', async () => {
    const { sessionId } = await charge();
    const forged = new URL(fake.forgedRedirect(sessionId));
    expect(forged.origin + forged.pathname).toBe('https://shop.example/payment/success/ORD-1001');
    expect(forged.searchParams.get('result')).toBe('CAPTURED');
    expect(forged.searchParams.get('requested_order_id')).toBe('ORD-1001-x7');
    expect(fake.session(sessionId)!.state).toBe('pending');
    const client = createUpaymentsClient({ apiUrl: fake.url, apiKey: API_KEY });
    expect(await client.paymentStatus({ trackId: forged.searchParams.get('track_id')! })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await client.paymentStatus({ sessionId })).toEqual({ ok: false, reason: 'not_found' });
    // A failed attempt forged as paid reads NOT CAPTURED at the API.
    fake.pay(sessionId, 'failed', { notify: false });
    const forgedAgain = new URL(fake.forgedRedirect(sessionId));
    expect(forgedAgain.searchParams.get('result')).toBe('CAPTURED');
    const real = await client.paymentStatus({ sessionId });
    expect(real.ok && real.transaction.result).toBe('NOT CAPTURED');
    expect(receiver.received).toHaveLength(0);
  });

  it('validates the charge body and the key like the gateway', async () => {
    const post = (body: unknown, key = API_KEY) =>
      fetch(`${fake.url}/charge`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
      });
    const unauthenticated = await post({}, 'other');
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toEqual({ message: 'Unauthenticated.' });

    const empty = await post({});
    expect(empty.status).toBe(422);
    const emptyBody = (await empty.json()) as { status: boolean; errors: Record<string, string[]> };
    expect(emptyBody.status).toBe(false);
    expect(Object.keys(emptyBody.errors)).toEqual(
      expect.arrayContaining([
        'order.id',
        'order.description',
        'order.currency',
        'order.amount',
        'language',
        'returnUrl',
        'cancelUrl',
        'notificationUrl',
      ]),
    );

    const valid = {
      order: { id: 'A-1', description: 'x', currency: 'KWD', amount: 1.25 },
      language: 'en',
      returnUrl: 'https://shop.example/s',
      cancelUrl: 'https://shop.example/c',
      notificationUrl: 'https://shop.example/n',
    };
    expect((await post(valid)).status).toBe(201);
    const invalid = async (patch: Record<string, unknown>) => {
      const response = await post({ ...valid, order: { ...valid.order, ...patch } });
      expect(response.status).toBe(422);
      return Object.keys(((await response.json()) as { errors: Record<string, string[]> }).errors);
    };
    expect(await invalid({ id: 'x'.repeat(41) })).toEqual(['order.id']);
    expect(await invalid({ currency: 'USD' })).toEqual(['order.currency']);
    expect(await invalid({ amount: 0 })).toEqual(['order.amount']);
    expect(await invalid({ amount: 1.2345 })).toEqual(['order.amount']);
    expect(await invalid({ amount: '1.250' })).toEqual(['order.amount']);
    const badGateway = await post({ ...valid, paymentGateway: { src: 'bitcoin' } });
    expect(badGateway.status).toBe(422);
    expect(fake.sessions).toHaveLength(1);
  });
});
