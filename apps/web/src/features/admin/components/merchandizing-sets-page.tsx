import {
  MERCH_DISPLAY_TEMPLATE_HEADERS,
  MERCH_DISPLAYS_IMPORT_KIND,
  MERCH_MAX_BYTES,
  MERCH_OUTLET_TEMPLATE_HEADERS,
  MERCH_OUTLETS_IMPORT_KIND,
  MERCH_SET_STATES,
  MERCH_SET_TEMPLATE_HEADERS,
  MERCH_SETS_IMPORT_KIND,
  type ImportKind,
  type MerchSetRow,
} from '@fieldforce/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { activityLogKey } from '../../../components/activity-log';
import { AdminFilters, AdminTableView } from '../../../components/admin-tool';
import type { DataTableColumn } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { Toast } from '../../../components/toast';
import { UploadDialog } from '../../../components/upload';
import { formatIsoDay, useI18n, type MessageKey } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import {
  exportMerchSets,
  merchKeys,
  useMerchSetFilters,
  useMerchSetPage,
  type MerchSetCriteria,
} from '../api/merchandizing';
import { AdminToolScreen } from './admin-tool-screen';
import { AddMerchImagesButton } from './merch-images-dialog';
import { MerchImageGallery } from './merch-images-gallery';
import { SetFormDialog } from './merchandizing-forms';
import { MerchSetView } from './merchandizing-set-view';
import './merchandizing.css';

const FIRST: MerchSetCriteria = {
  search: '',
  subRegion: '',
  buAssetType: '',
  state: '',
  page: 1,
  pageSize: 50,
  sort: '',
};

/** The audit actions of the tool (server modules/merchandizing/queries.ts AUDIT). */
const AUDIT_ACTIONS = [
  'merch.set.create',
  'merch.set.update',
  'merch.display.save',
  'merch.outlet.assign',
  'merch.outlet.remove',
  'merch.version.create',
  'merch.sets.import',
  'merch.displays.import',
  'merch.outlets.import',
] as const;

/** The three uploads of the page (the image zip is the merch images dialog's). */
const UPLOADS: ReadonlyArray<{
  kind: ImportKind;
  label: MessageKey;
  title: MessageKey;
  headers: readonly string[];
  template: string;
}> = [
  {
    kind: MERCH_SETS_IMPORT_KIND,
    label: 'merch.upload.sets',
    title: 'merch.upload.setsTitle',
    headers: MERCH_SET_TEMPLATE_HEADERS,
    template: 'merchandizing_sets_template.csv',
  },
  {
    kind: MERCH_DISPLAYS_IMPORT_KIND,
    label: 'merch.upload.displays',
    title: 'merch.upload.displaysTitle',
    headers: MERCH_DISPLAY_TEMPLATE_HEADERS,
    template: 'merchandizing_displays_template.csv',
  },
  {
    kind: MERCH_OUTLETS_IMPORT_KIND,
    label: 'merch.upload.outlets',
    title: 'merch.upload.outletsTitle',
    headers: MERCH_OUTLET_TEMPLATE_HEADERS,
    template: 'merchandizing_outlet_list_template.csv',
  },
];

/**
 * /merchandizingSets (only where the market's isCDA flag is on): the list of sets with the uploads and
 * the one-record form; a set's page is the same route with ?setId= (and &version= for an older one),
 * so the route table stays the spec's and the page can be bookmarked.
 */
export function MerchandizingSetsPage() {
  return <AdminToolScreen screen="merchandizingSets" flag="isCDA" View={MerchandizingView} />;
}

function MerchandizingView() {
  const country = useClientStore((s) => s.selectedCountryCode);
  const [params, setParams] = useSearchParams();
  const setId = params.get('setId');
  const versionText = params.get('version');
  const version = versionText && /^\d+$/.test(versionText) ? Number(versionText) : undefined;
  const open = (id: string | null, v?: number) => {
    const next = new URLSearchParams(params);
    if (id) next.set('setId', id);
    else next.delete('setId');
    if (v) next.set('version', String(v));
    else next.delete('version');
    setParams(next);
    if (id) track('adminView', { tool: 'merchandizingSets', setId: id });
  };
  if (setId) {
    return (
      <MerchSetView
        key={`${setId}`}
        country={country}
        setId={setId}
        version={version}
        onVersion={(v) => open(setId, v)}
        onBack={() => open(null)}
        images={<MerchImageGallery country={country} setId={setId} />}
        addImages={<AddMerchImagesButton country={country} setId={setId} />}
      />
    );
  }
  return <MerchSetList onOpen={(id) => open(id)} />;
}

