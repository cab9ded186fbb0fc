import { PAGE_LANGUAGE_HEADER, type ApiReply, type ErrorCode, type ErrorDetail, type WebLoadContext } from '@shop/shared';

/** An error reply of the API, with the envelope's code, message and field details. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly details: ErrorDetail[] = [],
    /** The reply's Retry-After (a 503 while the database cannot answer), null without one. */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

export type ApiFetch = WebLoadContext['apiFetch'];
export type QueryValue = string | number | boolean | null | undefined;

export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

interface ErrorEnvelope {
  success: false;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

/**
 * The typed API client. On the server it is built from the load context's in-process fetch;
 * in the browser from window.fetch with the stored token. Both speak the same /api contract.
 */
/** The ApiError of a reply that is not ok (its error envelope, else its status). */
function replyError(response: ApiReply, body: unknown): ApiError {
  if (isErrorEnvelope(body)) {
    return new ApiError(response.status, body.code, body.message, body.details ?? [], response.headers.get('retry-after'));
  }
  return new ApiError(response.status, 'INTERNAL', response.statusText);
}

export function createApi(apiFetch: ApiFetch) {
  async function request<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> {
    let response: ApiReply;
    try {
      response = await apiFetch(path, init);
    } catch (error) {
      throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || isErrorEnvelope(body)) throw replyError(response, body);
    return body as T;
  }
  return {
    get: <T>(path: string, query?: Record<string, QueryValue>) => request<T>(withQuery(path, query)),
    post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
    put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
    delete: <T>(path: string, body?: unknown) => request<T>(path, { method: 'DELETE', body }),
    /** A multipart form (fields and files), as the back office's product, category, slide and settings forms send. */
    postForm: <T>(path: string, form: FormData) => request<T>(path, { method: 'POST', body: form }),
    putForm: <T>(path: string, form: FormData) => request<T>(path, { method: 'PUT', body: form }),
  };
}

export type Api = ReturnType<typeof createApi>;

/** The API client for a loader or action, from React Router's load context. */
export function apiFrom(context: { apiFetch: ApiFetch }): Api {
  return createApi(context.apiFetch);
}

/** The headers of a browser's API call: what it accepts, the page's language and the stored token. */
function browserHeaders(accept: string): Record<string, string> {
  // The page's language (its address's, decision 046), which the API answers in before the lang
  // cookie and the browser's settings; the server's calls send it too (apps/api plugins/web.ts).
  const lang = document.documentElement.lang || 'ar';
  const headers: Record<string, string> = { accept, 'accept-language': lang, [PAGE_LANGUAGE_HEADER]: lang };
  const token = window.localStorage.getItem('token');
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/**
 * A file from the API in the browser (a CSV export, say), with the same token and language as
 * browserApi; a refusal throws the ApiError of its JSON envelope.
 */
export async function browserDownload(path: string, query: Record<string, QueryValue>, accept: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(withQuery(`/api${path}`, query), { headers: browserHeaders(`${accept}, application/json`), credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) throw replyError(response, await response.json().catch(() => null));
  return response.blob();
}

/** The API client for code running in the browser: same-origin /api with the stored token. */
export function browserApi(): Api {
  return createApi(async (path, init) => {
    const headers = browserHeaders('application/json');
    const body = init?.body;
    // A FormData body sets its own multipart content type (with the boundary).
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    return fetch(path.startsWith('/api') ? path : `/api${path}`, {
      method: init?.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
  });
}

/** What an upload answered: its status and its JSON body (null when it had none). */
export interface UploadReply {
  status: number;
  body: unknown;
}

/** The ApiError of a reply that is not ok, from its JSON body (the API's error envelope). */
export function apiErrorOf(reply: UploadReply): ApiError {
  const body = reply.body;
  if (isErrorEnvelope(body)) return new ApiError(reply.status, body.code, body.message, body.details ?? []);
  return new ApiError(reply.status, 'INTERNAL', `HTTP ${reply.status}`);
}

/**
 * Sends a multipart form from the browser with the same token and language as browserApi, through
 * XMLHttpRequest, the one browser API that reports an upload's progress (`onProgress`: the share
 * sent, 0 to 1; then `onSent` once the whole body is out and the server works on it). Answers
 * whatever status came with its JSON body; only a network failure throws.
 */
export function browserUpload(
  path: string,
  form: FormData,
  progress: { onProgress?: (sent: number) => void; onSent?: () => void } = {},
): Promise<UploadReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path.startsWith('/api') ? path : `/api${path}`);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(browserHeaders('application/json'))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) progress.onProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => progress.onSent?.();
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    };
    const failed = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    request.onerror = failed;
    request.onabort = failed;
    request.send(form);
  });
}
