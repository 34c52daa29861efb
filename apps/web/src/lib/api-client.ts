import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  isEnvelope,
  LOGIN_MESSAGES,
  type CountryCode,
  type Envelope,
  type FieldError,
} from '@fieldforce/contracts';
import { knownMarketFlags } from './market-flags-snapshot';
import { getDeviceId } from './device-id';
import { storage } from './storage';
import { useClientStore } from './store';

export const API_BASE = '/api';

/** Codes the client itself produces, next to the server's error codes. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  notJson: 'NON_JSON_RESPONSE',
} as const;

/** Spec section 4: a 404 carrying this configured message means the user is not signed in: log out. */
export const USER_NOT_LOGGED_IN_MESSAGE = 'User not logged in';
export const INVALID_ID_TOKEN = 'INVALID_ID_TOKEN';
/** The device session ended (evicted by the device cap, logged out elsewhere...): the message says why. */
export const SESSION_ENDED = 'SESSION_ENDED';

/** Spec sections 7 and 9: two extra attempts, 1000 ms apart, on 408, 500 and network errors. */
export const RETRY = { extraAttempts: 2, delayMs: 1000, statuses: [408, 500] as readonly number[] };
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const STORE_SESSION_PATH = 'sessions/v1/storeSession';
export const LOGIN_PATH = '/login';

