import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiMessage,
  currencySymbolFor,
  isApiMessageKey,
  PAGE_LANGUAGE_HEADER,
  type ApiMessageKey,
  type ErrorCode,
  type ErrorDetail,
  type ErrorResponse,
  type Language,
} from '@shop/shared';
import { databaseUnavailableReason, isInvalidTextError, sqlStateOf } from '../db/errors.js';
import { AppError, httpStatusOf, type MessageParams } from '../errors.js';
import { languageOfHeaders } from './language.js';

const zodLocales = { ar: z.locales.ar(), en: z.locales.en() } as const;

/** A catalogue key is translated; any other text (a zod default) is re-rendered in the language. */
function translateIssue(
  message: string,
  issue: Record<string, unknown> | undefined,
  lang: Language,
  params?: MessageParams,
): string {
  if (isApiMessageKey(message)) return apiMessage(message, lang, params);
  if (issue) {
    const localized = zodLocales[lang].localeError(issue as never);
    if (typeof localized === 'string') return localized;
    if (localized && typeof localized.message === 'string') return localized.message;
  }
  return message;
}

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  messageKey: ApiMessageKey,
  details?: ErrorDetail[],
  params?: MessageParams,
): FastifyReply {
  const body: ErrorResponse = {
    success: false,
    code,
    message: apiMessage(messageKey, reply.request.lang, params),
    ...(details && details.length > 0 ? { details } : {}),
  };
  return reply.code(httpStatusOf(code)).type('application/json; charset=utf-8').send(body);
}

interface ValidationEntry {
  instancePath: string;
  message?: string;
  keyword: string;
  params?: Record<string, unknown>;
}

function validationDetails(error: FastifyError, request: FastifyRequest): ErrorDetail[] {
  const entries = (error.validation ?? []) as unknown as ValidationEntry[];
  const context = error.validationContext ?? 'body';
  return entries.map((entry) => {
    const field = entry.instancePath.replace(/^\//, '').replace(/\//g, '.') || context;
    const issue = { code: entry.keyword, ...entry.params };
    return { field, message: translateIssue(entry.message ?? '', issue, request.lang) };
  });
}

function statusErrorCode(status: number): { code: ErrorCode; key: ApiMessageKey } | undefined {
  switch (status) {
    case 400:
      return { code: 'VALIDATION_ERROR', key: 'error.malformed_json' };
    case 404:
      return { code: 'NOT_FOUND', key: 'error.not_found' };
    case 413:
      return { code: 'PAYLOAD_TOO_LARGE', key: 'error.payload_too_large' };
    case 415:
      return { code: 'UNSUPPORTED_MEDIA_TYPE', key: 'error.unsupported_media_type' };
    case 429:
      return { code: 'RATE_LIMITED', key: 'error.rate_limited' };
    default:
      return undefined;
  }
}

/** Seconds a client is asked to wait when the database cannot answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Fastify's `frameworkErrors`: a URL the router cannot take (a bad percent-encoding, a path
 * parameter over maxParamLength) is refused with the envelope before any hook or route runs,
 * so the language is read here from the raw headers.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  request.lang = languageOfHeaders(
    request.headers.cookie,
    request.headers['accept-language'],
    request.headers[PAGE_LANGUAGE_HEADER],
  );
  request.log.info({ code: error.code }, 'request refused by the router');
  if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, 'VALIDATION_ERROR', 'error.bad_url');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 'VALIDATION_ERROR', 'error.url_too_long');
  }
  return sendError(reply, 'VALIDATION_ERROR', 'error.validation');
}

/**
 * Maps every error to the API envelope. Known errors keep their status and code; anything else
 * is logged with the request id and answered with a generic 500 that reveals nothing.
 */
export const errorsPlugin = fp(
  async (app) => {
    /**
     * The store's currency symbol in the reply's language ("د.ك" for the default in Arabic) for
     * messages with a `{currency}` placeholder. Read when the reply is written, after the failed
     * work (and its transaction) has ended.
     */
    const storeCurrency = async (request: FastifyRequest): Promise<string> => {
      try {
        return currencySymbolFor((await app.services.settings.getSettings()).currency_symbol, request.lang);
      } catch (error) {
        request.log.warn({ err: error }, 'store currency unavailable for an error message');
        return currencySymbolFor(null, request.lang);
      }
    };

    // HTTP/1.1 requires a Host header; Node's own refusal of a request without one (an empty 400)
    // is turned off (`requireHostHeader: false`, app.ts) so that the refusal is this envelope.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
        reply.header('connection', 'close');
        void sendError(reply, 'VALIDATION_ERROR', 'error.host_required');
        return;
      }
      done();
    });

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        const texts = [error.messageKey, ...(error.details ?? []).map((detail) => detail.message)];
        const needsCurrency = texts.some(
          (text) => isApiMessageKey(text) && apiMessage(text, request.lang).includes('{currency}'),
        );
        const shared: MessageParams = needsCurrency
          ? { currency: await storeCurrency(request) }
          : {};
        const details = error.details?.map((detail) => ({
          field: detail.field,
          message: translateIssue(detail.message, undefined, request.lang, {
            ...shared,
            ...detail.params,
          }),
        }));
        return sendError(reply, error.code, error.messageKey, details, {
          ...shared,
          ...error.params,
        });
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        return sendError(
          reply,
          'VALIDATION_ERROR',
          'error.validation',
          validationDetails(error, request),
        );
      }
      if (isInvalidTextError(error)) {
        // Defence in depth: the contract refuses such text before it reaches the database.
        request.log.info({ sqlState: sqlStateOf(error) }, 'text the database cannot store');
        return sendError(reply, 'VALIDATION_ERROR', 'validation.text_invalid');
      }
      const outage = databaseUnavailableReason(error);
      if (outage !== undefined) {
        // One short line per request: an outage would otherwise flood the log with stacks.
        request.log.warn({ reason: outage }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendError(reply, 'SERVICE_UNAVAILABLE', 'error.service_unavailable');
      }
      const status = error.statusCode ?? 500;
      const known = status < 500 ? statusErrorCode(status) : undefined;
      if (known) {
        request.log.info({ err: error }, 'request rejected');
        return sendError(reply, known.code, known.key);
      }
      if (status === 503)
        return sendError(reply, 'SERVICE_UNAVAILABLE', 'error.service_unavailable');
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 'INTERNAL', 'error.internal');
    });
  },
  { name: 'errors', dependencies: ['language'] },
);
