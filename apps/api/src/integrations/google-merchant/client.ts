import type { GoogleMerchantSetup } from '../../config.js';
import { productInputId } from './product-input-name.js';
import {
  createAccessTokenSource,
  type AccessTokenSource,
  type MerchantLog,
} from './token.js';
import {
  GoogleMerchantError,
  type GoogleMerchantClient,
  type MerchantAccount,
  type MerchantErrorKind,
  type MerchantProductInput,
} from './types.js';

/**
 * Client of the Merchant API v1 (products, data sources, errors) over fetch.
 *
 * - Every call carries a token from the service-account grant (token.ts) and has a timeout.
 * - 429, 5xx and failed connections are retried with exponential back-off and jitter, honouring
 *   Retry-After, up to `retry.attempts` tries in all; a timeout is not retried (a hung Google
 *   would hold the caller several timeouts long). Insert replaces and delete is final, so a retry
 *   after an answer that was lost cannot do harm.
 * - A 401 throws the cached token away and tries once more with a new one, unless Google says the
 *   Cloud project is not registered (a new token cannot fix that).
 * - Failures become a GoogleMerchantError whose kind the back office turns into advice.
 *
 * Logged: the call, its HTTP status, attempt and Google's error message. Never the key, the
 * assertion or a token (they only travel in the token request and the Authorization header).
 */

/** The configured account, data source, key, API root, language, feed label and timeout. */
export interface GoogleMerchantClientOptions extends GoogleMerchantSetup {
  fetch?: typeof fetch;
  log?: MerchantLog;
  /** Clock of the token cache (tests). */
  now?: () => number;
  retry?: {
    /** Tries in all for 429/5xx/network failures (default 4). */
    attempts?: number;
    /** First back-off delay, doubled each retry, with up to 50% jitter (default 500 ms). */
    baseDelayMs?: number;
    /** Longest wait between tries; a Retry-After beyond it ends the retries (default 20 s). */
    maxDelayMs?: number;
  };
  /** Waits between tries (tests record the delays instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  /** Shares a token source (and so its cache) between clients; built from `key` otherwise. */
  tokens?: AccessTokenSource;
}

const LOGGED_MESSAGE_CHARS = 500;

type Outcome =
  | { kind: 'response'; status: number; body: unknown; retryAfterMs: number | null }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string };

interface GoogleErrorBody {
  message: string;
  status: string | undefined;
  reason: string | undefined;
  field: string | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Proto paths as Google names them, without the request message's own prefix. */
const fieldPath = (path: string) =>
  path.replace(/^product_input\./, '').replace(/^product_input$/, '');

/**
 * Reads an AIP-193 error envelope: the message, the status, the ErrorInfo reason and the
 * field Google blamed (ErrorInfo FIELD_LOCATION, else the name in "Unknown name" / "Invalid
 * value at", else a BadRequest field violation).
 */
export function readGoogleError(body: unknown): GoogleErrorBody | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const error = body.error;
  const message = typeof error.message === 'string' ? error.message : '';
  const details = Array.isArray(error.details) ? error.details.filter(isRecord) : [];
  const info = details.find((detail) => String(detail['@type']).endsWith('google.rpc.ErrorInfo'));
  const metadata = info !== undefined && isRecord(info.metadata) ? info.metadata : {};
  const reason =
    typeof metadata.REASON === 'string'
      ? metadata.REASON
      : typeof info?.reason === 'string'
        ? info.reason
        : undefined;
  let field = typeof metadata.FIELD_LOCATION === 'string' ? metadata.FIELD_LOCATION : undefined;
  if (field === undefined) {
    const unknown = /Unknown name "([^"]+)"(?: at '([^']+)')?/.exec(message);
    if (unknown?.[1] !== undefined) {
      const parent = fieldPath(unknown[2] ?? '');
      field = parent === '' ? unknown[1] : `${parent}.${unknown[1]}`;
    }
  }
  if (field === undefined) {
    const invalid = /Invalid value at '([^']+)'/.exec(message);
    if (invalid?.[1] !== undefined) field = fieldPath(invalid[1]);
  }
  if (field === undefined) {
    const badRequest = details.find((detail) =>
      String(detail['@type']).endsWith('google.rpc.BadRequest'),
    );
    const violation = Array.isArray(badRequest?.fieldViolations)
      ? badRequest.fieldViolations.find(isRecord)
      : undefined;
    if (typeof violation?.field === 'string' && fieldPath(violation.field) !== '')
      field = fieldPath(violation.field);
  }
  return {
    message,
    status: typeof error.status === 'string' ? error.status : undefined,
    reason,
    field,
  };
}

/** Retry-After in milliseconds (seconds or an HTTP date); null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : null;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function isUnregistered(status: number, error: GoogleErrorBody | undefined): boolean {
  return status === 401 && error !== undefined && /not registered/i.test(error.message);
}

/** The kind of a final (not retried, or out of retries) HTTP answer. */
function kindOf(status: number, error: GoogleErrorBody | undefined): MerchantErrorKind {
  if (status === 401) return isUnregistered(status, error) ? 'unregistered' : 'credentials';
  if (status === 403) return 'not_user';
  if (status === 404) return 'not_found';
  if (status === 429) return 'quota';
  if (status >= 500) return 'unavailable';
  return 'invalid_field';
}

/** Owner-facing English detail when Google's own message does not say enough. */
function describe(kind: MerchantErrorKind, status: number, google: string): string {
  const said = google === '' ? `HTTP ${status}` : google;
  switch (kind) {
    case 'credentials':
      return `Google refused the access token (${said}). Check GOOGLE_MERCHANT_KEY_FILE.`;
    case 'quota':
      return `Google's quota is exhausted for now (${said}); try again later.`;
    case 'unavailable':
      return `Google Merchant is unavailable (${said}); try again later.`;
    default:
      return said;
  }
}

