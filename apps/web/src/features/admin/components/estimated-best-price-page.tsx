import {
  BEST_PRICE_IMPORT_KIND,
  BEST_PRICE_MAX_BYTES,
  BEST_PRICE_TEMPLATE_HEADERS,
  currencyHeader,
  SEARCH_LIST_MAX,
  type BestPriceRow,
} from '@fieldforce/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { activityLogKey } from '../../../components/activity-log';
import { AdminFilters, AdminTableView, useChangedAt } from '../../../components/admin-tool';
import { CountdownPopup } from '../../../components/countdown-popup';
import type { DataTableColumn } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import {
  CodeListField,
  FlagFilterField,
  FormField,
  parseCodeList,
  SelectField,
} from '../../../components/form-field';
import { formatIsoDay, useI18n, useT } from '../../../lib/i18n';
import { dataWord, dataWordChoices } from '../../../lib/i18n/terms';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import {
  bestPriceKeys,
  exportBestPrice,
  recomputeBestPrices,
  saveBestPrice,
  useBestPriceFilters,
  useBestPricePage,
  type BestPriceCriteria,
} from '../api/best-price';
import { AdminToolScreen } from './admin-tool-screen';
import './estimated-best-price.css';

const FIRST: BestPriceCriteria = {
  itemCodes: [],
  outletType: '',
  flagged: '',
  overridden: '',
  page: 1,
  pageSize: 50,
  sort: '',
};

type Popup = { kind: 'success' | 'failure'; message: string };

