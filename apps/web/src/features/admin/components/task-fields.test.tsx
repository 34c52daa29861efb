/**
 * A task row as the list shows it: its Where with the outlet types and subtypes in the reader's words
 * (they are stored in English, ';'-separated), its item codes separated by commas.
 */
import type { TaskRow } from '@fieldforce/contracts';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n';
import { taskItems, taskWhere } from './task-fields';

const row = (over: Partial<TaskRow> = {}): TaskRow => ({
  code: 'T000001',
  title: 'Cooler check',
  kind: 'displayCheck',
  status: 'open',
  locationCode: 'VNDT001S01',
  outletTypes: 'Grocery;Wet Market',
  outletSubtypes: 'Medium Grocery',
  itemCodes: '68007919;68015838',
  customers: 0,
  startDate: '2026-11-21',
  endDate: '2026-12-05',
  targets: 44,
  createdByName: null,
  createdAt: null,
  ...over,
});

describe('a task row in the list', () => {
  it('writes the outlet types and subtypes in Vietnamese for a Vietnamese reader', () => {
    const vi = (key: Parameters<typeof translate>[1], vars?: Parameters<typeof translate>[2]) =>
      translate('vi', key, vars);
    expect(taskWhere(row(), vi)).toBe('VNDT001S01 · Tạp hóa, Chợ truyền thống · Tạp hóa vừa');
  });

  it('keeps them in English for an English reader and counts named outlets', () => {
    const en = (key: Parameters<typeof translate>[1], vars?: Parameters<typeof translate>[2]) =>
      translate('en', key, vars);
    expect(taskWhere(row(), en)).toBe('VNDT001S01 · Grocery, Wet Market · Medium Grocery');
    expect(
      taskWhere(row({ locationCode: null, outletTypes: null, outletSubtypes: null, customers: 3 }), en),
    ).toBe('3 outlets');
    expect(
      taskWhere(row({ locationCode: null, outletTypes: null, outletSubtypes: null, customers: 1 }), en),
    ).toBe('1 outlet');
  });

  it('separates item codes with commas, a dash for none', () => {
    expect(taskItems(row())).toBe('68007919, 68015838');
    expect(taskItems(row({ itemCodes: null }))).toBe('—');
  });
});
