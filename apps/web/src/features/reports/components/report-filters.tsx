import {
  parseSearchList,
  sanitizeSearchInput,
  SEARCH_LIST_CAP,
  type ReportDefinition,
  type ReportFilter,
} from '@fieldforce/contracts';
import { useState, type FormEvent } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker';
import { checkRange, quickRange } from '../../../components/date-range';
import { FormField } from '../../../components/form-field';
import { useT, type MessageKey } from '../../../lib/i18n';
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

/** The shared rules applied as the person types: what a field keeps, and the 10-value cap. */
export function cleanSearchValue(filter: ReportFilter, report: ReportDefinition, raw: string): string {
  return sanitizeSearchInput(filter.kind, raw, report.key);
}

export function searchListTooLong(value: string): boolean {
  return !parseSearchList(value).ok;
}

export function ReportFilters({
  report,
  applied,
  today,
  onApply,
}: {
  report: ReportDefinition;
  applied: AppliedReport;
  today: string;
  onApply(next: AppliedReport): void;
}) {
  const t = useT();
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

  return (
    <form className="report-filters" onSubmit={submit} aria-label={t('reports.filters')}>
      {report.dated ? (
        <DateRangePicker from={range.from} to={range.to} today={today} onChange={setRange} />
      ) : null}
      {report.filters.length > 0 ? (
        <div className="report-filters__fields">
          {report.filters.map((filter) => {
            const value = filters[filter.param] ?? '';
            return (
              <FormField
                key={filter.param}
                label={t(FILTER_LABEL[filter.param] ?? 'reports.filter.generic')}
                hint={t(hintKey(filter, report))}
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
  );
}
