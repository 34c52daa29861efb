/**
 * The hardening bench's HTTP client: plain node:http with keep-alive agents (no dependency), the
 * portal's envelope read back, and demo sign-ins. Every call returns status, headers, body text and
 * the time it took; a connection failure is status 0 with the error's text (never a throw).
 */
import http from 'node:http';
import { DEMO_PASSWORD } from '@fieldforce/contracts';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  ms: number;
  error?: string;
  /** Sent a second time: the first went out on a kept-alive connection the other end had just closed. */
  retried?: boolean;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Read at most this many bytes of the body (the rest is drained); default 4 MiB. */
  maxBytes?: number;
  timeoutMs?: number;
  agent?: http.Agent;
}

/**
 * Keep-alive agents whose idle connections are closed by this side after 4 s, well inside HAProxy's
 * `timeout http-keep-alive 10s` (scripts/cluster/cluster.mjs): otherwise a request sent on a connection
 * at the moment HAProxy closes it fails with a reset that no server ever saw (the 10-minute load run's
 * six status-0 errors, with nothing in any server's log).
 */
export const keepAlive = (maxSockets = 64) => new http.Agent({ keepAlive: true, maxSockets, timeout: 4_000 });
const defaultAgent = keepAlive(128);

/**
 * One call. A request that fails on a REUSED connection before any byte of the answer came back is sent
 * again on another one, as browsers do (the other end closed the idle connection as it went out;
 * Node's documentation gives the same pattern for `request.reusedSocket`). The answer says so
 * (`retried`), and the load part counts those calls, so nothing is hidden.
 */
export async function call(url: string, options: CallOptions = {}): Promise<Answer> {
  let { answer, staleSocket } = await callOnce(url, options);
  // Another idle connection in the pool may have been closed at the same moment: a few more tries,
  // each on a connection that has not failed yet (a fresh one never counts as stale).
  for (let tries = 1; staleSocket && tries <= 4; tries += 1) {
    const spent = answer.ms;
    ({ answer, staleSocket } = await callOnce(url, options));
    answer = { ...answer, ms: spent + answer.ms, retried: true };
  }
  return answer;
}

const isReset = (error?: string) => !!error && /ECONNRESET|socket hang up|EPIPE/.test(error);

function callOnce(url: string, options: CallOptions): Promise<{ answer: Answer; staleSocket: boolean }> {
  const started = performance.now();
  const maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve) => {
    let settled = false;
    let reused = false;
    let answered = false;
    const done = (a: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      const staleSocket = a.status === 0 && reused && !answered && isReset(a.error);
      resolve({ answer: { ...a, ms: performance.now() - started }, staleSocket });
    };
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers, agent: options.agent ?? defaultAgent },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < maxBytes) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (e) => done({ status: 0, headers: {}, text: '', error: e.message }));
      },
    );
    req.on('socket', () => (reused = req.reusedSocket));
    req.setTimeout(options.timeoutMs ?? 60_000, () => req.destroy(new Error('timeout')));
    req.on('error', (e) => done({ status: 0, headers: {}, text: '', error: e.message }));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** The envelope's parts, or null when the body is not JSON. */
export function envelope(a: Answer): {
  statusCode?: number;
  data: unknown;
  statusMessage?: string;
  errors?: { code?: string; message?: string; fields?: { field: string; message: string }[] } | null;
} | null {
  try {
    const json = JSON.parse(a.text) as Record<string, unknown>;
    return {
      statusCode: json['statusCode'] as number | undefined,
      data: json['response-data'],
      statusMessage: json['statusMessage'] as string | undefined,
      errors: json['errors'] as never,
    };
  } catch {
    return null;
  }
}

/** A clear message: a refusal (4xx) whose envelope says what was wrong in words. */
export function hasClearMessage(a: Answer): boolean {
  const env = envelope(a);
  if (!env) return false;
  const words = [env.statusMessage, env.errors?.message, ...(env.errors?.fields ?? []).map((f) => f.message)]
    .filter((s): s is string => typeof s === 'string')
    .join(' ');
  return /[A-Za-z]{3,}/.test(words);
}

export interface Session {
  email: string;
  market: string;
  idToken: string;
  refreshToken?: string;
  headers: Record<string, string>;
}

/** Signs a demo user in (a fresh device id each time); throws when it fails. */
export async function signIn(base: string, email: string, market: string, device = ''): Promise<Session> {
  const a = await call(`${base}/api/fb/accounts/login?countryCode=${market}`, {
    method: 'POST',
    // Each sign-in from its own client address (as real users are): the per-address sign-in rate limit
    // is tested by the suite, not here.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
    body: JSON.stringify({
      email,
      password: DEMO_PASSWORD,
      // A given device signs in again on the same device (the 10-device cap ends the oldest otherwise).
      deviceId: device
        ? `hardening ${device}`
        : `hardening ${email} ${Math.random().toString(36).slice(2, 8)}`,
    }),
  });
  const data = envelope(a)?.data as { idToken?: string; refreshToken?: string } | undefined;
  if (a.status !== 200 || !data?.idToken)
    throw new Error(`sign-in ${email}: ${a.status} ${a.text.slice(0, 200)}`);
  return {
    email,
    market,
    idToken: data.idToken,
    refreshToken: data.refreshToken,
    headers: { customertoken: data.idToken },
  };
}

/** A multipart/form-data body with text fields, then one file part. */
export function multipart(
  fields: Record<string, string>,
  file: { field?: string; name: string; type: string; data: Buffer },
): { body: Buffer; contentType: string } {
  const boundary = `----hardening${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  const safeName = file.name.replace(/"/g, '%22').replace(/[\r\n]/g, ' ');
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${safeName}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const randomClientIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` over `items` with at most `limit` at once. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, i: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}
