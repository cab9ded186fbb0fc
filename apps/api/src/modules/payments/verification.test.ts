import { describe, expect, it } from 'vitest';
import type { PaymentTransaction } from '../../integrations/upayments/client.js';
import { paymentStatuses } from '@shop/shared';
import { judgeTransaction, paymentSettlement, type PaymentVerdict } from './verification.js';

const expected = { requestedOrderId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', totalFils: 27_500 };

function transaction(values: Partial<PaymentTransaction> = {}): PaymentTransaction {
  return {
    result: 'CAPTURED',
    trackId: '7788990011',
    requestedOrderId: expected.requestedOrderId,
    totalFils: 27_500,
    currency: 'KWD',
    paymentId: '100202612345',
    paymentType: 'knet',
    refundOrderId: '019f9e63a',
    reference: 'SB-7K3M9Q2XWA',
    ...values,
  };
}

describe('the verification rule', () => {
  it('pays only a CAPTURED answer bound to the attempt, the total and KWD', () => {
    expect(judgeTransaction(transaction(), expected)).toBe('paid');
    expect(judgeTransaction(transaction({ result: ' captured ', currency: 'kwd' }), expected)).toBe('paid');
  });

  it.each([
    ['another order id', { requestedOrderId: 'someone-elses-attempt' }],
    ['no order id', { requestedOrderId: null }],
    ['one fils less', { totalFils: 27_499 }],
    ['one fils more', { totalFils: 27_501 }],
    ['no amount', { totalFils: null }],
    ['another currency', { currency: 'USD' }],
    ['no currency', { currency: null }],
  ] as const)('refuses a CAPTURED answer with %s', (_label, values) => {
    expect(judgeTransaction(transaction(values), expected)).toBe('mismatch');
  });

  it.each(['NOT CAPTURED', 'CANCELED', 'CANCELLED', 'ERROR', 'FAILURE', 'FAILED'])('fails the attempt on %s', (result) => {
    expect(judgeTransaction(transaction({ result }), expected)).toBe('failed');
  });

  it('never fails an attempt on a refusal that belongs to another one', () => {
    expect(judgeTransaction(transaction({ result: 'NOT CAPTURED', requestedOrderId: 'other' }), expected)).toBe('mismatch');
  });

  it('leaves anything else undecided', () => {
    for (const result of ['', 'INITIATED', 'PENDING', 'SUCCESS?']) {
      expect(judgeTransaction(transaction({ result }), expected)).toBe('pending');
    }
  });
});

describe('the payment state machine', () => {
  const verdicts: readonly PaymentVerdict[] = ['paid', 'failed', 'mismatch', 'pending'];

  it('moves only an order awaiting payment: paid pays, a definite failure releases', () => {
    expect(paymentSettlement('awaiting_payment', 'paid', false)).toBe('pay');
    expect(paymentSettlement('awaiting_payment', 'failed', false)).toBe('release');
    expect(paymentSettlement('awaiting_payment', 'mismatch', false)).toBe('none');
    expect(paymentSettlement('awaiting_payment', 'pending', false)).toBe('none');
  });

  it('releases an abandoned payment unless UPayments says it was paid', () => {
    expect(paymentSettlement('awaiting_payment', 'paid', true)).toBe('pay');
    for (const verdict of ['failed', 'mismatch', 'pending'] as const) {
      expect(paymentSettlement('awaiting_payment', verdict, true)).toBe('release');
    }
  });

  it('never moves a decided order again: a late failure never un-pays, a duplicate changes nothing', () => {
    for (const current of paymentStatuses.filter((status) => status !== 'awaiting_payment')) {
      for (const verdict of verdicts) {
        expect(paymentSettlement(current, verdict, false), `${current} + ${verdict}`).toBe('none');
        expect(paymentSettlement(current, verdict, true), `${current} + ${verdict}, abandoned`).toBe('none');
      }
    }
  });
});
