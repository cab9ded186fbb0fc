/** What the request log line says about a request (Fastify's default fields). */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number | undefined } | null;
}

/**
 * Hides secrets that travel in URLs: the reset token in /auth/verify-reset-token/:token and
 * `token` / `code` query parameters (the reset page's link, an OAuth callback).
 */
export function redactUrlSecrets(url: string): string {
  return url
    .replace(/(\/auth\/verify-reset-token\/)[^/?#]*/gi, '$1[REDACTED]')
    .replace(/([?&](?:token|code)=)[^&#]*/gi, '$1[REDACTED]');
}

const firstValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

/** Fastify's request serializer with the URL's secrets redacted. */
export function redactedRequestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    version: firstValue(request.headers?.['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