/** Every failed call surfaces as one of these; `shortDescription` is safe to show to the user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly shortDescription: string;
  readonly statusMessage: string;
  readonly fields: FieldError[];
  /** The message's stable code and values when the server sent them (contracts' SERVER_MESSAGES). */
  readonly messageCode?: string;
  readonly params?: Record<string, string | number>;

  constructor(init: {
    status: number;
    code: string;
    shortDescription: string;
    statusMessage?: string;
    fields?: FieldError[];
    messageCode?: string;
    params?: Record<string, string | number>;
    cause?: unknown;
  }) {
    super(`${init.code}: ${init.shortDescription}`, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.shortDescription = init.shortDescription;
    this.statusMessage = init.statusMessage ?? init.code;
    this.fields = init.fields ?? [];
    if (init.messageCode) this.messageCode = init.messageCode;
    if (init.params) this.params = init.params;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The market of the call; defaults to the selected one (localStorage `countryCode`). */
  countryCode?: CountryCode;
  /** Adds `countryCode` to the query as well as the header (the spec's session and account calls). */
  countryInQuery?: boolean;
  /** false: send no id token (public calls). */
  auth?: boolean;
  /** false: a failure is only thrown, never turned into a refresh or a logout (the refresh calls themselves). */
  sessionRules?: boolean;
  /**
   * The call only reads, whatever its method (the profile is a POST): it is retried like a GET
   * (spec sections 7 and 9). GET calls are read-only without saying so.
   */
  readOnly?: boolean;
}

/** What the client does outside a single call: navigation, reload, time; tests replace them. */
export interface ApiClientEnvironment {
  fetch: typeof fetch;
  sleep(ms: number): Promise<void>;
  deviceId(): Promise<string>;
  /** Leave the app for the sign-in screen; the router replaces it with a client-side navigation. */
  navigate(path: string): void;
  reload(): void;
  /**
   * Runs `task` while holding the browser-wide lock `name` (the Web Locks API): one refresh at a time
   * across this origin's tabs. Without the API (old browsers, tests) it just runs it.
   */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
}

const defaultEnvironment = (): ApiClientEnvironment => ({
  fetch: (...args) => globalThis.fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  deviceId: getDeviceId,
  navigate: (path) => window.location.assign(path),
  reload: () => window.location.reload(),
  withLock: async <T>(name: string, task: () => Promise<T>): Promise<T> =>
    typeof navigator !== 'undefined' && navigator.locks
      ? ((await navigator.locks.request(name, task)) as T)
      : task(),
});

let env: ApiClientEnvironment = defaultEnvironment();

export function configureApiClient(overrides: Partial<ApiClientEnvironment>): void {
  env = { ...env, ...overrides };
}

/** Tests only: back to the browser's fetch, timers and location, and no refresh in flight. */
export function resetApiClient(): void {
  env = defaultEnvironment();
  refreshInFlight = null;
}

/** The device id the client sends (the same one in bodies and in X-Device-ID). */
export function currentDeviceId(): Promise<string> {
  return env.deviceId();
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

/** Spec section 7: Indonesia IC travels as countryCode `id` with the header `BusinessGroup: ic`. */
export function marketHeaders(country: CountryCode): Record<string, string> {
  return country === 'idic' ? { countryCode: 'id', BusinessGroup: 'ic' } : { countryCode: country };
}

/**
 * Calls that only read (every GET, and any method marked `readOnly`), and calls carrying an
 * idempotency key, are safe to send again; a call that changes something is sent once.
 */
export function isRetryable(method: HttpMethod, headers: Record<string, string>, readOnly = false): boolean {
  if (method === 'GET' || readOnly) return true;
  return Object.keys(headers).some((name) => name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
}

/**
 * The headers of spec section 7: JSON, the market, the id token as `customerToken`, the hardening
 * headers when the market's isVAPTEnabled flag is on (and always for storeSession), and the CSRF
 * header the server asks of cookie-authenticated state changes (sent on every call: it costs nothing).
 */
export async function buildHeaders(path: string, options: RequestOptions): Promise<Record<string, string>> {
  const country = options.countryCode ?? storage.getCountryCode();
  const headers: Record<string, string> = {
    accept: 'application/json',
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    ...marketHeaders(country),
  };
  const token = options.auth === false ? null : storage.getIdToken();
  if (token) headers.customerToken = token;
  const storeSession = path.replace(/^\/+/, '') === STORE_SESSION_PATH;
  if ((token && knownMarketFlags(country).isVAPTEnabled) || storeSession) {
    const email = storage.getEmail();
    if (email) headers['X-User-ID'] = email;
    headers['X-Device-ID'] = await env.deviceId();
    headers['X-Login-Type'] = storage.getLoginType();
  }
  return { ...headers, ...options.headers };
}

/**
 * Calls `/api/<path>` and returns `response-data` of the envelope.
 * Throws ApiError for a non-2xx answer (with the envelope's errors), for a body that is not an
 * envelope, and for a network failure. Aborts are rethrown untouched so callers can ignore them.
 * Session rules of spec section 4 run before a failure is thrown: refresh, logout, session ended.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers = await buildHeaders(path, options);
  const country = options.countryCode ?? storage.getCountryCode();
  const query = options.countryInQuery
    ? { countryCode: marketHeaders(country).countryCode, ...options.query }
    : options.query;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const url = buildUrl(path, query);
  const retryable = isRetryable(method, headers, options.readOnly);
  let response: Response | null = null;
  for (let attempt = 0; ; attempt += 1) {
    const canRetry = retryable && attempt < RETRY.extraAttempts;
    try {
      // Given up while the headers were built (a screen left, a query cancelled): not sent at all, as
      // fetch itself would refuse it, and never through a fetch configured since.
      signal?.throwIfAborted();
      response = await env.fetch(url, { method, headers, body: payload, signal, credentials: 'same-origin' });
    } catch (error) {
      if (isAbortError(error)) throw error;
      if (canRetry) {
        await env.sleep(RETRY.delayMs);
        continue;
      }
      throw new ApiError({
        status: 0,
        code: CLIENT_ERROR_CODES.network,
        shortDescription: 'Network Error',
        cause: error,
      });
    }
    if (canRetry && RETRY.statuses.includes(response.status)) {
      await env.sleep(RETRY.delayMs);
      continue;
    }
    break;
  }

  const envelope = await readEnvelope<T>(response);
  if (!response.ok) throw await failureOf(response.status, envelope, options);
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

// ---------------------------------------------------------------------------------------------
// Session rules (spec section 4)
// ---------------------------------------------------------------------------------------------

/** The failure wants a token refresh: HTTP 407, or INVALID_ID_TOKEN with a 5xx (spec) or 401 (this server). */
export function needsRefresh(error: ApiError): boolean {
  if (error.status === 407) return true;
  const invalidToken = error.code === INVALID_ID_TOKEN || error.statusMessage === INVALID_ID_TOKEN;
  return invalidToken && (error.status >= 500 || error.status === 401);
}

export function isUserNotLoggedIn(error: ApiError): boolean {
  return (
    error.status === 404 &&
    (error.shortDescription === USER_NOT_LOGGED_IN_MESSAGE ||
      error.statusMessage === USER_NOT_LOGGED_IN_MESSAGE)
  );
}

/** The error of a failed answer, after the session rules (unless the call opts out of them). */
async function failureOf(
  status: number,
  envelope: Envelope<unknown>,
  options: Pick<RequestOptions, 'sessionRules'>,
): Promise<ApiError> {
  const error = new ApiError({
    status,
    code: envelope.errors?.code ?? envelope.statusMessage,
    shortDescription: envelope.errors?.shortDescription ?? envelope.statusMessage,
    statusMessage: envelope.statusMessage,
    fields: envelope.errors?.fields,
    messageCode: envelope.errors?.messageCode,
    params: envelope.errors?.params,
  });
  if (options.sessionRules !== false) await applySessionRules(error);
  return error;
}

async function applySessionRules(error: ApiError): Promise<void> {
  if (needsRefresh(error)) await refreshSession();
  else if (isUserNotLoggedIn(error)) endLocalSession(null);
  else if (error.status === 401 && error.code === SESSION_ENDED) endLocalSession(error.shortDescription);
}

/**
 * Forget the session on this device and go to /login, leaving `notice` for the sign-in screen.
 * Spec section 4: idToken and refreshToken cleared, country flags too.
 */
export function endLocalSession(notice: string | null): void {
  useClientStore.getState().signOut();
  if (notice) storage.setLoginNotice(notice);
  if (window.location.pathname !== LOGIN_PATH || notice) env.navigate(LOGIN_PATH);
}

let refreshInFlight: Promise<void> | null = null;

/**
 * Single-flight refresh (spec section 4): a call while one runs is skipped and waits for it, in this
 * tab and across tabs: the refresh cookie is shared, and the server ends a session whose spent refresh
 * token is used again, so two tabs refreshing at once would sign the user out. A tab that waited for
 * another tab's refresh finds a new id token stored and only reloads.
 * On success the new id token is stored, registered with the session service, and the page reloads;
 * on failure the tokens are cleared and the user goes to /login.
 */
export function refreshSession(): Promise<void> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

interface RefreshGrantAnswer {
  id_token: string;
}

const REFRESH_LOCK = 'fieldforce-token-refresh';

async function runRefresh(): Promise<void> {
  const failedToken = storage.getIdToken();
  await env.withLock(REFRESH_LOCK, async () => {
    const current = storage.getIdToken();
    if (current && failedToken && current !== failedToken && storage.hasRefreshToken()) {
      env.reload(); // another tab refreshed while this one waited
      return;
    }
    await refreshNow();
  });
}

async function refreshNow(): Promise<void> {
  const oldToken = storage.getIdToken();
  if (!oldToken || !storage.hasRefreshToken()) {
    endLocalSession(null);
    return;
  }
  try {
    const grant = await apiRequest<RefreshGrantAnswer>('fb/accounts/refreshtoken', {
      method: 'POST',
      body: { grant_type: 'refresh_token' },
      countryInQuery: true,
      sessionRules: false,
    });
    storage.setIdToken(grant.id_token);
    await apiRequest<unknown>('sessions/v1/refreshToken', {
      method: 'PUT',
      body: { oldToken, newToken: grant.id_token },
      countryInQuery: true,
      sessionRules: false,
    });
    env.reload();
  } catch (error) {
    // A refused refresh says why (session ended, evicted); anything else is the generic failure.
    const notice =
      isApiError(error) && error.status === 401 && error.code !== INVALID_ID_TOKEN
        ? error.shortDescription
        : LOGIN_MESSAGES.genericFailure;
    endLocalSession(notice);
  }
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

// ---------------------------------------------------------------------------------------------
// Downloads with progress (spec section 7: "in-flight abort ... and download progress")
// ---------------------------------------------------------------------------------------------

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** Content-Length when the server sent one; null for a streamed body of unknown length. */
  total: number | null;
  /** The chunk just read (callers that count rows look at it). */
  chunk: Uint8Array;
}

export interface DownloadResult {
  blob: Blob;
  /** From Content-Disposition; null when the server named none. */
  fileName: string | null;
  headers: Headers;
}

/**
 * The file name of a Content-Disposition header: RFC 6266 `filename*=UTF-8''...` first (it carries
 * non-ASCII names), then the plain `filename="..."` or `filename=...`. Path parts are dropped.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /filename\s*=\s*([^;"\s]+)/i.exec(header);
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1] ?? null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/**
 * Reads a response body chunk by chunk, reporting progress, into a Blob. An abort of `signal` cancels
 * the reader and rejects with the abort reason (an AbortError), even for a stream that ignores it.
 */
export async function readBodyWithProgress(
  response: Response,
  onProgress?: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  signal?.throwIfAborted();
  if (!response.body) {
    const blob = await response.blob();
    onProgress?.({ received: blob.size, total, chunk: new Uint8Array(await blob.arrayBuffer()) });
    return blob;
  }
  const reader = response.body.getReader();
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      const chunk = new Uint8Array(value);
      chunks.push(chunk);
      received += chunk.byteLength;
      onProgress?.({ received, total, chunk });
    }
  } catch (error) {
    signal?.throwIfAborted();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return new Blob(chunks, { type });
}

/**
 * GET `/api/<path>` as a file: the headers of every call, no retries (a repeated export is the
 * person's choice), progress while the body streams, and abort through `signal`. A non-2xx answer
 * throws the envelope's ApiError (session rules included); a broken stream throws a network ApiError.
 */
export async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> & {
    onProgress?: (progress: DownloadProgress) => void;
  } = {},
): Promise<DownloadResult> {
  const { signal, onProgress, ...rest } = options;
  const requestOptions: RequestOptions = {
    ...rest,
    method: 'GET',
    headers: { accept: '*/*', ...rest.headers },
  };
  const headers = await buildHeaders(path, requestOptions);
  const country = options.countryCode ?? storage.getCountryCode();
  const query = options.countryInQuery
    ? { countryCode: marketHeaders(country).countryCode, ...options.query }
    : options.query;
  let response: Response;
  try {
    response = await env.fetch(buildUrl(path, query), {
      method: 'GET',
      headers,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      shortDescription: 'Network Error',
      cause: error,
    });
  }
  if (!response.ok) throw await failureOf(response.status, await readEnvelope<unknown>(response), options);
  try {
    const blob = await readBodyWithProgress(response, onProgress, signal);
    return {
      blob,
      fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
      headers: response.headers,
    };
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      shortDescription: 'Network Error',
      cause: error,
    });
  }
}
