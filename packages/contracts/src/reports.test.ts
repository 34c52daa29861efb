import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FORMULA_TRIGGERS,
  REPORTS,
  currencyHeader,
  hiddenReportColumns,
  neutraliseCell,
  parseSearchList,
  sanitizeSearchInput,
  validateReportRange,
} from './reports.js';

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** Characters a spreadsheet may skip before it looks for a formula (whitespace, control, zero-width). */
const isSkippable = (c: string) => {
  const code = c.codePointAt(0)!;
  return (
    /\s/.test(c) || code <= 0x1f || code === 0x7f || (code >= 0x200b && code <= 0x200d) || code === 0x2060
  );
};

describe('report catalogue (spec sections 1 and 5)', () => {
  it('has the seven reports with their categories', () => {
    expect(REPORTS.map((r) => r.reportName).sort()).toEqual(
      [
        'Demand Capture Report',
        'Inventory Status',
        'Order Loss Report',
        'Outlet Master',
        'Product Master',
        'Promotion Status',
        'Salesperson Visit Summary',
      ].sort(),
    );
    expect(REPORTS.filter((r) => r.reportCategory === 'masterreports').map((r) => r.key)).toEqual([
      'product-master',
      'outlet-master',
    ]);
  });
  it('gives each report the filters the spec lists', () => {
    const labels = Object.fromEntries(REPORTS.map((r) => [r.key, r.filters.map((f) => f.label)]));
    expect(labels).toMatchObject({
      'product-master': ['Item Code'],
      'salesperson-visit-summary': ['Outlet ID'],
      'promotion-status': ['Customer Code'],
      'demand-capture': ['SKU Id', 'Customer Code'],
      'order-loss': ['SKU Id', 'Customer Code'],
      'inventory-status': ['Item Code', 'Product Name'],
    });
  });
});

describe('search inputs (spec section 2)', () => {
  it('strips letters from customer codes except in the Order Loss Report', () => {
    expect(sanitizeSearchInput('customerCode', 'CU123, ab45', 'promotion-status')).toBe('123, 45');
    expect(sanitizeSearchInput('customerCode', 'CU123, ab45', 'order-loss')).toBe('CU123, ab45');
  });
  it('accepts anything in product names and keeps letters and digits elsewhere', () => {
    expect(sanitizeSearchInput('productName', 'Sữa & Co. 500ml')).toBe('Sữa & Co. 500ml');
    expect(sanitizeSearchInput('code', "IT-12'; DROP")).toBe('IT12DROP');
  });
  it('strips spaces and punctuation from code fields, between the commas of a list too', () => {
    expect(sanitizeSearchInput('code', 'A-1, B 2 ,c.3')).toBe('A1,B2,c3');
    expect(sanitizeSearchInput('code', ' VN 001 ,\tVN-002')).toBe('VN001,VN002');
  });
  it('never lets anything but letters, digits and commas through a code field', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(sanitizeSearchInput('code', s)).toMatch(/^[A-Za-z0-9,]*$/);
        expect(sanitizeSearchInput('customerCode', s, 'demand-capture')).toMatch(/^[0-9,\s]*$/);
      }),
    );
  });
  it('takes at most 10 comma-separated values', () => {
    expect(parseSearchList('a, b,,c ,a')).toEqual({ ok: true, values: ['a', 'b', 'c'] });
    const eleven = Array.from({ length: 11 }, (_, i) => `v${i}`).join(',');
    expect(parseSearchList(eleven).ok).toBe(false);
  });
});

describe('report date range (spec section 5)', () => {
  it('allows up to 60 calendar days from 1 Oct 2023', () => {
    expect(validateReportRange('2024-01-01', '2024-02-29')).toEqual({ ok: true, days: 60 });
    expect(validateReportRange('2024-01-01', '2024-03-01')).toMatchObject({ ok: false, rule: 'maxDays' });
    expect(validateReportRange('2023-09-30', '2023-10-05')).toMatchObject({ ok: false, rule: 'dataStart' });
    expect(validateReportRange('2024-02-10', '2024-02-01')).toMatchObject({ ok: false, rule: 'order' });
    expect(validateReportRange('2024-02-30', '2024-03-01')).toMatchObject({ ok: false, rule: 'format' });
    expect(validateReportRange('2026-11-01', '2026-11-25', '2026-11-21')).toMatchObject({
      ok: false,
      rule: 'future',
    });
  });
});

