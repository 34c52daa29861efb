import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_LIMIT_MESSAGES } from '@fieldforce/contracts';
import { configureApiClient } from '../../../lib/api-client';
import { I18nProvider } from '../../../lib/i18n';
import { ReportExport } from './report-export';

const encoder = new TextEncoder();

/** A server that sends `parts` and then waits (or fails) until the test says otherwise. */
function slowServer(parts: string[], end: 'close' | 'hold' | 'fail') {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < parts.length) {
          controller.enqueue(encoder.encode(parts[i++]!));
          return;
        }
        if (end === 'close') controller.close();
        else if (end === 'fail') controller.error(new TypeError('connection reset'));
        else return new Promise<void>(() => {});
      },
    });
    return new Response(body, {
      headers: { 'content-disposition': 'attachment; filename="order-loss_vn_2026-10-01_2026-10-30.csv"' },
    });
  });
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
  return fetchMock;
}

/** A server that refuses the export as the API does past a download limit (429, envelope, Retry-After). */
function busyServer(message: string) {
  const fetchMock = vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          statusCode: 429,
          'response-data': null,
          statusMessage: 'RATE_LIMITED',
          errors: { code: 'RATE_LIMITED', shortDescription: message },
        }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '30' } },
      ),
  );
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
}

function renderExport(total: number, language: 'en' | 'vi' = 'en') {
  render(
    <I18nProvider language={language}>
      <ReportExport
        reportKey="order-loss"
        country="vn"
        query={{ from: '2026-10-01', to: '2026-10-30' }}
        total={total}
        downloadCap={100_000}
      />
    </I18nProvider>,
  );
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => vi.restoreAllMocks());

describe('ReportExport', () => {
  it('past the cap: the warning with the count first; Cancel downloads nothing', async () => {
    const fetchMock = slowServer([], 'close');
    renderExport(123_456);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Large download' });
    expect(dialog.textContent).toContain('Download restricted to first 100000 records only.');
    expect(dialog.textContent).toContain('123,456 records match');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('past the cap, Continue downloads; the file is saved under the server name with a toast', async () => {
    const fetchMock = slowServer(['\uFEFFa,b\r\n', '1,2\r\n'], 'close');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('order-loss_vn_2026-10-01_2026-10-30.csv');
    });
    renderExport(100_001);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(await screen.findByText('Downloaded order-loss_vn_2026-10-01_2026-10-30.csv')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('format=csv');
  });

  it('under the cap: straight to the download, progress with bytes and rows, and Cancel stops it', async () => {
    slowServer(['\uFEFFa,b\r\n1,2\r\n3,4\r\n'], 'hold');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderExport(2);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download CSV' })));
    expect(await screen.findByText(/18 B received · about 2 rows/)).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Downloading CSV…' });
    expect(bar.hasAttribute('value')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(click).not.toHaveBeenCalled();
  });

  it('a broken stream says the download was interrupted', async () => {
    slowServer(['\uFEFFa,b\r\n'], 'fail');
    renderExport(5);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download XLSX' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Download was interrupted. Please try again');
  });

  it('past the per-user download limit, says so instead of a generic failure', async () => {
    busyServer(EXPORT_LIMIT_MESSAGES.perUser);
    renderExport(5);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download CSV' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already have 2 downloads running. Wait for one to finish, then try again.',
    );
  });

  it('past the server’s download limit, says so in Vietnamese too', async () => {
    busyServer(EXPORT_LIMIT_MESSAGES.total);
    renderExport(5, 'vi');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tải XLSX' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Máy chủ đang bận với các lượt tải xuống khác. Vui lòng thử lại sau một phút.',
    );
  });
});
