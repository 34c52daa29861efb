/**
 * The usage page's rules: who reads which markets, and the export file. The page belongs to Admin
 * Configuration (docs/decisions.md, "Usage page"), so its access is that tool's: admins of the market;
 * a Super User admin may also read another market or every market at once.
 */
import ExcelJS from 'exceljs';
import {
  COUNTRY_CODES,
  neutraliseCell,
  type CountryCode,
  type UsageExportQuery,
  type UsageOverview,
  type UsagePageQuery,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/export-limits.js';
import {
  assertAdminTool,
  isSuperUser,
  loadMarketSettings,
  type AdminAction,
} from '../../lib/policies/index.js';
import type { AuthUser } from '../../lib/policy.js';
import { csvLine, UTF8_BOM, XLSX_CONTENT_TYPE } from '../../lib/tables/export.js';
import type { UsageScope } from './queries.js';

export interface UsagePageScope extends UsageScope {
  can: { export: boolean; chooseMarket: boolean };
}

/**
 * The markets the caller may read for this request, or 403: `market=all` and a market other than the
 * selected one are a Super User's; the caller must be an admin (Admin Configuration) of the market
 * read (of the selected market for `all`). Export also needs downloads allowed (DownloadReports) in
 * every market read.
 */
export async function usagePageScope(
  q: Queryable,
  user: AuthUser,
  query: UsagePageQuery,
  action: Extract<AdminAction, 'view' | 'export'>,
): Promise<UsagePageScope> {
  const chooseMarket = isSuperUser(user);
  const wanted = query.market ?? query.countryCode;
  if (wanted !== query.countryCode && !chooseMarket) {
    throw forbidden('Only a Super User may read the usage of another market or of every market.');
  }
  const markets: readonly CountryCode[] = wanted === 'all' ? COUNTRY_CODES : [wanted];
  await assertAdminTool(q, user, wanted === 'all' ? query.countryCode : wanted, 'adminConfiguration', 'view');
  const settings = await Promise.all(markets.map((m) => loadMarketSettings(q, m)));
  const exportAllowed = settings.every((s) => s.flags.DownloadReports);
  if (action === 'export' && !exportAllowed) {
    throw forbidden('Downloads are turned off in this market (DownloadReports).');
  }
  return { markets, from: query.from, to: query.to, can: { export: exportAllowed, chooseMarket } };
}

const WORDS = {
  en: {
    headers: ['Section', 'Period start', 'Market', 'Role', 'Item', 'Detail', 'Value'],
    day: 'Daily active users',
    week: 'Weekly active users',
    month: 'Monthly active users',
    events: 'Events',
    screens: 'Screen opens',
    reports: 'Report views',
    downloads: 'Downloads',
    downloadRows: 'Rows downloaded',
    funnel: 'Upload funnel',
    uploadSteps: 'Upload steps',
    all: 'All',
    sheet: 'Usage',
    steps: { started: 'Started', previewed: 'Previewed', applied: 'Applied', failed: 'Failed' },
  },
  vi: {
    headers: ['Mục', 'Đầu kỳ', 'Thị trường', 'Vai trò', 'Nội dung', 'Chi tiết', 'Giá trị'],
    day: 'Người dùng hoạt động hằng ngày',
    week: 'Người dùng hoạt động hằng tuần',
    month: 'Người dùng hoạt động hằng tháng',
    events: 'Sự kiện',
    screens: 'Lượt mở màn hình',
    reports: 'Lượt xem báo cáo',
    downloads: 'Lượt tải xuống',
    downloadRows: 'Số dòng đã tải',
    funnel: 'Phễu tải lên',
    uploadSteps: 'Các bước tải lên',
    all: 'Tất cả',
    sheet: 'Sử dụng',
    steps: { started: 'Bắt đầu', previewed: 'Đã xem trước', applied: 'Đã áp dụng', failed: 'Thất bại' },
  },
} as const;

type Cell = string | number;

/** The page as one long table: section, period start, market, role, item, detail, value. */
export function usageExportRows(o: UsageOverview, lang: 'en' | 'vi'): Cell[][] {
  const w = WORDS[lang];
  const all = o.markets.length === 1 ? o.markets[0]! : w.all;
  const rows: Cell[][] = [];
  for (const period of ['day', 'week', 'month'] as const) {
    const s = o.active[period];
    s.buckets.forEach((start, i) => {
      rows.push([w[period], start, all, w.all, '', '', s.total[i] ?? 0]);
      for (const r of s.byRole)
        if (r.users[i]) rows.push([w[period], start, all, r.key, '', '', r.users[i]!]);
      if (o.markets.length > 1) {
        for (const m of s.byMarket)
          if (m.users[i]) rows.push([w[period], start, m.key, w.all, '', '', m.users[i]!]);
      }
    });
  }
  for (const e of o.events) rows.push([w.events, o.from, all, '', e.event, '', e.count]);
  for (const s of o.screens) rows.push([w.screens, o.from, all, '', s.screen, '', s.opens]);
  for (const r of o.reports) rows.push([w.reports, o.from, all, '', r.name, r.category, r.opens]);
  for (const d of o.downloads.items) {
    rows.push([w.downloads, o.from, all, '', d.item, d.format, d.downloads]);
    rows.push([w.downloadRows, o.from, all, '', d.item, d.format, d.rows]);
  }
  for (const step of ['started', 'previewed', 'applied', 'failed'] as const) {
    rows.push([w.funnel, o.from, all, '', w.all, w.steps[step], o.uploads.funnel[step]]);
    for (const k of o.uploads.byKind) rows.push([w.funnel, o.from, all, '', k.kind, w.steps[step], k[step]]);
  }
  for (const s of o.uploads.steps) rows.push([w.uploadSteps, o.from, all, '', s.tool, s.step, s.events]);
  return rows;
}

/** The CSV (UTF-8 with BOM, every text cell neutralised) or XLSX file of the page. */
export async function usageExportFile(
  o: UsageOverview,
  query: UsageExportQuery,
): Promise<{ body: Buffer | string; contentType: string; disposition: string }> {
  const w = WORDS[query.lang];
  const rows = usageExportRows(o, query.lang);
  const scope = o.markets.length === 1 ? o.markets[0]! : 'all';
  const name = `usage_${scope}_${o.from}_${o.to}`;
  if (query.format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(w.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = w.headers.map((header, i) => ({ header, key: String(i), width: i === 0 ? 32 : 18 }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) sheet.addRow(row.map((c) => (typeof c === 'number' ? c : neutraliseCell(c))));
    return {
      body: Buffer.from(await workbook.xlsx.writeBuffer()),
      contentType: XLSX_CONTENT_TYPE,
      disposition: attachmentDisposition(`${name}.xlsx`),
    };
  }
  const text =
    UTF8_BOM +
    csvLine(w.headers.map((h) => neutraliseCell(h))) +
    rows
      .map((row) => csvLine(row.map((c) => (typeof c === 'number' ? String(c) : neutraliseCell(c)))))
      .join('');
  return {
    body: text,
    contentType: 'text/csv; charset=utf-8',
    disposition: attachmentDisposition(`${name}.csv`),
  };
}
