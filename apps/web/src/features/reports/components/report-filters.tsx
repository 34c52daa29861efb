import {
  parseSearchList,
  sanitizeSearchInput,
  SEARCH_LIST_CAP,
  type ReportDefinition,
  type ReportFilter,
} from '@fieldforce/contracts';
import { useId, useState, type FormEvent } from 'react';
import { DateRangePicker, useRangeMessage } from '../../../components/date-range-picker';
import { checkRange, quickRange } from '../../../components/date-range';
import { FormField } from '../../../components/form-field';
import { useDisclosure } from '../../../components/use-dismiss';
import { useT, type MessageKey } from '../../../lib/i18n';
import { formatDay } from '../format-cell';
import { DEFAULT_RANGE_DAYS, type AppliedReport } from '../report-params';

const FILTER_LABEL: Record<string, MessageKey> = {
  outletId: 'reports.filter.outletId',
  customerCode: 'reports.filter.customerCode',
  skuId: 'reports.filter.skuId',
  itemCode: 'reports.filter.itemCode',
  productName: 'reports.filter.productName',
};

/** The hint under a search field: what it keeps, as the shared rule does. */
function hintKey(filter: ReportFilter, report: ReportDefinition): MessageKey {
  if (filter.kind === 'productName') return 'reports.search.hintAnything';
  if (filter.kind === 'customerCode' && report.key !== 'order-loss') return 'reports.search.hintDigits';
  return 'reports.search.hintAlphanumeric';
}

/** The example in an empty search field. */
function placeholderKey(filter: ReportFilter, report: ReportDefinition): MessageKey {
  if (filter.kind === 'productName') return 'reports.search.placeholderText';
  if (filter.kind === 'customerCode' && report.key !== 'order-loss')
    return 'reports.search.placeholderDigits';
  return 'reports.search.placeholderCodes';
}

/** The shared rules applied as the person types: what a field keeps, and the 10-value cap. */
export function cleanSearchValue(filter: ReportFilter, report: ReportDefinition, raw: string): string {
  return sanitizeSearchInput(filter.kind, raw, report.key);
}

export function searchListTooLong(value: string): boolean {
  return !parseSearchList(value).ok;
}

/**
 * The range as one button ("25-Oct-26 – 23-Nov-26") that opens the date inputs and quick ranges
 * below it, as analytics tools do: the bar stays one line. Escape or a press outside closes it; a
 * range that breaks a rule keeps its message under the button and Apply disabled.
 */
function RangeField({
  range,
  today,
  onChange,
}: {
  range: { from: string; to: string };
  today: string;
  onChange(range: { from: string; to: string }): void;
}) {
  const t = useT();
  const labelId = useId();
  const { open, toggle, panelId, container, trigger } = useDisclosure({ closeOnSearch: false });
  const message = useRangeMessage(checkRange(range.from, range.to, today));
  return (
    <div className="report-range field" ref={container}>
      <span className="field__label" id={labelId}>
        {t('dateRange.legend')}
      </span>
      <button
        ref={trigger}
        type="button"
        className="report-range__button field__control"
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${labelId} ${panelId}-value`}
        aria-invalid={message ? true : undefined}
        onClick={toggle}
      >
        <span id={`${panelId}-value`}>
          {t('reports.filters.summaryRange', { from: formatDay(range.from), to: formatDay(range.to) })}
        </span>
        <span aria-hidden="true" className="report-range__chevron">
          {open ? '▲' : '▼'}
        </span>
      </button>
      {open ? (
        <div id={panelId} className="report-range__panel">
          <DateRangePicker from={range.from} to={range.to} today={today} onChange={onChange} />
        </div>
      ) : message ? (
        <p className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The filter bar: one or two rows on a laptop (range, quick ranges, search fields, Apply and Reset
 * side by side; the hints are read out with their fields and shown as examples); on a phone it folds
 * behind a "Filters" button that sums up what is applied. A report with neither a range nor a search
 * field (Outlet Master) has no bar.
 */
export function ReportFilters({
  report,
  applied,
  today,
  onApply,
  summary,
}: {
  report: ReportDefinition;
  applied: AppliedReport;
  today: string;
  onApply(next: AppliedReport): void;
  /** What is applied, in words, for the folded bar on a phone. */
  summary?: string;
}) {
  const t = useT();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState({ from: applied.from, to: applied.to });
  const [filters, setFilters] = useState<Record<string, string>>(applied.filters);

  const rangeOk = !report.dated || checkRange(range.from, range.to, today).ok;
  const listsOk = report.filters.every((f) => !searchListTooLong(filters[f.param] ?? ''));
  const canApply = rangeOk && listsOk;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canApply) return;
    onApply({ ...applied, ...range, filters, page: 1 });
  };

  const reset = () => {
    const fresh = report.dated ? quickRange(DEFAULT_RANGE_DAYS, today) : { from: '', to: '' };
    setRange(fresh);
    setFilters({});
    onApply({ ...applied, ...fresh, filters: {}, page: 1, sort: '' });
  };

  if (!report.dated && report.filters.length === 0) return null;

  return (
    <div className="report-filterbar" data-open={open}>
      <button
        type="button"
        className="report-filterbar__toggle button button--ghost"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="report-filterbar__title">{t('reports.filters.toggle')}</span>
        {summary ? <span className="report-filterbar__summary">{summary}</span> : null}
        <span aria-hidden="true" className="report-filterbar__chevron">
          {open ? '▲' : '▼'}
        </span>
      </button>
      <form id={formId} className="report-filters" onSubmit={submit} aria-label={t('reports.filters')}>
        {report.dated ? <RangeField range={range} today={today} onChange={setRange} /> : null}
        {report.filters.length > 0 ? (
          <div className="report-filters__fields">
            {report.filters.map((filter) => {
              const value = filters[filter.param] ?? '';
              return (
                <FormField
                  key={filter.param}
                  label={t(FILTER_LABEL[filter.param] ?? 'reports.filter.generic')}
                  hint={t(hintKey(filter, report))}
                  placeholder={t(placeholderKey(filter, report))}
                  error={
                    searchListTooLong(value) ? t('reports.search.tooMany', { max: SEARCH_LIST_CAP }) : null
                  }
                  value={value}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) =>
                    setFilters((current) => ({
                      ...current,
                      [filter.param]: cleanSearchValue(filter, report, event.target.value),
                    }))
                  }
                />
              );
            })}
          </div>
        ) : null}
        <div className="report-filters__actions">
          <button type="submit" className="button button--primary" disabled={!canApply}>
            {t('reports.apply')}
          </button>
          <button type="button" className="button button--ghost" onClick={reset}>
            {t('reports.reset')}
          </button>
        </div>
      </form>
    </div>
  );
}
