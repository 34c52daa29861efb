/**
 * Salesman Tracking (issue 14), opened from the operational reports on /reportpage
 * (?report=salesman-tracking; docs/decisions.md): the all-salesman map with the salesmen and stores tabs
 * and the sortable, searchable, exportable table; a salesman's day with the 25-point route and a replay.
 * What is shown (day, filters, tab, salesman) lives in the URL.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  COUNTRIES,
  REPORT_DOWNLOAD_CAP,
  TRACKING_STATUSES,
  type TrackingSalesmanRow,
  type TrackingStatus,
} from '@fieldforce/contracts';
import { DateInput } from '../../../components/date-input';
import { todayIso } from '../../../components/date-range';
import { DataTable, ExportButtons, type DataTableColumn } from '../../../components/data-table';
import { PageLayout } from '../../../components/page-layout';
import { matchesMedia } from '../../../components/use-media-query';
import { isApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { localizeFigure } from '../../../lib/i18n/locale-format';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import { exportTracking } from '../api/export-tracking';
import { useTrackingDay } from '../api/get-tracking-day';
import { useTrackingSalesmen } from '../api/get-tracking-salesmen';
import { useTrackingStores } from '../api/get-tracking-stores';
import { ReplayController } from '../replay';
import {
  dtOptions,
  filterSalesmen,
  filterStores,
  silentSalesmen,
  sortSalesmen,
  STATUS_COLOURS,
  type SortKey,
} from '../tracking-rules';
import { SalesmanDayPanel } from './salesman-day';
import '../tracking.css';

const TrackingMap = lazy(() => import('./tracking-map').then((m) => ({ default: m.TrackingMap })));

const PAGE_SIZE = 50;
/** Map and side panel stacked (tracking.css): the silent list starts closed there, as the salesmen are
 *  already listed above it and again in the table below. */
const STACKED = '(max-width: 959px)';
const time = (iso: string | null, timeZone: string) =>
  iso ? new Date(iso).toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }) : '--';

