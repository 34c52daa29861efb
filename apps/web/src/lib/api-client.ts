import { isEnvelope, type Envelope, type FieldError } from '@fieldforce/contracts';

export const API_BASE = '/api';

/** Codes the client itself produces, next to the server's error codes. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  notJson: 'NON_JSON_RESPONSE',
} as const;

/** Every failed call surfaces as one of these; `shortDescription` is safe to show to the user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly shortDescription: string;
  readonly statusMessage: string;
  readonly fields: FieldError[];

  constructor(init: {
    status: number;
    code: string;
    shortDescription: string;
    statusMessage?: string;
    fields?: FieldError[];
    cause?: unknown;
  }) {
    super(`${init.code}: ${init.shortDescription}`, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.shortDescription = init.shortDescription;
    this.statusMessage = init.statusMessage ?? init.code;
    this.fields = init.fields ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Calls `/api/<path>` and returns `response-data` of the envelope.
 * Throws ApiError for a non-2xx answer (with the envelope's errors), for a body that is not an
 * envelope, and for a network failure. Aborts are rethrown untouched so callers can ignore them.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      shortDescription: 'Network Error',
      cause: error,
    });
  }

  const envelope = await readEnvelope<T>(response);
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: envelope.errors?.code ?? envelope.statusMessage,
      shortDescription: envelope.errors?.shortDescription ?? envelope.statusMessage,
      statusMessage: envelope.statusMessage,
      fields: envelope.errors?.fields,
    });
  }
  return envelope['response-data'];
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch (error) {
    throw notAnEnvelope(response, error);
  }
  if (!isEnvelope(parsed)) throw notAnEnvelope(response);
  return parsed as Envelope<T>;
}

function notAnEnvelope(response: Response, cause?: unknown): ApiError {
  return new ApiError({
    status: response.status,
    code: CLIENT_ERROR_CODES.notJson,
    shortDescription: response.statusText || 'Unexpected response',
    cause,
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
