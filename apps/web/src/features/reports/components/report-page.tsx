import { LoadingStatus } from '../../../components/loading-status';
import {
  COUNTRIES,
  type ReportColumn,
  type ReportDefinition,
  type ReportPage as ReportPageData,
} from '@fieldforce/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { checkRange, todayIso } from '../../../components/date-range';
import { useRangeMessage } from '../../../components/date-range-picker';
import { PageLayout } from '../../../components/page-layout';
import { VirtualTable, type VirtualColumn } from '../../../components/virtual-table';
import { isApiError } from '../../../lib/api-client';
import { useT, type MessageKey } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { useReportPage } from '../api/get-report-page';
import { formatReportCell } from '../format-cell';
import {
  appliedFromParams,
  nextSort,
  PAGE_SIZES,
  paramsFromApplied,
  reportApiQuery,
  reportFromParams,
  type AppliedReport,
} from '../report-params';
import { ReportExport } from './report-export';
import { ReportFilters } from './report-filters';
import '../reports.css';

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
  const title = report?.reportName ?? params.get('reportName')?.trim() ?? t('page.reportPage.title');
  return (
    <PageLayout
      eyebrow={categoryKey ? t(categoryKey) : t('nav.reports')}
      title={title}
      lead={report?.dated === false ? t('reports.leadMaster') : t('page.reportPage.lead')}
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

function ReportView({ report }: { report: ReportDefinition }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const country = useClientStore((s) => s.selectedCountryCode);
  const timeZone = COUNTRIES[country].timeZone;
  const today = useMemo(() => todayIso(new Date(), timeZone), [timeZone]);
  const applied = appliedFromParams(report, params, today);
  const range = checkRange(applied.from, applied.to, today);
  const rangeOk = !report.dated || range.ok;
  const rangeMessage = useRangeMessage(range);
  const query = reportApiQuery(report, applied);
  const exportQuery = useMemo(
    () => reportApiQuery(report, applied, false),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report, JSON.stringify(reportApiQuery(report, applied, false))],
  );
  const result = useReportPage(report.key, country, query, rangeOk);

  const apply = (next: AppliedReport) => setParams(paramsFromApplied(report, next));
  const data = result.data;
  const sortValue = applied.sort || data?.sort || '';
  const sort = sortValue
    ? {
        key: sortValue.replace(/^-/, ''),
        direction: sortValue.startsWith('-') ? ('descending' as const) : ('ascending' as const),
      }
    : null;
  const columns = useMemo(() => tableColumns(data?.columns ?? [], timeZone, t), [data?.columns, timeZone, t]);
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.pageSize) : 0;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const formKey = `${report.key}|${applied.from}|${applied.to}|${JSON.stringify(applied.filters)}`;

  return (
    <div className="report">
      <ReportFilters key={formKey} report={report} applied={applied} today={today} onApply={apply} />
      {!rangeOk && rangeMessage ? (
        <p className="report-message report-message--error" role="alert">
          {rangeMessage}
        </p>
      ) : null}
      {result.isError ? <ReportError error={result.error} /> : null}
      {result.isPending && rangeOk ? <LoadingStatus label={t('reports.loading')} /> : null}
      {data ? (
        <section className="report-results" aria-label={t('reports.results')} aria-busy={result.isFetching}>
          <div className="report-toolbar">
            <p className="report-toolbar__count" role="status">
              {t('reports.rowCount', { total: data.total.toLocaleString('en-US') })}
            </p>
            <ReportExport
              reportKey={report.key}
              country={country}
              query={exportQuery}
              total={data.total}
              downloadCap={data.downloadCap}
            />
          </div>
          {data.total === 0 ? (
            <p className="report-empty">{t('reports.empty')}</p>
          ) : (
            <VirtualTable<Row>
              caption={t('reports.tableCaption', { report: report.reportName })}
              columns={columns}
              rows={data.rows}
              rowKey={(_row, index) => String(index)}
              sort={sort}
              onSort={(key) => apply({ ...applied, sort: nextSort(sortValue, key), page: 1 })}
              sortLabel={(header) => t('reports.sortBy', { column: header })}
              firstRowIndex={first}
              totalRows={data.total}
            />
          )}
          <nav className="report-pager" aria-label={t('reports.paging')}>
            <p className="report-pager__showing">
              {t('reports.showing', {
                first: first.toLocaleString('en-US'),
                last: last.toLocaleString('en-US'),
                total: data.total.toLocaleString('en-US'),
              })}
            </p>
            <label className="report-pager__size">
              <span>{t('reports.pageSize')}</span>
              <select
                className="field__control"
                value={applied.pageSize}
                onChange={(event) => apply({ ...applied, pageSize: Number(event.target.value), page: 1 })}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            <div className="report-pager__buttons">
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={data.page <= 1}
                onClick={() => apply({ ...applied, page: data.page - 1 })}
              >
                {t('reports.previous')}
              </button>
              <span>{t('reports.pageOf', { page: data.page, pages })}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={data.page >= pages}
                onClick={() => apply({ ...applied, page: data.page + 1 })}
              >
                {t('reports.next')}
              </button>
            </div>
          </nav>
        </section>
      ) : null}
    </div>
  );
}

function tableColumns(
  columns: readonly ReportColumn[],
  timeZone: string,
  t: ReturnType<typeof useT>,
): VirtualColumn<Row>[] {
  const yesNo = (value: boolean) => (value ? t('reports.yes') : t('reports.no'));
  return columns.map((column) => ({
    key: column.key,
    header: column.header,
    sortable: column.sortable,
    numeric: column.type === 'number' || column.type === 'amount',
    cell: (row: Row) => formatReportCell(row[column.key], column.type, timeZone, yesNo),
  }));
}

/** The server's refusal (a 400 names the rule that was broken), or the generic failure. */
function ReportError({ error }: { error: unknown }) {
  const t = useT();
  const messages =
    isApiError(error) && error.status >= 400 && error.status < 500
      ? [error.shortDescription, ...error.fields.map((f) => f.message)].filter(
          (m, i, all) => m && all.indexOf(m) === i,
        )
      : [];
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
