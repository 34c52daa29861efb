import { describe, expect, it, vi } from 'vitest';
import {
  apiDownload,
  ApiError,
  configureApiClient,
  fileNameFromContentDisposition,
  isAbortError,
  readBodyWithProgress,
  type DownloadProgress,
} from './api-client';

const encoder = new TextEncoder();

/** A body that hands out `parts` one read at a time; `hold` leaves the last read pending (a slow server). */
function fakeStream(parts: string[], options: { hold?: boolean; failAfter?: number } = {}) {
  let i = 0;
  const cancel = vi.fn();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.failAfter !== undefined && i === options.failAfter) {
        controller.error(new TypeError('network changed'));
        return;
      }
      if (i < parts.length) {
        controller.enqueue(encoder.encode(parts[i]!));
        i += 1;
        return;
      }
      if (options.hold) return new Promise<void>(() => {});
      controller.close();
    },
    cancel,
  });
  return { stream, cancel };
}

describe('fileNameFromContentDisposition', () => {
  it('prefers the RFC 6266 UTF-8 name, then the quoted and the bare one', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="Order_Loss.csv"; filename*=UTF-8''B%C3%A1o%20c%C3%A1o.csv`,
      ),
    ).toBe('Báo cáo.csv');
    expect(
      fileNameFromContentDisposition('attachment; filename="order-loss_vn_2026-10-01_2026-10-30.csv"'),
    ).toBe('order-loss_vn_2026-10-01_2026-10-30.csv');
    expect(fileNameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
  });

  it('drops path parts and answers null without a name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
  });
});

describe('readBodyWithProgress', () => {
  it('reports bytes as they arrive, without a total when the length is unknown', async () => {
    const { stream } = fakeStream(['a,b\r\n', '1,2\r\n', '3,4\r\n']);
    const seen: DownloadProgress[] = [];
    const blob = await readBodyWithProgress(new Response(stream), (p) => seen.push(p));
    expect(seen.map((p) => p.received)).toEqual([5, 10, 15]);
    expect(seen.every((p) => p.total === null)).toBe(true);
    expect(await blob.text()).toBe('a,b\r\n1,2\r\n3,4\r\n');
  });

  it('reports the total when Content-Length is known', async () => {
    const { stream } = fakeStream(['abcd', 'ef']);
    const seen: DownloadProgress[] = [];
    await readBodyWithProgress(new Response(stream, { headers: { 'content-length': '6' } }), (p) =>
      seen.push(p),
    );
    expect(seen.at(-1)).toMatchObject({ received: 6, total: 6 });
  });

  it('cancels the reader and rejects with an AbortError when aborted mid-stream', async () => {
    const { stream, cancel } = fakeStream(['first chunk'], { hold: true });
    const abort = new AbortController();
    const seen: number[] = [];
    const reading = readBodyWithProgress(
      new Response(stream),
      (p) => {
        seen.push(p.received);
        abort.abort();
      },
      abort.signal,
    );
    const error = await reading.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(seen).toEqual([11]);
    expect(cancel).toHaveBeenCalled();
  });
});

describe('apiDownload', () => {
  it('answers the blob and the server file name', async () => {
    const { stream } = fakeStream(['\uFEFFOutlet Code\r\n', 'O1\r\n']);
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL) =>
        new Response(stream, {
          headers: {
            'content-disposition': 'attachment; filename="outlet-master_vn.csv"',
            'x-total-count': '1',
          },
        }),
    );
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
    const progress = vi.fn();
    const result = await apiDownload('reports/outlet-master/export', {
      query: { format: 'csv' },
      onProgress: progress,
    });
    expect(result.fileName).toBe('outlet-master_vn.csv');
    expect(result.headers.get('x-total-count')).toBe('1');
    expect(progress).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/reports/outlet-master/export?format=csv');
  });

  it('turns a broken stream into a network ApiError (shown as an interrupted download)', async () => {
    const { stream } = fakeStream(['part'], { failAfter: 1 });
    configureApiClient({ fetch: (async () => new Response(stream)) as unknown as typeof fetch });
    const error = await apiDownload('reports/x/export').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('NETWORK_ERROR');
  });

  it("throws the server's refusal with its message", async () => {
    configureApiClient({
      fetch: (async () =>
        new Response(
          JSON.stringify({
            statusCode: 400,
            'response-data': null,
            statusMessage: 'VALIDATION_FAILED',
            errors: { code: 'VALIDATION_FAILED', shortDescription: 'Data is available from 01-Oct-23 only.' },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        )) as unknown as typeof fetch,
    });
    const error = await apiDownload('reports/order-loss/export').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, shortDescription: 'Data is available from 01-Oct-23 only.' });
  });
});
