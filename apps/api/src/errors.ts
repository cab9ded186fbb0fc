import type { ApiMessageKey, ErrorCode, ErrorDetail, MessageParams } from '@shop/shared';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  INVALID_TOKEN: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  USER_EXISTS: 409,
  INVALID_CODE: 400,
  INVALID_RESET_TOKEN: 400,
  GOOGLE_AUTH_FAILED: 400,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNPROCESSABLE: 422,
  INTERNAL: 500,
  /** The mail server refused or could not be reached. */
  EMAIL_FAILED: 502,
  PAYMENT_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  /** GOOGLE_MERCHANT_* variables not set. */
  MERCHANT_NOT_CONFIGURED: 503,
  /** Google Merchant refused a call or did not answer. */
  MERCHANT_FAILED: 502,
};

export function httpStatusOf(code: ErrorCode): number {
  return statusByCode[code];
}

/** A detail whose message is a catalogue key, translated when the reply is written. */
export interface AppErrorDetail {
  field: string;
  message: ApiMessageKey | string;
  /** Values for the `{name}` placeholders of the message. */
  params?: MessageParams;
}

/** A product's or option's name goes in both languages ({ ar, en }) and is written in the reply's (shared MessageParams). */
export type { MessageParams };

/**
 * The one error type services throw. `messageKey` names a text of the API message catalogue,
 * so the reply is written in the shopper's language by the error handler.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly messageKey: ApiMessageKey;
  readonly details: AppErrorDetail[] | undefined;
  readonly params: MessageParams | undefined;

  constructor(
    code: ErrorCode,
    messageKey: ApiMessageKey,
    details?: AppErrorDetail[],
    params?: MessageParams,
  ) {
    super(messageKey);
    this.code = code;
    this.messageKey = messageKey;
    this.details = details;
    this.params = params;
  }

  get statusCode(): number {
    return httpStatusOf(this.code);
  }

  static notFound(messageKey: ApiMessageKey = 'error.not_found'): AppError {
    return new AppError('NOT_FOUND', messageKey);
  }

  static validation(details: AppErrorDetail[]): AppError {
    return new AppError('VALIDATION_ERROR', 'error.validation', details);
  }
}

export type { ErrorDetail };
