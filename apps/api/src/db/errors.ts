/**
 * What a database error means for a request, and how it may be logged. Drizzle wraps a driver's
 * error in a DrizzleQueryError whose message and `params` repeat the query's parameters; PGlite's
 * errors carry `params` too, and PostgreSQL's `detail` quotes row values ("Key (email)=(…)").
 * Parameters hold password hashes and customer data, so no log line may carry them.
 */

/** The errors of an error's `cause` chain, the error itself first. */
function causeChain(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 8 && !chain.includes(current as never)) {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The PostgreSQL SQLSTATE (e.g. "22021") somewhere in the error's cause chain, if any. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const entry of causeChain(error)) {
    if (typeof entry.code === 'string' && /^[0-9A-Z]{5}$/.test(entry.code)) return entry.code;
  }
  return undefined;
}

/**
 * Text PostgreSQL cannot store or read: an invalid byte sequence (a NUL byte, 22021) or an
 * unsupported Unicode escape (22P05). The request's input is at fault, not the server.
 */
export function isInvalidTextError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === '22021' || state === '22P05';
}

/** Node's codes of a connection that could not be made or was lost. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** Driver messages (node-postgres, PGlite) of a database that is gone or cannot be reached. */
const UNAVAILABLE_MESSAGES = [
  /cannot use a pool after calling end/i,
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /pglite is closed/i,
  /connection is closed/i,
];

/**
 * True when the database cannot answer right now (refused or lost connection, shutdown, too many
 * connections): the request may succeed later, so it is answered 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== undefined;
}

/**
 * Why the database cannot answer, in a few words fit for one log line (the driver's code or
 * message, never a query or its parameters); undefined when the error is not an outage.
 */
export function databaseUnavailableReason(error: unknown): string | undefined {
  for (const entry of causeChain(error)) {
    const code = typeof entry.code === 'string' ? entry.code : '';
    if (CONNECTION_ERROR_CODES.has(code)) return code;
    // 08: connection exception; 57P01-57P03: shutdown, crash, cannot connect now; 53300: too many connections.
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return code;
    const message = typeof entry.message === 'string' ? entry.message : '';
    const known = UNAVAILABLE_MESSAGES.find((pattern) => pattern.test(message));
    if (known) return message.slice(0, 120);
  }
  return undefined;
}

/** Fields of a database error that can quote the request's values. */
const UNSAFE_FIELDS = new Set(['params', 'queryOptions', 'detail', 'where', 'internalQuery']);

/** The error with every database parameter removed from it and its causes (a copy when needed). */
function withoutParameters(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const record = error as Error & Record<string, unknown>;
  const cause = withoutParameters(record.cause, depth + 1);
  const unsafe = Object.keys(record).some((key) => UNSAFE_FIELDS.has(key));
  if (!unsafe && cause === record.cause) return error;

  // Drizzle's message is "Failed query: <sql>\nparams: <values>": keep the query only.
  const message = record.message.replace(/\nparams: [\s\S]*$/, '');
  const copy = new Error(message, cause === undefined ? undefined : { cause });
  copy.name = record.name;
  const frames = (record.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  copy.stack = [`${record.name}: ${message}`, ...frames].join('\n');
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'cause' && !UNSAFE_FIELDS.has(key)) (copy as unknown as Record<string, unknown>)[key] = value;
  }
  return copy;
}

/** An error as a log line carries it. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** A log-ready object of an error: type, message, stack, its own fields and its causes. */
function serialize(error: Error, type: string, depth: number): SerializedError {
  const record = error as Error & Record<string, unknown>;
  const out: SerializedError = { type, message: error.message, stack: error.stack ?? '' };
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'cause' && out[key] === undefined) out[key] = value;
  }
  if (record.cause instanceof Error && depth < 8) {
    out.cause = serialize(record.cause, record.cause.name, depth + 1);
  }
  return out;
}

/**
 * The logger's `err` serializer: the error, its own fields and its causes, with every database
 * parameter taken out (the query text and the SQLSTATE stay).
 */
export function logSafeErrorSerializer(error: Error): SerializedError {
  const safe = withoutParameters(error) as Error;
  return serialize(safe, error.constructor.name || error.name, 0);
}
