import { LoadingStatus } from '../../../components/loading-status';
import {
  COUNTRIES,
  type ReportColumn,
  type ReportDefinition,
  type ReportPage as ReportPageData,
  type ReportTotals,
} from '@fieldforce/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { checkRange, todayIso } from '../../../components/date-range';
import { useRangeMessage } from '../../../components/date-range-picker';
import {
  DataTable,
  nextSort,
  parseSort,
  useHiddenColumns,
  type DataTableColumn,
  type DataTableFooter,
} from '../../../components/data-table';
import { PageLayout } from '../../../components/page-layout';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessages } from '../../../lib/server-messages';
import { useI18n, useT, type Language, type MessageKey } from '../../../lib/i18n';
import { useMarketFlags } from '../../../lib/market-flags';
import { useClientStore } from '../../../lib/store';
import { useReportPage } from '../api/get-report-page';
import { useReportTotals } from '../api/get-report-totals';
import { formatAmount, formatDay, formatNumber, formatReportCell, type CellFormat } from '../format-cell';
import { columnHeader, reportNameKey } from '../report-names';
import { valueLabelKey } from '../value-labels';
import {
  appliedFromParams,
  hiddenColumnsKey,
  PAGE_SIZES,
  paramsFromApplied,
  reportApiQuery,
  reportFromParams,
  type AppliedReport,
} from '../report-params';
import { ReportExport } from './report-export';
import { ReportFilters } from './report-filters';
import '../reports.css';
import { track } from '../../../lib/usage';

const CATEGORY_LABEL: Record<string, MessageKey> = {
  transactionalreports: 'nav.transactionalReports',
  masterreports: 'nav.masterReports',
};

type Row = ReportPageData['rows'][number];

/** /reportpage?report=<key>&reportName=...&reportCategory=...: one report with filters, table and exports. */
export function ReportPage() {
  const t = useT();
  const [params] = useSearchParams();
  const report = reportFromParams(params);
  const categoryKey = CATEGORY_LABEL[report?.reportCategory ?? params.get('reportCategory') ?? ''];
  const title = report
    ? t(reportNameKey(report.key))
    : (params.get('reportName')?.trim() ?? t('page.reportPage.title'));
  return (
    <PageLayout
      eyebrow={categoryKey ? t(categoryKey) : t('nav.reports')}
      title={title}
      lead={
        report?.dated === false
          ? // A master report without search fields (Outlet Master) promises no search.
            t(report.filters.length > 0 ? 'reports.leadMaster' : 'reports.leadMasterBrowse')
          : t('page.reportPage.lead')
      }
    >
      {report ? (
        <ReportView key={report.key} report={report} />
      ) : (
        <p className="report-message report-message--error" role="alert">
          {t('reports.unknown')}
        </p>
      )}
    </PageLayout>
  );
}

/** Number locale of the reader's language (vi: 1.234.567). */
const NUMBER_LOCALE: Record<Language, string> = { en: 'en-US', vi: 'vi-VN' };

/** The table's scroll height: 480 px, more on a tall screen (what is left below the filter bar). */
function useTableHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return Math.max(480, height - 420);
}

