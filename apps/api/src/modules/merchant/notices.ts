import { apiMessage, isApiMessageKey, type Language, type MessageParam } from '@shop/shared';
import type { StoredNotice } from '../../db/schema/merchant.js';
import { AppError } from '../../errors.js';
import {
  GoogleMerchantError,
  type MerchantErrorKind,
} from '../../integrations/google-merchant/types.js';

/**
 * Why a push failed, kept as a catalogue key with its values (StoredNotice) so the tab shows it
 * in the language of whoever reads it, whenever that is.
 */

/** What the owner's messages name: the account, the service account, the timeout. */
export interface MerchantContext {
  accountId: string;
  dataSource: string;
  clientEmail: string;
  timeoutMs: number;
}

const MESSAGE_BY_KIND = {
  unregistered: 'merchant.error.unregistered',
  credentials: 'merchant.error.credentials',
  not_user: 'merchant.error.not_user',
  invalid_field: 'merchant.error.invalid_field',
  not_found: 'merchant.error.not_found',
  quota: 'merchant.error.quota',
  unavailable: 'merchant.error.unavailable',
  timeout: 'merchant.error.timeout',
} as const satisfies Record<MerchantErrorKind, string>;

/** Refusals that every further call would meet too: update all stops at the first one. */
export const ACCOUNT_WIDE_KINDS: ReadonlySet<MerchantErrorKind> = new Set([
  'unregistered',
  'credentials',
  'not_user',
]);

/** The owner-actionable notice of a failed call (an unknown error: the generic one). */
export function noticeOfError(error: unknown, context: MerchantContext): StoredNotice {
  if (!(error instanceof GoogleMerchantError)) return { key: 'merchant.error.unexpected' };
  // Google's own words: the message around them already says what to do.
  const detail =
    error.options.detail?.trim() || error.message.trim() || error.options.reason || String(error.options.status ?? '');
  const params: Record<string, string | number> = {
    account: context.accountId,
    dataSource: context.dataSource,
    email: context.clientEmail,
    seconds: Math.round(context.timeoutMs / 1000),
    detail,
  };
  if (error.kind === 'invalid_field') {
    if (!error.options.field) return { key: 'merchant.error.invalid', params: { detail } };
    return { key: MESSAGE_BY_KIND.invalid_field, params: { field: error.options.field, detail } };
  }
  return { key: MESSAGE_BY_KIND[error.kind], params };
}

/** A notice in a language (a key this version no longer has reads as the generic failure). */
export function renderNotice(notice: StoredNotice, lang: Language): string {
  const key = isApiMessageKey(notice.key) ? notice.key : 'merchant.error.unexpected';
  return apiMessage(key, lang, notice.params);
}

/** The 502 MERCHANT_FAILED a route answers with the notice, in the request's language. */
export function merchantFailed(notice: StoredNotice): AppError {
  const key = isApiMessageKey(notice.key) ? notice.key : 'merchant.error.unexpected';
  return new AppError('MERCHANT_FAILED', key, undefined, notice.params);
}

/** A field refusal of the shop's own checks as a notice (update all and the background sync). */
export function noticeOfProblem(problem: {
  message: string;
  params?: Readonly<Record<string, MessageParam>> | undefined;
}): StoredNotice {
  return problem.params ? { key: problem.message, params: { ...problem.params } } : { key: problem.message };
}
