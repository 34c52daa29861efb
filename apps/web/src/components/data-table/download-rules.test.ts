import { REPORT_DOWNLOAD_CAP } from '@fieldforce/contracts';
import { describe, expect, it } from 'vitest';
import { countLineFeeds, estimateCsvRows, needsCapWarning } from './download-rules';

describe('export rules', () => {
  it('warns only when more rows match than the file holds', () => {
    expect(needsCapWarning(REPORT_DOWNLOAD_CAP + 1, REPORT_DOWNLOAD_CAP)).toBe(true);
    expect(needsCapWarning(REPORT_DOWNLOAD_CAP, REPORT_DOWNLOAD_CAP)).toBe(false);
    expect(needsCapWarning(0, REPORT_DOWNLOAD_CAP)).toBe(false);
  });

  it('estimates CSV rows from line feeds, without the header, at most the cap', () => {
    const chunk = new TextEncoder().encode('\uFEFFa,b\r\n1,2\r\n3,4\r\n');
    expect(countLineFeeds(chunk)).toBe(3);
    expect(estimateCsvRows(3, REPORT_DOWNLOAD_CAP)).toBe(2);
    expect(estimateCsvRows(0, REPORT_DOWNLOAD_CAP)).toBe(0);
    expect(estimateCsvRows(200_000, REPORT_DOWNLOAD_CAP)).toBe(REPORT_DOWNLOAD_CAP);
  });
});
