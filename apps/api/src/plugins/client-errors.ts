import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  apiMessage,
  PAGE_LANGUAGE_HEADER,
  type ApiMessageKey,
  type ErrorCode,
  type ErrorResponse,
  type Language,
} from '@shop/shared';
import { httpStatusOf } from '../errors.js';
import { countErrorResponse } from '../lib/metrics.js';
import { languageOfHeaders } from './language.js';

/** What Node reports with a client error (Fastify's ConnectionError, every field optional). */
interface ClientError extends Error {
  code?: string;
  /** The bytes being parsed when the request was found malformed (parse errors only). */
  rawPacket?: unknown;
}

interface ClientAnswer {
  code: ErrorCode;
  key: ApiMessageKey;
}

/**
 * The envelope's code and text for each error Node's HTTP parser or its deadlines raise before a
 * request reaches Fastify: the statuses Node itself would answer (431, 413, 408, else 400).
 */
export function clientAnswerFor(errorCode: string | undefined): ClientAnswer {
  switch (errorCode) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'HEADERS_TOO_LARGE', key: 'error.headers_too_large' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { code: 'PAYLOAD_TOO_LARGE', key: 'error.payload_too_large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'REQUEST_TIMEOUT', key: 'error.request_timeout' };
    default:
      return { code: 'VALIDATION_ERROR', key: 'error.malformed_request' };
  }
}

/** How much of a malformed request is searched for its language. */
const LANGUAGE_SCAN_BYTES = 16 * 1024;

/**
 * The language of a request Node refused, as far as the bytes it was parsing tell (the page's
 * language header, else the `lang` cookie, else Accept-Language): a best effort, since those bytes may be a later part of the request
 * or break off before the headers that say it. Arabic when they say nothing.
 */
export function languageOfRawRequest(raw: unknown): Language {
  let cookie: string | undefined;
  let acceptLanguage: string | undefined;
  let pageLanguage: string | undefined;
  if (Buffer.isBuffer(raw)) {
    const lines = raw.subarray(0, LANGUAGE_SCAN_BYTES).toString('latin1').split(/\r?\n/);
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      if (name === 'cookie') cookie ??= line.slice(colon + 1).trim();
      else if (name === 'accept-language') acceptLanguage ??= line.slice(colon + 1).trim();
      else if (name === PAGE_LANGUAGE_HEADER) pageLanguage ??= line.slice(colon + 1).trim();
    }
  }
  return languageOfHeaders(cookie, acceptLanguage, pageLanguage);
}

/** The whole HTTP answer: the API's error envelope, and the connection closes after it. */
export function clientErrorResponse(answer: ClientAnswer, lang: Language): string {
  const status = httpStatusOf(answer.code);
  const body: ErrorResponse = { success: false, code: answer.code, message: apiMessage(answer.key, lang) };
  const text = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(text)}\r\n` +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n' +
    '\r\n' +
    text
  );
}

/**
 * After answering a request the parser could not read, the connection is kept this long for the
 * rest of what the client sends (read and dropped) before it is closed: closing with unread bytes
 * makes the system reset the connection, and the client may lose the answer (a browser would show
 * "connection reset" instead of the 431).
 */
const LINGER_MS = 1000;

/** Sockets already answered: a dead parser reports every further chunk of data again. */
const answered = new WeakSet<Socket>();

/**
 * Fastify's `clientErrorHandler` (Node's 'clientError' event): a request Node refuses before any
 * route sees it (headers over the limit, a malformed request line or header, a request that did
 * not arrive in time) is answered with the API's error envelope, in the request's language when
 * its bytes tell it, else Arabic, and the connection is closed. Never throws.
 */
export function clientErrorHandler(this: FastifyInstance, error: ClientError, socket: Socket): void {
  try {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET' || socket.destroyed) {
      socket.destroy();
      return;
    }
    const answer = clientAnswerFor(error.code);
    this.log.debug({ code: error.code, answer: answer.code }, 'request refused by the HTTP parser');
    // Like Node: no answer when one is already being written on this connection.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    countErrorResponse(answer.code);
    const response = clientErrorResponse(answer, languageOfRawRequest(error.rawPacket));
    // A parser that failed reads no further request from this connection; it may linger. After a
    // timeout the parser still works (a late request would reach a route), and with a request in
    // flight its route may still write: those connections close at once, as Node closes them.
    if (!error.code?.startsWith('HPE_') || inFlight) {
      socket.end(response);
      socket.destroy();
      return;
    }
    socket.end(response);
    const linger = setTimeout(() => socket.destroy(), LINGER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
  } catch (failure) {
    socket.destroy();
    this.log.warn({ err: failure }, 'client error not answered');
  }
}