function MerchSetList({ onOpen }: { onOpen(setId: string): void }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [criteria, setCriteria] = useState<MerchSetCriteria>(FIRST);
  const [draft, setDraft] = useState<MerchSetCriteria>(FIRST);
  const [dialog, setDialog] = useState<ImportKind | 'form' | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const ids = { sub: useId(), bu: useId(), state: useId() };
  const result = useMerchSetPage(country, criteria);
  const filters = useMerchSetFilters(country);
  const can = result.data?.can;
  // Sets, displays and images are market-wide: only admins of all the market's distributors define them
  // (the server refuses the others; the set page's answer says so as can.define).
  const marketWide = useClientStore((s) => s.dtScope === null);
  const define = Boolean(can?.edit) && marketWide;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: merchKeys.all(country) });
    void queryClient.invalidateQueries({ queryKey: activityLogKey('merchandizingSets', country) });
  };
  const day = (iso: string) => formatIsoDay(iso, language);

  const columns: DataTableColumn<MerchSetRow>[] = [
    {
      key: 'setId',
      header: t('merch.col.set'),
      sortable: true,
      cardTitle: true,
      cell: (row) => (
        <button
          type="button"
          className="link-button"
          aria-label={t('merch.openSet', { name: row.setName, setId: row.setId })}
          onClick={() => onOpen(row.setId)}
        >
          {row.setName} ({row.setId})
        </button>
      ),
    },
    { key: 'version', header: t('merch.col.version'), cell: (row) => row.version },
    {
      key: 'buAssetType',
      header: t('merch.field.buAssetType'),
      sortable: true,
      cell: (row) => row.buAssetType,
    },
    { key: 'subRegion', header: t('merch.field.subRegion'), sortable: true, cell: (row) => row.subRegion },
    {
      key: 'osaHurdle',
      header: t('merch.col.hurdles'),
      cell: (row) => `${row.osaHurdle} / ${row.facingsHurdle} / ${row.stockHurdle}\u00a0%`,
    },
    { key: 'goLive', header: t('merch.field.goLive'), sortable: true, cell: (row) => day(row.goLive) },
    { key: 'endDate', header: t('merch.field.endDate'), sortable: true, cell: (row) => day(row.endDate) },
    {
      key: 'state',
      header: t('merch.col.state'),
      cell: (row) => (
        <span className={`merch-state merch-state--${row.state}`}>
          {t(`merch.state.${row.state}` as MessageKey)}
        </span>
      ),
    },
    { key: 'displays', header: t('merch.col.displays'), cell: (row) => row.displays },
    { key: 'outlets', header: t('merch.col.outlets'), cell: (row) => row.outlets },
  ];

  const upload = UPLOADS.find((u) => u.kind === dialog);
  const select = (
    id: string,
    label: MessageKey,
    value: string,
    options: readonly string[],
    onChange: (value: string) => void,
    optionLabel: (value: string) => string = (v) => v,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t(label)}
      </label>
      <select
        id={id}
        className="field__control"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('merch.filter.all')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="admin-tool merch">
      <AdminFilters
        label={t('merch.filters')}
        onSubmit={() => {
          track('filter', { tool: 'merchandizingSets' });
          setCriteria((c) => ({ ...draft, page: 1, pageSize: c.pageSize, sort: c.sort }));
        }}
        onReset={() => {
          setDraft(FIRST);
          setCriteria((c) => ({ ...FIRST, pageSize: c.pageSize }));
        }}
        submitLabel={t('merch.apply')}
        resetLabel={t('merch.reset')}
      >
        <FormField
          className="admin-filters__search"
          label={t('merch.filter.search')}
          value={draft.search}
          maxLength={100}
          onChange={(event) => setDraft((d) => ({ ...d, search: event.target.value }))}
        />
        {select(ids.sub, 'merch.field.subRegion', draft.subRegion, filters.data?.subRegions ?? [], (v) =>
          setDraft((d) => ({ ...d, subRegion: v })),
        )}
        {select(ids.bu, 'merch.field.buAssetType', draft.buAssetType, filters.data?.buAssetTypes ?? [], (v) =>
          setDraft((d) => ({ ...d, buAssetType: v })),
        )}
        {select(
          ids.state,
          'merch.col.state',
          draft.state,
          MERCH_SET_STATES,
          (v) => setDraft((d) => ({ ...d, state: v as MerchSetCriteria['state'] })),
          (v) => t(`merch.state.${v}` as MessageKey),
        )}
      </AdminFilters>

      <AdminTableView<MerchSetRow>
        tool="merchandizingSets"
        country={country}
        result={result}
        paging={criteria}
        onPagingChange={(paging) => setCriteria((c) => ({ ...c, ...paging }))}
        caption={t('merch.caption')}
        columns={columns}
        rowKey={(row) => row.setId}
        refreshKey={merchKeys.all(country)}
        toolbar={
          <>
            {define ? (
              <button type="button" className="button button--primary" onClick={() => setDialog('form')}>
                {t('merch.action.newSet')}
              </button>
            ) : null}
            {can?.upload && marketWide ? <AddMerchImagesButton country={country} primary={false} /> : null}
            {can?.upload
              ? UPLOADS.filter((u) => marketWide || u.kind === MERCH_OUTLETS_IMPORT_KIND).map((u) => (
                  <button
                    key={u.kind}
                    type="button"
                    className="button button--ghost"
                    onClick={() => setDialog(u.kind)}
                  >
                    {t(u.label)}
                  </button>
                ))
              : null}
          </>
        }
        export={{
          fetchFile: (format, options) => exportMerchSets(country, criteria, format, language, options),
          fallbackName: (format) => `merchandizing-sets_${country}.${format}`,
        }}
        activity={{
          actionLabel: (action) =>
            (AUDIT_ACTIONS as readonly string[]).includes(action)
              ? t(`merch.audit.${action as (typeof AUDIT_ACTIONS)[number]}`)
              : undefined,
        }}
      />

      {upload ? (
        <UploadDialog
          kind={upload.kind}
          title={t(upload.title)}
          country={country}
          templateHeaders={upload.headers}
          templateName={upload.template}
          maxBytes={MERCH_MAX_BYTES}
          onEvent={(event) => track('upload', { tool: 'merchandizingSets', step: event, kind: upload.kind })}
          onClose={() => setDialog(null)}
          onApplied={() => {
            setToast(t('upload.success'));
            refresh();
          }}
        />
      ) : null}
      {dialog === 'form' ? (
        <SetFormDialog
          country={country}
          onClose={() => setDialog(null)}
          onSaved={(r) => {
            setDialog(null);
            setToast(r.changed ? t('merch.saved.set', { setId: r.setId }) : t('merch.unchanged'));
            refresh();
            if (r.created) onOpen(r.setId);
          }}
        />
      ) : null}
      <Toast message={toast} kind="success" onDone={() => setToast(null)} />
    </div>
  );
}
