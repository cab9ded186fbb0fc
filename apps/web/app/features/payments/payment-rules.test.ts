import { describe, expect, it } from 'vitest';
import { paymentVerifyBodySchema } from '@shop/shared';
import { pendingOrderNumber, readReturnParams, screenFor, screenForFailure, verifyRequest } from './payment-rules';

const ORDER = 'SB-7K3M9Q2X4T';

describe('readReturnParams', () => {
  it('reads the return parameters under either name', () => {
    expect(readReturnParams('?paymentId=P1&result=CAPTURED&track_id=T1&requested_order_id=R1')).toEqual({
      paymentId: 'P1',
      result: 'CAPTURED',
      trackId: 'T1',
      requestedOrderId: 'R1',
    });
    expect(readReturnParams('payment_id=P2&status=NOT%20CAPTURED')).toMatchObject({ paymentId: 'P2', result: 'NOT CAPTURED' });
  });

  it('reads a key the gateway appended after a second question mark', () => {
    expect(readReturnParams('?lang=ar?payment_id=P3&track_id=T3')).toMatchObject({ paymentId: 'P3', trackId: 'T3' });
    expect(readReturnParams('??payment_id=P4&%3Ftrack_id=T4')).toMatchObject({ paymentId: 'P4', trackId: 'T4' });
  });

  it('treats empty, blank and absurdly long values as absent', () => {
    expect(readReturnParams(`?track_id=%20&payment_id=&requested_order_id=${'x'.repeat(500)}`)).toEqual({
      paymentId: null,
      result: null,
      trackId: null,
      requestedOrderId: null,
    });
  });
});

describe('pendingOrderNumber', () => {
  it('takes order_number from the stored payload', () => {
    expect(pendingOrderNumber(JSON.stringify({ name: 'Sara', order_number: ORDER }))).toBe(ORDER);
  });
  it('is null for nothing, broken JSON or no number', () => {
    expect(pendingOrderNumber(null)).toBeNull();
    expect(pendingOrderNumber('{not json')).toBeNull();
    expect(pendingOrderNumber(JSON.stringify({ order_number: 42 }))).toBeNull();
    expect(pendingOrderNumber('"text"')).toBeNull();
  });
});

describe('verifyRequest', () => {
  const none = readReturnParams('');

  it('asks nothing when neither the address nor storage names the payment', () => {
    expect(verifyRequest(none, null)).toBeNull();
    // A payment id alone names no order on the server.
    expect(verifyRequest(readReturnParams('?payment_id=P1&result=CAPTURED'), null)).toBeNull();
  });

  it('sends the pending order number with what the address carries, the result only as a hint', () => {
    const request = verifyRequest(readReturnParams('?payment_id=P1&result=CAPTURED&track_id=T1&requested_order_id=R1'), ORDER);
    expect(request).toEqual({ order_number: ORDER, track_id: 'T1', payment_id: 'P1', requested_order_id: 'R1', result: 'CAPTURED' });
    // What is sent is what the server's contract accepts.
    expect(paymentVerifyBodySchema.safeParse(request).success).toBe(true);
  });

  it('works from the track id alone (storage cleared or another browser)', () => {
    const request = verifyRequest(readReturnParams('?track_id=T9'), null);
    expect(request).toEqual({ track_id: 'T9' });
    expect(paymentVerifyBodySchema.safeParse(request).success).toBe(true);
  });
});

describe('screenFor: the server decides, never the query', () => {
  it('paid is success with the order', () => {
    expect(screenFor({ order_number: ORDER, payment_status: 'paid' })).toEqual({ kind: 'success', orderNumber: ORDER });
  });
  it('failed (also when the address claimed CAPTURED) is failure', () => {
    expect(screenFor({ order_number: ORDER, payment_status: 'failed' })).toEqual({ kind: 'failed', orderNumber: ORDER });
    expect(screenFor({ order_number: ORDER, payment_status: 'refunded' }).kind).toBe('failed');
  });
  it('still awaiting is pending', () => {
    expect(screenFor({ order_number: ORDER, payment_status: 'awaiting_payment' })).toEqual({ kind: 'pending', orderNumber: ORDER });
  });
  it('an order that needs no payment is success', () => {
    expect(screenFor({ order_number: ORDER, payment_status: 'not_required' }).kind).toBe('success');
  });
});

describe('screenForFailure', () => {
  it('an unknown payment is the missing-information error', () => {
    expect(screenForFailure(404, ORDER)).toEqual({ kind: 'missing' });
    expect(screenForFailure(400, null)).toEqual({ kind: 'missing' });
  });
  it('too many checks keeps the pending screen when the order is known', () => {
    expect(screenForFailure(429, ORDER)).toEqual({ kind: 'pending', orderNumber: ORDER });
    expect(screenForFailure(429, null)).toEqual({ kind: 'error' });
  });
  it('a server or network failure is the processing error', () => {
    expect(screenForFailure(500, ORDER)).toEqual({ kind: 'error' });
    expect(screenForFailure(502, ORDER)).toEqual({ kind: 'error' });
    expect(screenForFailure(0, ORDER)).toEqual({ kind: 'error' });
  });
});