function ReportView({ report }: { report: ReportDefinition }) {
  const t = useT();
  const { language } = useI18n();
  const [params, setParams] = useSearchParams();
  const country = useClientStore((s) => s.selectedCountryCode);
  const timeZone = COUNTRIES[country].timeZone;
  // The market's flags as the server holds them (admin configuration): `sortable` (off in pk) turns column
  // sorting off (docs/decisions.md); `DownloadReports` off removes the export buttons (the server refuses
  // export calls too).
  const { flags } = useMarketFlags(country);
  const sortable = flags.sortable;
  const today = useMemo(() => todayIso(new Date(), timeZone), [timeZone]);
  const fromUrl = appliedFromParams(report, params, today);
  const applied = sortable ? fromUrl : { ...fromUrl, sort: '' };
  const range = checkRange(applied.from, applied.to, today);
  const rangeOk = !report.dated || range.ok;
  const rangeMessage = useRangeMessage(range);
  const query = reportApiQuery(report, applied);
  const exportQuery = useMemo(
    () => reportApiQuery(report, applied, false),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report, JSON.stringify(reportApiQuery(report, applied, false))],
  );
  const totalsQuery = useMemo(() => {
    const { sort: _sort, ...rest } = exportQuery;
    return rest;
  }, [exportQuery]);
  const result = useReportPage(report.key, country, query, rangeOk);
  // The totals are asked for once the page has come: the embedded database answers one query at a
  // time, so asking both at once could make the first rows wait for the sums.
  const pageReady = result.isSuccess && !result.isPlaceholderData;
  const totals = useReportTotals(report.key, country, totalsQuery, rangeOk && pageReady);
  const [hidden, setHidden] = useHiddenColumns(hiddenColumnsKey(report.key));
  const tableHeight = useTableHeight();

  const apply = (next: AppliedReport) => {
    // Usage: a new date range and new filter values are separate events (spec section 7).
    if (next.from !== applied.from || next.to !== applied.to) {
      track('dateSelection', { reportType: report.key, from: next.from, to: next.to });
    }
    const filters = Object.entries(next.filters).filter(([, value]) => value);
    if (JSON.stringify(next.filters) !== JSON.stringify(applied.filters) && filters.length > 0) {
      track('filter', {
        reportType: report.key,
        filterType: filters.map(([key]) => key).join(','),
      });
    }
    setParams(paramsFromApplied(report, next));
  };
  const data = result.data;
  const sortValue = sortable ? applied.sort || data?.sort || '' : '';
  const sort = parseSort(sortValue);
  const format = useMemo<CellFormat>(
    () => ({
      timeZone,
      currency: COUNTRIES[country].currencyCode,
      locale: NUMBER_LOCALE[language],
      yesNo: (value: boolean) => (value ? t('reports.yes') : t('reports.no')),
    }),
    [timeZone, country, language, t],
  );
  const allColumns = useMemo(() => data?.columns ?? [], [data?.columns]);
  const columns = useMemo(
    () => tableColumns(allColumns, format, t, sortable),
    [allColumns, format, t, sortable],
  );
  const number = (n: number) => formatNumber(n, NUMBER_LOCALE[language]);
  const formKey = `${report.key}|${applied.from}|${applied.to}|${JSON.stringify(applied.filters)}`;
  const searchCount = Object.values(applied.filters).filter((v) => v.trim()).length;
  const summary = [
    report.dated
      ? t('reports.filters.summaryRange', { from: formatDay(applied.from), to: formatDay(applied.to) })
      : '',
    searchCount > 0 ? t('reports.filters.summaryCount', { count: searchCount }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const footer = data
    ? totalsFooter(
        allColumns,
        // Sums of the previous filters are never shown beside new rows.
        totals.isPlaceholderData ? undefined : totals.data,
        totals.isError,
        format,
        t,
        number,
      )
    : null;

  return (
    <div className="report">
      <ReportFilters
        key={formKey}
        report={report}
        applied={applied}
        today={today}
        onApply={apply}
        summary={summary}
      />
      {!rangeOk && rangeMessage ? (
        <p className="report-message report-message--error" role="alert">
          {rangeMessage}
        </p>
      ) : null}
      {result.isError ? <ReportError error={result.error} /> : null}
      {result.isPending && rangeOk ? <LoadingStatus label={t('reports.loading')} /> : null}
      {data ? (
        <DataTable<Row>
          label={t('reports.results')}
          caption={t('reports.tableCaption', { report: t(reportNameKey(report.key)) })}
          columns={columns}
          rows={data.rows}
          rowKey={(_row, index) => String(index)}
          total={data.total}
          page={data.page}
          pageSize={applied.pageSize}
          pageSizes={PAGE_SIZES}
          onPageChange={(page) => apply({ ...applied, page })}
          onPageSizeChange={(pageSize) => apply({ ...applied, pageSize, page: 1 })}
          sort={sort}
          onSort={
            sortable ? (key) => apply({ ...applied, sort: nextSort(sortValue, key), page: 1 }) : undefined
          }
          hidden={hidden}
          onHiddenChange={setHidden}
          toolbar={
            flags.DownloadReports ? (
              <ReportExport
                reportKey={report.key}
                country={country}
                query={exportQuery}
                total={data.total}
                downloadCap={data.downloadCap}
              />
            ) : null
          }
          notice={sortable ? null : t('reports.sortingOff')}
          busy={result.isFetching}
          footer={footer}
          maxHeight={tableHeight}
          // Reports are wide and read-only: on phones the table scrolls in its box (issue 10), every
          // cell a plain cell, long pages virtualised at 40 px rows, long texts cut at 320 px.
          narrowLayout="scroll"
          virtualRowHeight={40}
          rowHeaders={false}
          pinFirstColumn={false}
          cellMaxWidth={320}
        />
      ) : null}
    </div>
  );
}

/**
 * The totals row: the summed columns' figures over the whole filtered result (the totals call), a
 * waiting or failed note meanwhile. None for a report without summed columns (the master reports):
 * their row count is already in the toolbar.
 */
function totalsFooter(
  columns: readonly ReportColumn[],
  totals: ReportTotals | undefined,
  failed: boolean,
  format: CellFormat,
  t: ReturnType<typeof useT>,
  number: (n: number) => string,
): DataTableFooter | null {
  if (totals && Object.keys(totals.totals).length === 0) return null;
  if (!totals && !failed && columns.every((c) => c.type !== 'number' && c.type !== 'amount')) return null;
  const label = totals ? (
    <span title={t('reports.totals.rows', { total: number(totals.total) })}>{t('reports.totals.label')}</span>
  ) : (
    <span>{t(failed ? 'reports.totals.failed' : 'reports.totals.loading')}</span>
  );
  return {
    label,
    cell: (key: string) => {
      const value = totals?.totals[key];
      if (value === undefined) return null;
      const column = columns.find((c) => c.key === key);
      return column?.type === 'amount'
        ? formatAmount(value, format.currency, format.locale)
        : formatNumber(value, format.locale);
    },
  };
}

function tableColumns(
  columns: readonly ReportColumn[],
  format: CellFormat,
  t: ReturnType<typeof useT>,
  sortable: boolean,
): DataTableColumn<Row>[] {
  return columns.map((column) => {
    const label = (value: string) => {
      const key = valueLabelKey(column.key, value);
      return key ? t(key) : undefined;
    };
    return {
      key: column.key,
      header: columnHeader(column, t),
      sortable: sortable && column.sortable,
      numeric: column.type === 'number' || column.type === 'amount',
      cell: (row: Row) => formatReportCell(row[column.key], column.type, { ...format, label }),
    };
  });
}

/** The server's refusal (a 400 names the rule that was broken), or the generic failure. */
function ReportError({ error }: { error: unknown }) {
  const t = useT();
  // Each rule the server names, in the reader's language (lib/server-messages).
  const messages =
    isApiError(error) && error.status >= 400 && error.status < 500 ? apiErrorMessages(error, t) : [];
  return (
    <div className="report-message report-message--error" role="alert">
      <p>{t('reports.error')}</p>
      {messages.length > 0 ? (
        <ul>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