/** A positive amount with at most 2 decimals, or null when the text is not one. */
export function parsePrice(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

/** /estimatedbestprice: the recommended selling price per item and outlet type, with overrides. */
export function EstimatedBestPricePage() {
  return <AdminToolScreen screen="estimatedBestPrice" View={BestPriceView} />;
}

function BestPriceView() {
  const t = useT();
  const { language } = useI18n();
  const queryClient = useQueryClient();
  const changedAt = useChangedAt();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [criteria, setCriteria] = useState<BestPriceCriteria>(FIRST);
  const [search, setSearch] = useState('');
  const [outletType, setOutletType] = useState('');
  const [flagged, setFlagged] = useState<BestPriceCriteria['flagged']>('');
  const [overridden, setOverridden] = useState<BestPriceCriteria['overridden']>('');
  const [editing, setEditing] = useState<BestPriceRow | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [recomputing, setRecomputing] = useState(false);

  const result = useBestPricePage(country, criteria);
  const outletTypes = useBestPriceFilters(country).data?.choices?.filter_outlet_type ?? [];
  const can = result.data?.can;
  const values = parseCodeList(search);
  const tooMany = values.length > SEARCH_LIST_MAX;
  const money = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const price = (v: number | null) => (v === null ? t('bestPrice.none') : money.format(v));

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: bestPriceKeys.all(country) });
    void queryClient.invalidateQueries({ queryKey: activityLogKey('estimatedBestPrice', country) });
  };
  const apply = () => {
    if (tooMany) return;
    setCriteria((c) => ({ ...c, itemCodes: values, outletType, flagged, overridden, page: 1 }));
  };
  const reset = () => {
    setSearch('');
    setOutletType('');
    setFlagged('');
    setOverridden('');
    setCriteria((c) => ({ ...FIRST, pageSize: c.pageSize }));
  };
  const recompute = async () => {
    setRecomputing(true);
    try {
      const done = await recomputeBestPrices(country);
      setPopup({ kind: 'success', message: t('bestPrice.recomputed', { count: done.estimates }) });
      refresh();
    } catch {
      setPopup({ kind: 'failure', message: t('bestPrice.recomputeFailed') });
    } finally {
      setRecomputing(false);
    }
  };

  const columns: DataTableColumn<BestPriceRow>[] = [
    {
      key: 'itemCode',
      header: t('bestPrice.col.item'),
      sortable: true,
      cardTitle: true,
      // The name may wrap (the column would otherwise take a third of the table), the code beside it muted.
      cell: (row) => (
        <span className="best-price__item">
          {row.itemName} <span className="best-price__code">({row.itemCode})</span>
        </span>
      ),
    },
    {
      key: 'outletType',
      header: t('bestPrice.col.outletType'),
      sortable: true,
      cell: (row) => dataWord(row.outletType, t),
    },
    {
      key: 'bestPrice',
      header: currencyHeader(t('bestPrice.col.best'), country),
      numeric: true,
      cell: (row) => <strong>{price(row.bestPrice)}</strong>,
    },
    {
      key: 'estimatedPrice',
      header: currencyHeader(t('bestPrice.col.estimated'), country),
      numeric: true,
      cell: (row) => price(row.estimatedPrice),
    },
    {
      key: 'spreadPct',
      header: t('bestPrice.col.spread'),
      sortable: true,
      numeric: true,
      cell: (row) => (
        <span className={row.flagged === 1 ? 'geo-badge geo-badge--on' : undefined}>
          {percent.format(row.spreadPct / 100)}
          {row.flagged === 1 ? ` · ${t('bestPrice.wide')}` : ''}
        </span>
      ),
    },
    {
      key: 'invoices',
      header: t('bestPrice.col.invoices'),
      sortable: true,
      numeric: true,
      cell: (row) => row.invoices,
    },
    {
      key: 'overridePrice',
      header: currencyHeader(t('bestPrice.col.override'), country),
      // The price, and under it, smaller, when and by whom (one long line pushed the actions out of view).
      cell: (row) =>
        row.overridePrice === null ? (
          '—'
        ) : (
          <span className="best-price__override">
            <span>{money.format(row.overridePrice)}</span>
            <span className="best-price__by">{changedAt(row.overriddenAt, row.overriddenByName)}</span>
          </span>
        ),
    },
    {
      key: 'actions',
      header: t('bestPrice.col.actions'),
      actions: true,
      cell: (row) =>
        can?.edit ? (
          <button
            type="button"
            className="button button--ghost"
            aria-label={t('bestPrice.editLabel', {
              item: `${row.itemName} (${row.itemCode})`,
              type: dataWord(row.outletType, t),
            })}
            onClick={() => setEditing(row)}
          >
            {t('bestPrice.edit')}
          </button>
        ) : null,
    },
    { key: 'computedAt', header: t('bestPrice.col.computed'), cell: (row) => changedAt(row.computedAt) },
  ];

  const describeOverride = (s: Record<string, unknown> | null) => {
    const v = s?.['overridePrice'];
    return typeof v === 'number' ? money.format(v) : t('bestPrice.noOverride');
  };

  return (
    <div className="admin-tool">
      <AdminFilters
        label={t('bestPrice.filters')}
        onSubmit={apply}
        onReset={reset}
        submitLabel={t('bestPrice.apply')}
        resetLabel={t('bestPrice.reset')}
        submitDisabled={tooMany}
      >
        <CodeListField
          className="admin-filters__search"
          label={t('bestPrice.search')}
          value={search}
          onChange={setSearch}
          max={SEARCH_LIST_MAX}
          hint={t('bestPrice.searchHint', { max: SEARCH_LIST_MAX })}
          tooManyText={t('bestPrice.searchTooMany', { max: SEARCH_LIST_MAX })}
          placeholder="SKU001, SKU002"
        />
        <SelectField
          label={t('bestPrice.outletType')}
          allLabel={t('bestPrice.outletTypeAll')}
          value={outletType}
          options={dataWordChoices(outletTypes, t, language).map((c) => ({ code: c.value, name: c.label }))}
          withCode={false}
          onChange={setOutletType}
        />
        <FlagFilterField
          label={t('bestPrice.flagged')}
          value={flagged}
          onChange={setFlagged}
          allLabel={t('bestPrice.flaggedAll')}
          onLabel={t('bestPrice.flaggedOn')}
          offLabel={t('bestPrice.flaggedOff')}
        />
        <FlagFilterField
          label={t('bestPrice.overridden')}
          value={overridden}
          onChange={setOverridden}
          allLabel={t('bestPrice.overriddenAll')}
          onLabel={t('bestPrice.overriddenOn')}
          offLabel={t('bestPrice.overriddenOff')}
        />
      </AdminFilters>

      <AdminTableView<BestPriceRow>
        tool="estimatedBestPrice"
        country={country}
        result={result}
        paging={criteria}
        onPagingChange={(paging) => setCriteria((c) => ({ ...c, ...paging }))}
        caption={t('bestPrice.caption')}
        columns={columns}
        rowKey={(row) => `${row.itemCode}|${row.outletType}`}
        refreshKey={bestPriceKeys.all(country)}
        toolbar={
          can?.edit ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={recomputing}
              aria-busy={recomputing}
              onClick={() => void recompute()}
            >
              {t('bestPrice.recompute')}
            </button>
          ) : null
        }
        upload={{
          kind: BEST_PRICE_IMPORT_KIND,
          label: t('bestPrice.upload'),
          title: t('bestPrice.uploadTitle'),
          templateHeaders: BEST_PRICE_TEMPLATE_HEADERS,
          templateName: 'estimated_best_price_template.csv',
          maxBytes: BEST_PRICE_MAX_BYTES,
        }}
        export={{
          fetchFile: (format, options) => exportBestPrice(country, criteria, format, language, options),
          fallbackName: (format) => `estimated-best-price_${country}.${format}`,
        }}
        activity={{
          actionLabel: (action) =>
            ({
              'bestPrice.override': t('bestPrice.action.override'),
              'bestPrice.import': t('bestPrice.action.import'),
              'bestPrice.recompute': t('bestPrice.action.recompute'),
            })[action],
          describe: (entry) => {
            if (entry.action === 'bestPrice.override')
              return t('bestPrice.change', {
                from: describeOverride(entry.before),
                to: describeOverride(entry.after),
              });
            const estimates = entry.after?.['estimates'];
            const asOf = entry.after?.['asOf'];
            if (entry.action === 'bestPrice.recompute' && typeof estimates === 'number')
              return t('bestPrice.recomputeChange', {
                count: money.format(estimates),
                asOf: typeof asOf === 'string' ? formatIsoDay(asOf, language) : '—',
              });
            return undefined;
          },
        }}
      />

      {editing ? (
        <OverrideDialog
          row={editing}
          formatPrice={price}
          onClose={() => setEditing(null)}
          onSave={async (next) => {
            try {
              await saveBestPrice(country, {
                itemCode: editing.itemCode,
                outletType: editing.outletType,
                price: next,
              });
              track('save', { tool: 'estimatedBestPrice', count: 1 });
              setPopup({
                kind: 'success',
                message:
                  next === null
                    ? t('bestPrice.cleared', {
                        item: editing.itemName,
                        itemCode: editing.itemCode,
                        type: dataWord(editing.outletType, t),
                      })
                    : t('bestPrice.saved', {
                        item: editing.itemName,
                        itemCode: editing.itemCode,
                        type: dataWord(editing.outletType, t),
                        price: money.format(next),
                      }),
              });
            } catch {
              setPopup({ kind: 'failure', message: t('bestPrice.saveFailed') });
            }
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
      {popup ? (
        <CountdownPopup kind={popup.kind} message={popup.message} onClose={() => setPopup(null)} />
      ) : null}
    </div>
  );
}

/** One item and outlet type's override: a price, or back to the estimate. */
export function OverrideDialog({
  row,
  formatPrice,
  onClose,
  onSave,
}: {
  row: BestPriceRow;
  formatPrice(v: number | null): string;
  onClose(): void;
  onSave(price: number | null): Promise<void>;
}) {
  const t = useT();
  const [text, setText] = useState(row.overridePrice === null ? '' : String(row.overridePrice));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (next: number | null) => {
    if (next === row.overridePrice) return setError(t('bestPrice.unchanged'));
    setSaving(true);
    await onSave(next);
    setSaving(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return void save(null);
    const next = parsePrice(text);
    if (next === null) return setError(t('bestPrice.priceInvalid'));
    setError(null);
    void save(next);
  };

  return (
    <Dialog title={t('bestPrice.editTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <dl className="best-price__facts">
          <dt>{t('bestPrice.col.item')}</dt>
          <dd>
            {row.itemName} <span className="best-price__code">({row.itemCode})</span>
          </dd>
          <dt>{t('bestPrice.col.outletType')}</dt>
          <dd>{dataWord(row.outletType, t)}</dd>
          <dt>{t('bestPrice.col.estimated')}</dt>
          <dd>{formatPrice(row.estimatedPrice)}</dd>
          <dt>{t('bestPrice.current')}</dt>
          <dd>
            {row.overridePrice === null ? t('bestPrice.noOverrideYet') : formatPrice(row.overridePrice)}
          </dd>
        </dl>
        <FormField
          label={t('bestPrice.price')}
          hint={t('bestPrice.priceHint')}
          error={error}
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
            {t('bestPrice.save')}
          </button>
          {row.overridePrice !== null ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={saving}
              onClick={() => void save(null)}
            >
              {t('bestPrice.clear')}
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('bestPrice.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
