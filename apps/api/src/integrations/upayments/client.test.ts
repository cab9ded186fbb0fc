import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  amountToFils,
  createUpaymentsClient,
  filsToAmount,
  gatewayMobile,
  UPAYMENTS_USER_AGENT,
  type ChargeInput,
  type UpaymentsClientOptions,
} from './client.js';
import { startFakeUpayments, type FakeUpayments } from './fake-upayments.js';

const API_KEY = 'sk_test_very-secret-key-0123456789';

describe('filsToAmount / amountToFils', () => {
  it('writes fils as the exact 3-decimal amount in JSON', () => {
    expect(filsToAmount(12_500)).toBe(12.5);
    expect(filsToAmount(1)).toBe(0.001);
    expect(filsToAmount(0)).toBe(0);
    expect(filsToAmount(999)).toBe(0.999);
    expect(JSON.stringify({ amount: filsToAmount(12_345) })).toBe('{"amount":12.345}');
    expect(JSON.stringify({ amount: filsToAmount(100_010) })).toBe('{"amount":100.01}');
    // Float arithmetic would write 1.0070000000000001 here (1007 * 0.001).
    expect(JSON.stringify(filsToAmount(1007))).toBe('1.007');
    expect(JSON.stringify(filsToAmount(123_456_789_012))).toBe('123456789.012');
  });

  it('round-trips every fils value of the first 100 KWD exactly', () => {
    for (let fils = 0; fils <= 100_000; fils += 1) {
      const amount = filsToAmount(fils);
      expect(amountToFils(JSON.parse(JSON.stringify(amount)))).toBe(fils);
    }
  });

  it('refuses fils that are not a non-negative safe integer', () => {
    expect(() => filsToAmount(1.5)).toThrow(RangeError);
    expect(() => filsToAmount(-1)).toThrow(RangeError);
    expect(() => filsToAmount(Number.NaN)).toThrow(RangeError);
  });

  it('reads decimal strings and numbers exactly, and nothing else', () => {
    expect(amountToFils('12.500')).toBe(12_500);
    expect(amountToFils('12.5')).toBe(12_500);
    expect(amountToFils('12')).toBe(12_000);
    expect(amountToFils('0.001')).toBe(1);
    expect(amountToFils(' 7.250 ')).toBe(7_250);
    expect(amountToFils(12.345)).toBe(12_345);
    expect(amountToFils(3)).toBe(3_000);
    expect(amountToFils('12.3456')).toBeNull();
    expect(amountToFils(12.3456)).toBeNull();
    expect(amountToFils('-1.000')).toBeNull();
    expect(amountToFils('1e3')).toBeNull();
    expect(amountToFils('12,500')).toBeNull();
    expect(amountToFils('')).toBeNull();
    expect(amountToFils('.5')).toBeNull();
    expect(amountToFils('abc')).toBeNull();
    expect(amountToFils(null)).toBeNull();
    expect(amountToFils(undefined)).toBeNull();
    expect(amountToFils(Number.POSITIVE_INFINITY)).toBeNull();
    expect(amountToFils({ amount: 1 })).toBeNull();
  });

  it('sends Kuwaiti mobiles as the 8-digit local number', () => {
    expect(gatewayMobile('+965 5000 1234')).toBe('50001234');
    expect(gatewayMobile('0096550001234')).toBe('50001234');
    expect(gatewayMobile('96550001234')).toBe('50001234');
    expect(gatewayMobile('5000-1234')).toBe('50001234');
  });
});

function chargeInput(overrides: Partial<ChargeInput> = {}): ChargeInput {
  return {
    orderId: 'ORD-20261125-0001-a1',
    reference: 'ORD-20261125-0001',
    description: 'طلب ORD-20261125-0001',
    amountFils: 13_750,
    products: [
      { name: 'سبحة كهرمان', priceFils: 12_345, quantity: 1 },
      { name: 'Shipping', priceFils: 1_405, quantity: 1 },
    ],
    customer: { name: 'أحمد', email: 'ahmad@example.com', mobile: '+965 5000 1234' },
    language: 'ar',
    returnUrl: 'https://shop.example/payment/success/ORD-20261125-0001',
    cancelUrl: 'https://shop.example/payment/cancel/ORD-20261125-0001',
    notificationUrl: 'https://shop.example/api/payments/upayments/notify',
    customerExtraData: 'ORD-20261125-0001',
    ...overrides,
  };
}