export function createGoogleMerchantClient(
  options: GoogleMerchantClientOptions,
): GoogleMerchantClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const { log, timeoutMs } = options;
  const attempts = Math.max(1, options.retry?.attempts ?? 4);
  const baseDelayMs = options.retry?.baseDelayMs ?? 500;
  const maxDelayMs = options.retry?.maxDelayMs ?? 20_000;
  const sleep = options.sleep ?? sleepFor;
  const tokens =
    options.tokens ??
    createAccessTokenSource({
      key: options.key,
      timeoutMs,
      fetch: doFetch,
      now,
      ...(log === undefined ? {} : { log }),
    });
  const account = encodeURIComponent(options.accountId);
  const dataSourceQuery = `dataSource=${encodeURIComponent(options.dataSource)}`;

  async function send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    token: string,
    body?: unknown,
  ): Promise<Outcome> {
    try {
      const response = await doFetch(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? {} : JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return {
        kind: 'response',
        status: response.status,
        body: parsed,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), Date.now()),
      };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
      const cause =
        error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return {
        kind: 'network',
        message: `${error instanceof Error ? error.message : String(error)}${cause}`,
      };
    }
  }

  function backoff(retry: number): number {
    const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
    return Math.round(exponential * (0.5 + Math.random() * 0.5));
  }

  /**
   * One API call with the retries described above; resolves to the 2xx body or throws a
   * GoogleMerchantError.
   */
  async function call(
    operation: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    let refreshed = false;
    for (let attempt = 1; ; attempt += 1) {
      let failure: GoogleMerchantError;
      let retryable = false;
      let waitMs: number | null = null;
      try {
        const token = await tokens.getToken();
        const startedAt = Date.now();
        const outcome = await send(method, path, token, body);
        const durationMs = Date.now() - startedAt;
        if (outcome.kind === 'response') {
          log?.debug(
            { merchant: operation, status: outcome.status, attempt, durationMs },
            'Google Merchant call answered',
          );
          if (outcome.status >= 200 && outcome.status < 300) return outcome.body;
          const error = readGoogleError(outcome.body);
          if (outcome.status === 401 && !refreshed && !isUnregistered(outcome.status, error)) {
            refreshed = true;
            tokens.invalidate(token);
            attempt -= 1;
            continue;
          }
          const kind = kindOf(outcome.status, error);
          failure = new GoogleMerchantError(
            kind,
            describe(kind, outcome.status, error?.message ?? ''),
            {
              status: outcome.status,
              ...(error?.field === undefined ? {} : { field: error.field }),
              ...(error?.reason === undefined ? {} : { reason: error.reason }),
              detail: error?.message || `HTTP ${outcome.status}`,
            },
          );
          retryable = outcome.status === 429 || outcome.status >= 500;
          waitMs = outcome.retryAfterMs;
        } else if (outcome.kind === 'timeout') {
          failure = new GoogleMerchantError(
            'timeout',
            `Google Merchant did not answer within ${timeoutMs / 1000} s.`,
          );
        } else {
          failure = new GoogleMerchantError(
            'unavailable',
            `Could not reach Google Merchant (${outcome.message}).`,
            { detail: outcome.message },
          );
          retryable = true;
        }
      } catch (error) {
        // The token request failed: its errors are already GoogleMerchantErrors.
        if (!(error instanceof GoogleMerchantError)) throw error;
        failure = error;
        retryable = error.kind === 'unavailable';
      }
      const delayMs =
        waitMs === null ? backoff(attempt - 1) : Math.max(waitMs, backoff(attempt - 1));
      if (retryable && attempt < attempts && (waitMs === null || waitMs <= maxDelayMs)) {
        log?.debug(
          {
            merchant: operation,
            kind: failure.kind,
            status: failure.options.status,
            attempt,
            delayMs,
          },
          'Google Merchant call will be retried',
        );
        await sleep(Math.min(delayMs, maxDelayMs));
        continue;
      }
      log?.warn(
        {
          merchant: operation,
          kind: failure.kind,
          status: failure.options.status,
          reason: failure.options.reason,
          field: failure.options.field,
          attempt,
          error: failure.message.slice(0, LOGGED_MESSAGE_CHARS),
        },
        'Google Merchant call failed',
      );
      throw failure;
    }
  }

  return {
    async getAccount(): Promise<MerchantAccount> {
      const body = await call('getAccount', 'GET', `/accounts/v1/accounts/${account}`);
      const fields = isRecord(body) ? body : {};
      const text = (value: unknown, fallback: string) =>
        typeof value === 'string' && value !== '' ? value : fallback;
      return {
        name: text(fields.name, `accounts/${options.accountId}`),
        accountId: text(fields.accountId, options.accountId),
        accountName: text(fields.accountName, ''),
      };
    },

    async insertProductInput(input: MerchantProductInput): Promise<{ name: string }> {
      const body = await call(
        'insertProductInput',
        'POST',
        `/products/v1/accounts/${account}/productInputs:insert?${dataSourceQuery}`,
        input,
      );
      const name =
        isRecord(body) && typeof body.name === 'string'
          ? body.name
          : `accounts/${options.accountId}/productInputs/${productInputId(input.contentLanguage, input.feedLabel, input.offerId)}`;
      return { name };
    },

    async deleteProductInput(offerId: string): Promise<void> {
      const id = productInputId(options.contentLanguage, options.feedLabel, offerId);
      await call(
        'deleteProductInput',
        'DELETE',
        `/products/v1/accounts/${account}/productInputs/${encodeURIComponent(id)}?${dataSourceQuery}`,
      );
    },
  };
}