export function TrackingPage() {
  const { t, language } = useI18n();
  const dateId = useId();
  const country = useClientStore((s) => s.selectedCountryCode);
  const timeZone = COUNTRIES[country].timeZone;
  const [params, setParams] = useSearchParams();
  const today = todayIso(new Date(), timeZone);
  const date = params.get('date') ?? today;
  const selected = params.get('sm');
  const tab = params.get('tab') === 'stores' ? 'stores' : 'salesmen';
  const search = params.get('q') ?? '';
  const dtCode = params.get('dt') ?? '';
  const statusParam = params.get('status') ?? '';
  const filters = useMemo(
    () => ({
      search,
      dtCode,
      status: (TRACKING_STATUSES as readonly string[]).includes(statusParam)
        ? (statusParam as TrackingStatus)
        : ('' as const),
    }),
    [search, dtCode, statusParam],
  );
  const storeSearch = params.get('store') ?? '';
  const [sort, setSort] = useState<{ key: SortKey; direction: 'ascending' | 'descending' }>({
    key: 'name',
    direction: 'ascending',
  });
  const [page, setPage] = useState(1);
  // The salesman under the pointer or keyboard focus in the list: drawn apart on the map, never in a cluster.
  const [highlight, setHighlight] = useState<string | null>(null);
  const [silentOpen, setSilentOpen] = useState(() => !matchesMedia(STACKED));

  const salesmenQ = useTrackingSalesmen(country, date);
  const storesQ = useTrackingStores(country, date, true);
  const dayQ = useTrackingDay(country, selected, date);

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
    setPage(1);
  };

  // Usage events (spec section 7: salesman tracking screens).
  useEffect(() => {
    track('trackingView', { section: selected ? 'salesman' : tab, selectedSalesman: selected ?? '' });
  }, [selected, tab]);

  const rows = useMemo(() => salesmenQ.data?.salesmen ?? [], [salesmenQ.data]);
  const filtered = useMemo(() => filterSalesmen(rows, filters), [rows, filters]);
  const sorted = useMemo(() => sortSalesmen(filtered, sort.key, sort.direction), [filtered, sort]);
  const stores = useMemo(
    () => filterStores(storesQ.data?.stores ?? [], storeSearch, filters),
    [storesQ.data, storeSearch, filters],
  );
  const dts = useMemo(() => dtOptions(rows), [rows]);
  // The same filters as the list, the map and the table; the longest quiet first.
  const silent = useMemo(() => silentSalesmen(filtered), [filtered]);
  const noSignal = filtered.filter((r) => r.lat === null).length;

  const day = dayQ.data ?? null;
  const replay = useMemo(() => (day && day.track.length > 1 ? new ReplayController(day.track) : null), [day]);
  useEffect(() => () => replay?.dispose(), [replay]);

  const open = (smCode: string) => update({ sm: smCode });
  const km = (m: number) => localizeFigure((m / 1000).toFixed(1), language);

  const error = salesmenQ.error;
  if (error) {
    const refused = isApiError(error) && error.status === 403;
    return (
      <PageLayout eyebrow={t('nav.transactionalReports')} title={t('tracking.reportName')}>
        <p className="report-message report-message--error" role="alert">
          {refused ? t('tracking.refused') : t('tracking.loadFailed')}
        </p>
      </PageLayout>
    );
  }

  const columns: DataTableColumn<TrackingSalesmanRow>[] = [
    {
      key: 'name',
      header: t('tracking.col.name'),
      sortable: true,
      cell: (r) => (
        <button
          type="button"
          className="tracking-link"
          onClick={() => open(r.smCode)}
          aria-label={t('tracking.open', { name: r.name })}
        >
          {r.name}
        </button>
      ),
    },
    { key: 'smCode', header: t('tracking.col.smCode'), sortable: true, cell: (r) => r.smCode },
    { key: 'dtCode', header: t('tracking.col.dt'), sortable: true, cell: (r) => r.dtCode },
    {
      key: 'firstPingAt',
      header: t('tracking.col.firstPing'),
      sortable: true,
      cell: (r) => time(r.firstPingAt, timeZone),
    },
    {
      key: 'lastPingAt',
      header: t('tracking.col.lastPing'),
      sortable: true,
      cell: (r) => time(r.lastPingAt, timeZone),
    },
    {
      key: 'plannedVisits',
      header: t('tracking.col.planned'),
      sortable: true,
      numeric: true,
      cell: (r) => r.plannedVisits,
    },
    {
      key: 'actualVisits',
      header: t('tracking.col.visited'),
      sortable: true,
      numeric: true,
      cell: (r) => r.actualVisits,
    },
    {
      key: 'productiveCalls',
      header: t('tracking.col.productive'),
      sortable: true,
      numeric: true,
      cell: (r) => r.productiveCalls,
    },
    {
      key: 'distanceM',
      header: t('tracking.col.distance'),
      sortable: true,
      numeric: true,
      cell: (r) => t('tracking.km', { km: km(r.distanceM) }),
    },
    {
      key: 'status',
      header: t('tracking.col.status'),
      sortable: true,
      // The status with its dot, and a silent device as a small badge under it (not on the same line, where
      // 'Idle over an hour · Silent device' made the last column too wide to read at 1440 px).
      cell: (r) => (
        <span className="tracking-status">
          <span className="tracking-status__main">
            <span
              className="tracking-dot"
              style={{ background: STATUS_COLOURS[r.status] }}
              aria-hidden="true"
            />
            <span>{t(`tracking.status.${r.status}`)}</span>
          </span>
          {r.silent && r.status !== 'no-signal' ? (
            <span
              className="tracking-badge tracking-badge--silent"
              title={t('tracking.silentHint', { minutes: r.silentThresholdMin })}
            >
              <span className="visually-hidden">, </span>
              {t('tracking.silent')}
            </span>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <PageLayout
      eyebrow={t('nav.transactionalReports')}
      title={t('tracking.reportName')}
      lead={t('tracking.lead')}
    >
      <form
        className={tab === 'stores' ? 'tracking-filters tracking-filters--stores' : 'tracking-filters'}
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('tracking.reportName')}
      >
        <div className="tracking-field tracking-field--day">
          <label htmlFor={dateId}>{t('tracking.date')}</label>
          <DateInput
            id={dateId}
            value={date}
            max={today}
            live={false}
            onChange={(day) => {
              if (!day) return;
              update({ date: day === today ? null : day });
              track('dateSelection', { screen: 'tracking', date: day });
            }}
          />
        </div>
        <label className="tracking-field tracking-field--status">
          <span>{t('tracking.statusFilter')}</span>
          <select
            value={filters.status}
            onChange={(e) => {
              update({ status: e.target.value });
              track('filter', { screen: 'tracking', filterType: 'status' });
            }}
          >
            <option value="">{t('tracking.statusAll')}</option>
            {TRACKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`tracking.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="tracking-field tracking-field--dt">
          <span>{t('tracking.dt')}</span>
          <select
            value={filters.dtCode}
            onChange={(e) => {
              update({ dt: e.target.value });
              track('filter', { screen: 'tracking', filterType: 'dt' });
            }}
          >
            <option value="">{t('tracking.dtAll')}</option>
            {dts.map((d) => (
              <option key={d.code} value={d.code}>
                {d.code} · {d.name}
              </option>
            ))}
          </select>
        </label>
        <label className="tracking-field tracking-field--salesman">
          <span>{t('tracking.salesmanSearch')}</span>
          <input
            type="search"
            value={filters.search}
            placeholder={t('tracking.salesmanSearchHint')}
            onChange={(e) => update({ q: e.target.value })}
            onBlur={() => filters.search && track('filter', { screen: 'tracking', filterType: 'salesman' })}
          />
        </label>
        {tab === 'stores' && (
          <label className="tracking-field tracking-field--store">
            <span>{t('tracking.storeSearch')}</span>
            <input
              type="search"
              value={storeSearch}
              placeholder={t('tracking.storeSearchHint')}
              onChange={(e) => update({ store: e.target.value })}
              onBlur={() => storeSearch && track('filter', { screen: 'tracking', filterType: 'store' })}
            />
          </label>
        )}
        <button
          type="button"
          className="button button--ghost tracking-filters__reset"
          onClick={() => update({ q: null, dt: null, status: null, store: null })}
        >
          {t('tracking.reset')}
        </button>
      </form>

      <div className="tracking-layout">
        <div className="tracking-layout__map">
          <Suspense
            fallback={<div className="tracking-map tracking-map--loading">{t('common.loading')}</div>}
          >
            <TrackingMap
              market={country}
              styleUrl={salesmenQ.data ? salesmenQ.data.mapStyleUrl : undefined}
              salesmen={filtered}
              dataLoaded={salesmenQ.data !== undefined}
              stores={stores}
              showStores={tab === 'stores'}
              selected={selected ?? highlight}
              day={selected ? day : null}
              replay={selected ? replay : null}
              onSelect={open}
              label={day && selected ? t('tracking.mapDay', { name: day.salesman.name }) : t('tracking.map')}
            />
          </Suspense>
          <ul className="tracking-legend" aria-label={t('tracking.legend')}>
            {TRACKING_STATUSES.filter((s) => s !== 'no-signal').map((s) => (
              <li key={s}>
                <span className="tracking-dot" style={{ background: STATUS_COLOURS[s] }} aria-hidden="true" />
                {t(`tracking.status.${s}`)} ({filtered.filter((r) => r.status === s).length})
              </li>
            ))}
            <li>
              <span
                className="tracking-dot"
                style={{ background: STATUS_COLOURS['no-signal'] }}
                aria-hidden="true"
              />
              {t('tracking.noSignalOffMap', { count: noSignal })}
            </li>
          </ul>
        </div>

        <aside className="tracking-layout__side">
          {selected && day ? (
            <SalesmanDayPanel day={day} replay={replay} onBack={() => update({ sm: null })} />
          ) : selected && dayQ.isPending ? (
            <p role="status">{t('common.loading')}</p>
          ) : (
            <>
              <div className="tracking-tabs" role="tablist" aria-label={t('tracking.tabs')}>
                {(['salesmen', 'stores'] as const).map((key) => (
                  <button
                    key={key}
                    type="button"
                    role="tab"
                    id={`tracking-tab-${key}`}
                    aria-selected={tab === key}
                    aria-controls={`tracking-panel-${key}`}
                    className="tracking-tabs__tab"
                    onClick={() => update({ tab: key === 'stores' ? 'stores' : null })}
                  >
                    {key === 'salesmen'
                      ? t('tracking.tab.salesmen', { count: filtered.length })
                      : t('tracking.tab.stores', { count: stores.length })}
                  </button>
                ))}
              </div>
              {tab === 'salesmen' ? (
                <div
                  id="tracking-panel-salesmen"
                  role="tabpanel"
                  aria-labelledby="tracking-tab-salesmen"
                  className="tracking-panel"
                >
                  <ul className="tracking-list scroll-shadows">
                    {sorted.slice(0, 200).map((r) => (
                      <li key={r.smCode}>
                        <button
                          type="button"
                          className="tracking-list__item"
                          onClick={() => open(r.smCode)}
                          onMouseEnter={() => setHighlight(r.smCode)}
                          onMouseLeave={() => setHighlight(null)}
                          onFocus={() => setHighlight(r.smCode)}
                          onBlur={() => setHighlight(null)}
                        >
                          <span
                            className="tracking-dot"
                            style={{ background: STATUS_COLOURS[r.status] }}
                            aria-hidden="true"
                          />
                          <span className="tracking-list__name">{r.name}</span>
                          <span className="tracking-muted">
                            {r.smCode} · {t(`tracking.status.${r.status}`)}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                  <details
                    className="tracking-silent"
                    open={silentOpen}
                    onToggle={(e) => setSilentOpen(e.currentTarget.open)}
                  >
                    <summary className="tracking-silent__summary">
                      {t('tracking.silentList', { count: silent.length })}
                    </summary>
                    {silent.length === 0 ? (
                      <p className="tracking-muted">{t('tracking.silentNone')}</p>
                    ) : (
                      <p className="tracking-muted tracking-silent__note">{t('tracking.silentNote')}</p>
                    )}
                    {silent.length > 0 && (
                      <ol className="tracking-silent__list scroll-shadows">
                        {silent.map((r) => (
                          <li key={r.smCode}>
                            <button
                              type="button"
                              className="tracking-silent__item"
                              onClick={() => open(r.smCode)}
                              title={t('tracking.silentHint', { minutes: r.silentThresholdMin })}
                            >
                              <span>
                                <span className="tracking-list__name">{r.name}</span>{' '}
                                <span className="tracking-muted">{r.smCode}</span>
                              </span>
                              <span className="tracking-muted">
                                {t('tracking.lastPingAt', { time: time(r.lastPingAt, timeZone) })}
                              </span>
                            </button>
                          </li>
                        ))}
                      </ol>
                    )}
                  </details>
                </div>
              ) : (
                <div
                  id="tracking-panel-stores"
                  role="tabpanel"
                  aria-labelledby="tracking-tab-stores"
                  className="tracking-panel"
                >
                  {stores.length === 0 ? (
                    <p className="tracking-muted">
                      {storesQ.isPending ? t('common.loading') : t('tracking.storesEmpty')}
                    </p>
                  ) : (
                    <ul className="tracking-list scroll-shadows">
                      {stores.slice(0, 300).map((s) => (
                        <li key={`${s.outletCode}-${s.smCode}`}>
                          <button
                            type="button"
                            className="tracking-list__item"
                            onClick={() => open(s.smCode)}
                          >
                            <span
                              className={`tracking-dot tracking-dot--store${s.visited ? ' tracking-dot--visited' : ''}`}
                              aria-hidden="true"
                            />
                            <span className="tracking-list__name">{s.name}</span>
                            <span className="tracking-muted">
                              {s.outletCode} · {s.salesmanName} ·{' '}
                              {s.visited
                                ? s.verified === false
                                  ? t('tracking.store.unverified')
                                  : t('tracking.store.visited')
                                : t('tracking.store.notVisited')}
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </>
          )}
        </aside>
      </div>

      {!selected && (
        // The data table is its own landmark, named by its caption ('All salesmen'): no second one around it.
        <div className="tracking-table">
          <DataTable
            caption={t('tracking.table')}
            columns={columns}
            // Ten columns: the status (the last) read whole at 1440 and 1000 px.
            compact
            rows={sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
            rowKey={(r) => r.smCode}
            total={sorted.length}
            page={page}
            pageSize={PAGE_SIZE}
            onPageChange={setPage}
            sort={sort}
            onSort={(key) =>
              setSort((s) => ({
                key: key as SortKey,
                direction: s.key === key && s.direction === 'ascending' ? 'descending' : 'ascending',
              }))
            }
            busy={salesmenQ.isFetching}
            emptyText={salesmenQ.isPending ? t('common.loading') : t('tracking.empty')}
            narrowLayout="cards"
            toolbar={
              salesmenQ.data?.can.export ? (
                <ExportButtons
                  total={sorted.length}
                  downloadCap={REPORT_DOWNLOAD_CAP}
                  fallbackName={(format) => `salesman-tracking_${country}_${date}.${format}`}
                  fetchFile={(format, options) =>
                    exportTracking(
                      country,
                      date,
                      format,
                      language,
                      sorted.length < rows.length ? sorted.map((r) => r.smCode) : [],
                      options,
                    )
                  }
                  onSaved={(_, format) => track('download', { reportType: 'Salesman Tracking', format })}
                />
              ) : null
            }
          />
        </div>
      )}
    </PageLayout>
  );
}
