/**
 * Add Images on the web: the shared upload pre-check taking a .zip with section 8's messages (no
 * template header check), and the match report as the dialog shows it, in English and Vietnamese.
 */
import { IMPORT_MESSAGES, type MerchImageReport } from '@fieldforce/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { precheckFile } from '../../../components/upload';
import { importText } from '../../../components/upload/import-text';
import { I18nProvider, useT } from '../../../lib/i18n';
import { MERCH_IMAGE_UPLOAD } from '../api/merch-images';
import { ReportBody } from './merch-images-dialog';

const rules = {
  extensions: MERCH_IMAGE_UPLOAD.extensions,
  maxBytes: MERCH_IMAGE_UPLOAD.maxBytes,
  noSpacesInName: false,
  headers: [],
  messages: MERCH_IMAGE_UPLOAD.messages,
};
/** A file-like of `size` bytes without allocating them (the pre-check reads only the name, size and start). */
const fileOf = (name: string, size: number) => {
  const blob = new Blob([new Uint8Array(16)]);
  return Object.defineProperties(blob, {
    name: { value: name },
    size: { value: size },
  }) as Blob & { name: string };
};

describe('the upload pre-check with a zip', () => {
  it('refuses another extension and a file over 100 MB with the spec messages, passes a zip without a header check', async () => {
    expect(await precheckFile(fileOf('images.rar', 10), rules)).toEqual({
      ok: false,
      code: 'MERCH_ZIP_ONLY',
    });
    expect(await precheckFile(fileOf('My images.zip', 101 * 1024 * 1024), rules)).toEqual({
      ok: false,
      code: 'MERCH_ZIP_TOO_LARGE',
    });
    expect(await precheckFile(fileOf('My images.ZIP', 10), rules)).toEqual({ ok: true });
    expect(IMPORT_MESSAGES.MERCH_ZIP_ONLY).toBe('Only .zip files are allowed.');
    expect(IMPORT_MESSAGES.MERCH_ZIP_TOO_LARGE).toBe('The file size exceeds 100 MB.');
  });
});

const report: MerchImageReport = {
  jobId: 'job-1',
  state: 'rejected',
  progress: { done: 0, total: null },
  message: { code: 'MERCH_ZIP_UNKNOWN_DISPLAYS', message: IMPORT_MESSAGES.MERCH_ZIP_UNKNOWN_DISPLAYS },
  originalName: 'images.zip',
  entries: 2,
  stored: 0,
  replaced: 0,
  problems: [{ name: 'NOPE9.jpg', problem: 'unknownDisplay' }],
  problemCount: 1,
  imagesWithoutDisplay: ['NOPE9.jpg'],
  displaysWithoutImage: [{ displayId: 'D002', displayName: 'Cooler side', setId: 'S1' }],
  displaysWithoutImageCount: 1,
  setId: 'S1',
};

function Report({ code }: { code?: string }) {
  const t = useT();
  return (
    <>
      {code ? <p>{importText(t, code)}</p> : null}
      <ReportBody report={report} t={t} />
    </>
  );
}

describe('the match report', () => {
  it('lists the images at fault, the images without a display and the displays without an image', () => {
    render(
      <I18nProvider language="en">
        <Report code="MERCH_ZIP_UNKNOWN_DISPLAYS" />
      </I18nProvider>,
    );
    expect(screen.getByText('Some images have unknown Display IDs')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Match report' })).toBeTruthy();
    expect(screen.getByText('Images that match no display (1)')).toBeTruthy();
    expect(screen.getByText('Displays still without an image (1)')).toBeTruthy();
    expect(screen.getAllByText('NOPE9.jpg')).toHaveLength(2);
    expect(screen.getByText(/Cooler side/)).toBeTruthy();
  });

  it('reads in Vietnamese', () => {
    render(
      <I18nProvider language="vi">
        <Report code="MERCH_ZIP_UNKNOWN_DISPLAYS" />
      </I18nProvider>,
    );
    expect(screen.getByText('Một số hình ảnh có mã kệ không xác định')).toBeTruthy();
    expect(screen.getByText('Kệ chưa có hình (1)')).toBeTruthy();
  });
});