describe('UPayments client against the test double', () => {
  let fake: FakeUpayments;
  const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
  const log = {
    warn: (details: Record<string, unknown>, message: string) =>
      warnings.push({ details, message }),
  };
  const client = (options: Partial<UpaymentsClientOptions> = {}) =>
    createUpaymentsClient({
      apiUrl: fake.url,
      apiKey: API_KEY,
      log,
      retryBaseDelayMs: 5,
      ...options,
    });

  beforeEach(async () => {
    warnings.length = 0;
    fake = await startFakeUpayments({ apiKey: API_KEY });
  });
  afterEach(async () => {
    await fake.close();
  });

  /** The key must never reach a log line, whatever failed. */
  function expectNoSecretInLogs(): void {
    const text = JSON.stringify(warnings);
    expect(text).not.toContain(API_KEY);
    expect(text.toLowerCase()).not.toContain('bearer');
  }

  describe('charge', () => {
    it('creates a session with the charge body and returns the payment link', async () => {
      const result = await client().charge(chargeInput());
      expect(result).toMatchObject({ ok: true, trackId: null });
      if (!result.ok) throw new Error('unreachable');
      const session = fake.sessions[0]!;
      expect(result.sessionId).toBe(session.sessionId);
      expect(result.paymentUrl).toBe(`${fake.origin}/pay?session_id=${session.sessionId}`);

      expect(fake.charges).toHaveLength(1);
      const call = fake.charges[0]!;
      expect(call.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers.accept).toBe('application/json');
      expect(call.headers['user-agent']).toBe(UPAYMENTS_USER_AGENT);
      expect(call.body).toEqual({
        order: {
          id: 'ORD-20261125-0001-a1',
          description: 'طلب ORD-20261125-0001',
          currency: 'KWD',
          amount: 13.75,
        },
        products: [
          { name: 'سبحة كهرمان', price: 12.345, quantity: 1 },
          { name: 'Shipping', price: 1.405, quantity: 1 },
        ],
        language: 'ar',
        reference: { id: 'ORD-20261125-0001' },
        customer: { name: 'أحمد', email: 'ahmad@example.com', mobile: '50001234' },
        returnUrl: 'https://shop.example/payment/success/ORD-20261125-0001',
        cancelUrl: 'https://shop.example/payment/cancel/ORD-20261125-0001',
        notificationUrl: 'https://shop.example/api/payments/upayments/notify',
        customerExtraData: 'ORD-20261125-0001',
      });
      expect(session.amountFils).toBe(13_750);
      expect(warnings).toEqual([]);
    });

    it('sends amounts exactly as decimal text, never through float arithmetic', async () => {
      const amounts = [1, 1007, 12_345, 100_010, 999_999];
      for (const amountFils of amounts) {
        expect((await client().charge(chargeInput({ amountFils, products: [] }))).ok).toBe(true);
      }
      expect(fake.sessions.map((session) => session.amountFils)).toEqual(amounts);
      // The double reads the JSON text: 1007 fils must arrive as 1.007, not 1.0070000000000001.
      expect(
        fake.charges.map((call) => (call.body as { order: { amount: number } }).order.amount),
      ).toEqual([0.001, 1.007, 12.345, 100.01, 999.999]);
    });

    it('adds paymentGateway.src only when a gateway is configured', async () => {
      await client().charge(chargeInput());
      await client({ gateway: 'knet' }).charge(chargeInput());
      expect(fake.charges[0]!.body).not.toHaveProperty('paymentGateway');
      expect(fake.charges[1]!.body).toMatchObject({ paymentGateway: { src: 'knet' } });
    });

    it('rewrites http payment links to https except on loopback', async () => {
      const publicFake = await startFakeUpayments({
        apiKey: API_KEY,
        publicHost: 'pay.example.test',
      });
      try {
        const result = await createUpaymentsClient({
          apiUrl: publicFake.url,
          apiKey: API_KEY,
        }).charge(chargeInput());
        expect(result.ok && result.paymentUrl).toBe(
          `https://pay.example.test/pay?session_id=${publicFake.sessions[0]!.sessionId}`,
        );
      } finally {
        await publicFake.close();
      }
      const loopback = await client().charge(chargeInput());
      expect(loopback.ok && loopback.paymentUrl.startsWith('http://127.0.0.1:')).toBe(true);
    });

    it('is refused with a wrong key (401), without logging the key', async () => {
      const result = await createUpaymentsClient({
        apiUrl: fake.url,
        apiKey: 'wrong-key',
        log,
      }).charge(chargeInput());
      expect(result).toEqual({
        ok: false,
        reason: 'refused',
        status: 401,
        message: 'Unauthenticated.',
      });
      expect(fake.sessions).toHaveLength(0);
      expect(warnings).toHaveLength(1);
      expect(JSON.stringify(warnings)).not.toContain('wrong-key');
      expectNoSecretInLogs();
    });

    it('reports the gateway validation refusal (order id over 40 characters)', async () => {
      const result = await client().charge(chargeInput({ orderId: 'X'.repeat(41) }));
      expect(result).toMatchObject({ ok: false, reason: 'refused', status: 422 });
      expect(result.ok ? '' : result.message).toBe('The given data was invalid.');
      expect(fake.sessions).toHaveLength(0);
      expectNoSecretInLogs();
    });

    it('times out without retrying (a retry would open a second session)', async () => {
      fake.setChargeMode('timeout');
      const started = Date.now();
      const result = await client({ timeoutMs: 200 }).charge(chargeInput());
      expect(result).toEqual({ ok: false, reason: 'timeout' });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(fake.charges).toHaveLength(1);
      expect(warnings[0]?.details).toMatchObject({ upayments: 'charge', reason: 'timeout' });
      expectNoSecretInLogs();
    });

    it('reports a 500 as http_error, once', async () => {
      fake.setChargeMode('error500');
      const result = await client().charge(chargeInput());
      expect(result).toMatchObject({ ok: false, reason: 'http_error', status: 500 });
      expect(fake.charges).toHaveLength(1);
      expectNoSecretInLogs();
    });

    it('reports a non-JSON 200 (the IP whitelisting page) as invalid_response', async () => {
      fake.setChargeMode('non_json');
      const result = await client().charge(chargeInput());
      expect(result).toMatchObject({ ok: false, reason: 'invalid_response', status: 200 });
      expect(warnings[0]?.details.body).toContain('whitelist');
      expectNoSecretInLogs();
    });

    it('reports a network failure', async () => {
      const { url } = fake;
      await fake.close();
      const result = await createUpaymentsClient({ apiUrl: url, apiKey: API_KEY, log }).charge(
        chargeInput(),
      );
      expect(result).toEqual({ ok: false, reason: 'network' });
      expectNoSecretInLogs();
      fake = await startFakeUpayments({ apiKey: API_KEY });
    });

    it('treats a 2xx with status false or without a link as a failure', async () => {
      const answer = (body: unknown): typeof fetch =>
        (() =>
          Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))) as typeof fetch;
      const base = { apiUrl: 'https://gateway.test/api/v1', apiKey: API_KEY };
      expect(
        await createUpaymentsClient({
          ...base,
          fetch: answer({ status: false, message: 'Merchant inactive' }),
        }).charge(chargeInput()),
      ).toEqual({ ok: false, reason: 'refused', status: 200, message: 'Merchant inactive' });
      expect(
        await createUpaymentsClient({ ...base, fetch: answer({ status: true, data: {} }) }).charge(
          chargeInput(),
        ),
      ).toEqual({
        ok: false,
        reason: 'invalid_response',
        status: 200,
      });
    });
  });

  describe('paymentStatus', () => {
    async function paidSession(amountFils = 13_750) {
      const charged = await client().charge(chargeInput({ amountFils }));
      if (!charged.ok || charged.sessionId === null) throw new Error('charge failed');
      const settlement = fake.pay(charged.sessionId, 'paid', { notify: false });
      return { sessionId: charged.sessionId, fields: settlement.notification };
    }

    it('reads a captured transaction by track id, with exact fils', async () => {
      const { sessionId, fields } = await paidSession(12_345);
      const result = await client().paymentStatus({ trackId: fields.track_id! });
      expect(result).toEqual({
        ok: true,
        transaction: {
          result: 'CAPTURED',
          trackId: fields.track_id,
          requestedOrderId: 'ORD-20261125-0001-a1',
          totalFils: 12_345,
          currency: 'KWD',
          paymentId: fields.payment_id,
          paymentType: 'knet',
          refundOrderId: fields.refund_order_id,
          reference: 'ORD-20261125-0001',
        },
      });
      expect(fake.statusCalls.at(-1)).toMatchObject({
        trackId: fields.track_id,
        sessionId: null,
        status: 201,
      });
      expect(sessionId).toBeTruthy();
    });

    it('reads a transaction by session id', async () => {
      const { sessionId, fields } = await paidSession();
      const result = await client().paymentStatus({ sessionId });
      expect(result.ok && result.transaction).toMatchObject({
        result: 'CAPTURED',
        trackId: fields.track_id,
        totalFils: 13_750,
      });
      expect(fake.statusCalls.at(-1)).toMatchObject({ trackId: null, sessionId });
    });

    it('reads failed attempts as not captured and unknown ones as not_found', async () => {
      const charged = await client().charge(chargeInput());
      if (!charged.ok || charged.sessionId === null) throw new Error('charge failed');
      expect(await client().paymentStatus({ sessionId: charged.sessionId })).toEqual({
        ok: false,
        reason: 'not_found',
      });
      fake.pay(charged.sessionId, 'failed', { notify: false });
      const failed = await client().paymentStatus({ sessionId: charged.sessionId });
      expect(failed.ok && failed.transaction.result).toBe('NOT CAPTURED');
      expect(await client().paymentStatus({ trackId: '999999' })).toEqual({
        ok: false,
        reason: 'not_found',
      });
    });

    it('maps total_price exactly and refuses inexact amounts', async () => {
      const answer = (totalPrice: unknown): typeof fetch =>
        (() =>
          Promise.resolve(
            new Response(
              JSON.stringify({
                status: true,
                data: {
                  transaction: { result: 'CAPTURED', track_id: 42, total_price: totalPrice },
                },
              }),
              { status: 201 },
            ),
          )) as typeof fetch;
      const lookup = async (totalPrice: unknown) => {
        const result = await createUpaymentsClient({
          apiUrl: 'https://gateway.test/api/v1',
          apiKey: API_KEY,
          fetch: answer(totalPrice),
        }).paymentStatus({ trackId: '42' });
        if (!result.ok) throw new Error(result.reason);
        return result.transaction;
      };
      expect((await lookup('12.500')).totalFils).toBe(12_500);
      expect((await lookup(12.5)).totalFils).toBe(12_500);
      expect((await lookup('12.5001')).totalFils).toBeNull();
      expect((await lookup('twelve')).totalFils).toBeNull();
      expect((await lookup(undefined)).totalFils).toBeNull();
      expect((await lookup('1.000')).trackId).toBe('42');
    });

    it('backs off and retries 429 and 500, then succeeds', async () => {
      const { fields } = await paidSession();
      fake.setStatusMode('rate_limited', 2);
      const result = await client().paymentStatus({ trackId: fields.track_id! });
      expect(result.ok).toBe(true);
      expect(fake.statusCalls.map((call) => call.status)).toEqual([429, 429, 201]);
      const [first, second, third] = fake.statusCalls;
      // Backed off between attempts (base 5 ms doubling; the 429 Retry-After of 1 s is honoured up to 8× the base).
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(5);
      expect(third!.at - second!.at).toBeGreaterThanOrEqual(10);

      fake.statusCalls.length = 0;
      fake.setStatusMode('error500', 1);
      expect((await client().paymentStatus({ trackId: fields.track_id! })).ok).toBe(true);
      expect(fake.statusCalls.map((call) => call.status)).toEqual([500, 201]);
    });

    it('gives up after two retries', async () => {
      const { fields } = await paidSession();
      fake.setStatusMode('rate_limited');
      expect(await client().paymentStatus({ trackId: fields.track_id! })).toEqual({
        ok: false,
        reason: 'rate_limited',
      });
      fake.setStatusMode('error500');
      expect(await client().paymentStatus({ trackId: fields.track_id! })).toEqual({
        ok: false,
        reason: 'http_error',
      });
      expect(fake.statusCalls.map((call) => call.status)).toEqual([429, 429, 429, 500, 500, 500]);
      expectNoSecretInLogs();
    });

    it('does not retry a timeout and reports non-JSON as invalid_response', async () => {
      const { fields } = await paidSession();
      fake.setStatusMode('timeout', 1);
      expect(await client({ timeoutMs: 200 }).paymentStatus({ trackId: fields.track_id! })).toEqual(
        {
          ok: false,
          reason: 'timeout',
        },
      );
      expect(fake.statusCalls).toHaveLength(1);
      fake.setStatusMode('non_json', 1);
      expect(await client().paymentStatus({ trackId: fields.track_id! })).toEqual({
        ok: false,
        reason: 'invalid_response',
      });
      expect(
        await createUpaymentsClient({ apiUrl: fake.url, apiKey: 'wrong' }).paymentStatus({
          trackId: fields.track_id!,
        }),
      ).toEqual({
        ok: false,
        reason: 'http_error',
      });
    });

    it('keeps to 30 calls a minute per client and answers rate_limited beyond', async () => {
      const { fields } = await paidSession();
      let clock = 1_000_000;
      const limited = client({ now: () => clock });
      const results = [];
      for (let index = 0; index < 31; index += 1)
        results.push(await limited.paymentStatus({ trackId: fields.track_id! }));
      expect(results.slice(0, 30).every((result) => result.ok)).toBe(true);
      expect(results[30]).toEqual({ ok: false, reason: 'rate_limited' });
      expect(fake.statusCalls).toHaveLength(30);
      // The window is still full just under a minute later...
      clock += 59_999;
      expect(await limited.paymentStatus({ trackId: fields.track_id! })).toEqual({
        ok: false,
        reason: 'rate_limited',
      });
      // ...and has room again once the first calls are a minute old.
      clock += 1;
      expect((await limited.paymentStatus({ trackId: fields.track_id! })).ok).toBe(true);
      expect(fake.statusCalls).toHaveLength(31);
      // Another client instance has its own window.
      expect((await client().paymentStatus({ trackId: fields.track_id! })).ok).toBe(true);
    });
  });

  describe('refund', () => {
    it('asks for a refund of a captured payment with its refund_order_id', async () => {
      const charged = await client().charge(chargeInput({ amountFils: 12_345 }));
      if (!charged.ok || charged.sessionId === null) throw new Error('charge failed');
      const { notification } = fake.pay(charged.sessionId, 'paid', { notify: false });
      const result = await client().refund({
        refundOrderId: notification.refund_order_id!,
        totalFils: 12_345,
        reference: 'ORD-20261125-0001',
        customer: { name: 'أحمد', email: 'ahmad@example.com', mobile: '+96550001234' },
      });
      expect(result).toMatchObject({ ok: true });
      expect(result.ok && result.refundOrderId).toMatch(/^[0-9a-f]{24}$/);
      expect(result.ok && result.refundArn).toMatch(/^\d{12}$/);
      expect(fake.refunds[0]).toEqual({
        status: 201,
        body: {
          orderId: notification.refund_order_id,
          totalPrice: 12.345,
          reference: 'ORD-20261125-0001',
          customerFirstName: 'أحمد',
          customerEmail: 'ahmad@example.com',
          customerMobileNumber: '50001234',
        },
      });
      // More than was paid is refused by the gateway, and reported as such.
      expect(
        await client().refund({ refundOrderId: notification.refund_order_id!, totalFils: 1 }),
      ).toMatchObject({
        ok: false,
        reason: 'refused',
        status: 400,
        message: 'Refund amount exceeds the paid amount',
      });
      expect(await client().refund({ refundOrderId: 'nope', totalFils: 1 })).toMatchObject({
        ok: false,
        reason: 'refused',
      });
      expectNoSecretInLogs();
    });
  });
});
