import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { I18nProvider, type Language } from '../../../lib/i18n';
import { ReportExport } from './report-export';

/** A server still preparing the file: the answer has not started. */
function preparingServer() {
  const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, deviceId: async () => 'd' });
}

function renderExport(total: number, language: Language = 'en') {
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

describe('download progress while the server prepares the file', () => {
  it('says how many rows are being prepared instead of "0 B received"', async () => {
    preparingServer();
    renderExport(1234);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download CSV' })));
    expect(await screen.findByText('Preparing 1,234 rows…')).toBeTruthy();
    expect(screen.queryByText(/0 B received/)).toBeNull();
  });

  it('in Vietnamese', async () => {
    preparingServer();
    renderExport(12, 'vi');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /XLSX/ })));
    expect(await screen.findByText('Đang chuẩn bị 12 dòng…')).toBeTruthy();
  });
});
