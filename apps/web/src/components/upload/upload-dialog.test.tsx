import type { ImportJob } from '@fieldforce/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { Preview } from './upload-dialog';

const job = (preview: ImportJob['preview']): ImportJob => ({
  jobId: 'j1',
  kind: 'salesmanDeviceId',
  originalName: 'devices.csv',
  storedName: 'devices_20261125.csv',
  state: 'validated',
  progress: { done: 3, total: 3 },
  preview,
  result: null,
  message: null,
  originalFileId: 'f1',
  errorFileId: 'f2',
  createdAt: '2026-11-25T10:00:00Z',
  can: { apply: false, downloadErrors: true },
});

const error = (row: number) => ({
  row,
  header: 'Device ID',
  code: 'DEVICE_ID_REQUIRED',
  message: 'x',
  params: {},
});

function show(preview: ImportJob['preview']) {
  return render(
    <I18nProvider language="en">
      <Preview
        job={job(preview)}
        failure={null}
        onApply={() => {}}
        onDownloadErrors={() => {}}
        onAgain={() => {}}
      />
    </I18nProvider>,
  );
}

describe('upload preview', () => {
  it('counts the rows with errors apart from the errors (a row may have several)', () => {
    show({
      rows: 3,
      create: 0,
      update: 0,
      unchanged: 0,
      errorCount: 4,
      errorRows: 2,
      errors: [2, 2, 3, 3].map(error),
    });
    const counts = screen.getByText('Rows with errors').parentElement!;
    expect(within(counts).getByText('2')).toBeTruthy();
    expect(screen.getByText('Errors found: 4, all listed below.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'First errors' })).getAllByRole('row')).toHaveLength(5);
  });

  it('says how many of all the errors the table shows, and where the rest are', () => {
    show({
      rows: 90,
      create: 0,
      update: 0,
      unchanged: 0,
      errorCount: 80,
      errorRows: 80,
      errors: [2, 3].map(error),
    });
    expect(screen.getByText('The first 2 of 80 errors. The file with errors lists every one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the file with errors' })).toBeTruthy();
  });

  it('an older preview without the row count shows the error count', () => {
    show({ rows: 3, create: 0, update: 0, unchanged: 0, errorCount: 1, errors: [error(2)] });
    expect(within(screen.getByText('Rows with errors').parentElement!).getByText('1')).toBeTruthy();
  });
});
