import { describe, expect, it } from 'vitest';
import { fallbackFileName } from './download-rules';

describe('report file names', () => {
  it('names a file by report, market and range when the server did not', () => {
    expect(fallbackFileName('order-loss', 'vn', '2026-10-01', '2026-10-30', 'csv')).toBe(
      'order-loss_vn_2026-10-01_2026-10-30.csv',
    );
    expect(fallbackFileName('outlet-master', 'vn', '', '', 'xlsx')).toBe('outlet-master_vn.xlsx');
  });
});