describe('exports', () => {
  it('neutralises cells that a spreadsheet would run', () => {
    for (const v of ['=SUM(A1)', '+1', '-A1', '@x', '\tx', '\rx']) expect(neutraliseCell(v)).toBe(`'${v}`);
    expect(neutraliseCell('plain')).toBe('plain');
  });
  it('never leaves a dangerous first character unless the cell is a plain number (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = neutraliseCell(s);
        return !/^[=+\-@\t\r]/.test(out) || /^-?\d+(\.\d+)?$/.test(out);
      }),
    );
  });
  it('keeps negative numbers as numbers but neutralises formulas that start with a minus', () => {
    expect(neutraliseCell('-6.18')).toBe('-6.18');
    expect(neutraliseCell('-2+3')).toBe("'-2+3");
    expect(neutraliseCell('-cmd|calc')).toBe("'-cmd|calc");
  });
  it('neutralises a line feed first, full-width and small triggers, and triggers after leading spaces', () => {
    const cases = [
      '\n=1+1',
      '\r\n@SUM(A1)',
      '\t=cmd',
      '＝1+1',
      '＋1',
      '－1',
      '＠SUM(A1)',
      '﹦1+1',
      '﹢1',
      '﹣1',
      '﹫x',
      '  =1+1',
      ' +1',
      ' \u00a0-A1',
      '\u3000=1+1',
      '\u200b=1+1',
      '\ufeff=1+1',
      '\u0000=1+1',
      ' ＝1+1',
    ];
    for (const v of cases) expect(neutraliseCell(v), JSON.stringify(v)).toBe(`'${v}`);
    for (const v of [' plain', 'a=b', '1-2', '-6.18', '42', 'Sữa 500ml', "'=x", 'x＝y'])
      expect(neutraliseCell(v), JSON.stringify(v)).toBe(v);
  });
  it('neutralises any trigger after any run of skippable characters (property)', () => {
    const skippable = fc.constantFrom(
      ' ',
      '\t',
      '\n',
      '\r',
      '\u00a0',
      '\u3000',
      '\u200b',
      '\ufeff',
      '\u0001',
    );
    const trigger = fc.constantFrom(...FORMULA_TRIGGERS);
    fc.assert(
      fc.property(fc.array(skippable, { maxLength: 5 }), trigger, fc.string(), (lead, first, rest) => {
        const value = lead.join('') + first + rest;
        return PLAIN_NUMBER.test(value) || neutraliseCell(value) === `'${value}`;
      }),
    );
  });
  it('leaves nothing a spreadsheet would run, changes nothing but a leading apostrophe (property)', () => {
    const unit = fc.oneof(
      fc.constantFrom(' ', '\t', '\n', '\r', '\u3000', '\u200b', '.', '1', '"', "'", ...FORMULA_TRIGGERS),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (s) => {
        const out = neutraliseCell(s);
        expect(out === s || out === `'${s}`).toBe(true);
        expect(neutraliseCell(out)).toBe(out);
        if (PLAIN_NUMBER.test(out)) return;
        expect(out).not.toMatch(/^[\t\r\n]/);
        const firstSeen = [...out].find((c) => !isSkippable(c)) ?? '';
        expect(FORMULA_TRIGGERS.includes(firstSeen) && firstSeen !== '').toBe(false);
      }),
    );
    // 100 runs take about 1 s; on a loaded machine (a full run) they outlasted vitest's 5 s default.
  }, 30_000);
  it('appends currency symbols for vn, ph, th and bd only', () => {
    expect(currencyHeader('Amount', 'vn')).toBe('Amount (₫)');
    expect(currencyHeader('Amount', 'bd')).toBe('Amount (TK)');
    expect(currencyHeader('Amount', 'id')).toBe('Amount');
  });
  it('hides isActive and dtSiteCode for bd', () => {
    expect(hiddenReportColumns('outlet-master', 'bd')).toEqual(['isActive']);
    expect(hiddenReportColumns('product-master', 'bd')).toEqual(['dtSiteCode']);
    expect(hiddenReportColumns('product-master', 'vn')).toEqual([]);
  });
});
