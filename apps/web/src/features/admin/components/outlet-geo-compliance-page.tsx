import {
  OUTLET_GEO_IMPORT_KIND,
  OUTLET_GEO_MAX_BYTES,
  OUTLET_GEO_TEMPLATE_HEADERS,
  type OutletGeoChange,
  type OutletGeoRow,
} from '@fieldforce/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { activityLogKey } from '../../../components/activity-log';
import {
  AdminTableView,
  ChangeListBar,
  OutletFilters,
  StatusSwitch,
  useChangedAt,
  useOutletFilterDraft,
} from '../../../components/admin-tool';
import { CountdownPopup } from '../../../components/countdown-popup';
import type { DataTableColumn } from '../../../components/data-table';
import { ConfirmDialog } from '../../../components/dialog';
import { FlagFilterField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { useI18n, useT } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import {
  exportOutletGeo,
  outletGeoKeys,
  saveOutletGeo,
  useOutletGeoFilters,
  useOutletGeoPage,
  type OutletGeoCriteria,
} from '../api/outlet-geo-compliance';
import { applyGeoToggle, confirmBody, refusedOutlets, shownGeo } from '../outlet-geo-rules';
import { siteLabel } from '../outlet-status-rules';
import { AdminToolScreen } from './admin-tool-screen';

const FIRST: OutletGeoCriteria = {
  dtCode: '',
  dtSiteCode: '',
  outletCodes: [],
  geo: '',
  page: 1,
  pageSize: 50,
  sort: '',
};

/** /outletGeoCompliance (spec section 2); a market without the tool (th) goes to admin configuration. */
export function OutletGeoCompliancePage() {
  return <AdminToolScreen screen="outletGeoCompliance" flag="outletGeoCompliance" View={OutletGeoView} />;
}

function OutletGeoView() {
  const t = useT();
  const { language } = useI18n();
  const queryClient = useQueryClient();
  const changedAt = useChangedAt();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [criteria, setCriteria] = useState<OutletGeoCriteria>(FIRST);
  const draft = useOutletFilterDraft();
  const [geo, setGeo] = useState<OutletGeoCriteria['geo']>('');
  const [changes, setChanges] = useState<OutletGeoChange[]>([]);
  const [pending, setPending] = useState<OutletGeoRow | null>(null);
  const [confirmSave, setConfirmSave] = useState(false);
  const [popup, setPopup] = useState<{ kind: 'success' | 'failure'; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const filters = useOutletGeoFilters(country);
  const result = useOutletGeoPage(country, criteria);
  const canEdit = result.data?.can.edit ?? false;

  const apply = () => {
    const { dtCode, dtSiteCode, codes } = draft;
    setCriteria((c) => ({ ...c, dtCode, dtSiteCode, geo, outletCodes: codes, page: 1 }));
  };
  const reset = () => {
    draft.clear();
    setGeo('');
    setCriteria((c) => ({ ...FIRST, pageSize: c.pageSize }));
  };

  /** A toggle of a row not yet in the list asks first (the outlet-level confirmation); a second one undoes it. */
  const toggle = useCallback(
    (row: OutletGeoRow) => {
      if (changes.some((c) => c.outletCode === row.outletCode))
        setChanges((list) => applyGeoToggle(row, list));
      else setPending(row);
    },
    [changes],
  );
  const confirmToggle = () => {
    if (pending) setChanges((list) => applyGeoToggle(pending, list));
    setPending(null);
  };

  const save = async () => {
    setConfirmSave(false);
    setSaving(true);
    try {
      await saveOutletGeo(country, changes);
      track('save', { tool: 'outletGeoCompliance', count: changes.length });
      setPopup({
        kind: 'success',
        message: t(changes.length === 1 ? 'outletGeo.savedOne' : 'outletGeo.saved', {
          count: changes.length,
        }),
      });
      setChanges([]);
      await queryClient.invalidateQueries({ queryKey: outletGeoKeys.all(country) });
      await queryClient.invalidateQueries({ queryKey: activityLogKey('outletGeoCompliance', country) });
    } catch (error) {
      const refused = error instanceof ApiError ? refusedOutlets(error.fields, changes) : [];
      setPopup({
        kind: 'failure',
        message:
          refused.length > 0
            ? `${t('import.STATUS_SAVE_FAILED')} ${t('outletGeo.refused', { outlets: refused.join(', ') })}`
            : t('import.STATUS_SAVE_FAILED'),
      });
    } finally {
      setSaving(false);
    }
  };

  const onCount = changes.filter((c) => c.geoCompliance === 1).length;
  const columns: DataTableColumn<OutletGeoRow>[] = [
    {
      key: 'outletCode',
      header: t('outletGeo.col.outletCode'),
      sortable: true,
      cell: (row) => row.outletCode,
    },
    {
      key: 'outletName',
      header: t('outletGeo.col.outletName'),
      sortable: true,
      cardTitle: true,
      cell: (row) => row.outletName,
    },
    {
      key: 'geoCompliance',
      header: t('outletGeo.col.check'),
      sortable: true,
      actions: true,
      cell: (row) => {
        const on = shownGeo(row, changes) === 1;
        const changed = changes.some((c) => c.outletCode === row.outletCode);
        return (
          <StatusSwitch
            on={on}
            label={t('outletGeo.toggle', { outlet: row.outletCode })}
            onText={t('outletGeo.on')}
            offText={t('outletGeo.off')}
            changedText={changed ? t('outletGeo.changed') : null}
            disabled={!canEdit || saving}
            onToggle={() => toggle(row)}
          />
        );
      },
    },
    {
      key: 'dtCode',
      header: t('outletGeo.col.dt'),
      sortable: true,
      cell: (row) => `${row.dtName} (${row.dtCode})`,
    },
    {
      key: 'dtSiteCode',
      header: t('outletGeo.col.site'),
      sortable: true,
      cell: (row) => siteLabel(row),
    },
    {
      key: 'salesmanName',
      header: t('outletGeo.col.salesman'),
      cell: (row) => (row.salesmanName ? `${row.salesmanName} (${row.salesmanCode ?? ''})` : '—'),
    },
    {
      key: 'updatedAt',
      header: t('outletGeo.col.updated'),
      cell: (row) => changedAt(row.updatedAt, row.updatedByName),
    },
  ];

  const word = (value: unknown) =>
    value === 1 ? t('outletGeo.logOn') : value === 0 ? t('outletGeo.logOff') : undefined;

  return (
    <div className="admin-tool">
      <OutletFilters
        words="outletGeo"
        draft={draft}
        options={filters.data}
        onSubmit={apply}
        onReset={reset}
        placeholder="3100000001, 3100000002"
      >
        <FlagFilterField
          label={t('outletGeo.check')}
          value={geo}
          onChange={setGeo}
          allLabel={t('outletGeo.checkAll')}
          onLabel={t('outletGeo.checkOn')}
          offLabel={t('outletGeo.checkOff')}
        />
      </OutletFilters>

      <ChangeListBar
        count={changes.length}
        text={t(changes.length === 1 ? 'outletGeo.changesOne' : 'outletGeo.changes', {
          count: changes.length,
        })}
        clearLabel={t('outletGeo.clear')}
        saveLabel={t('outletGeo.save')}
        onClear={() => setChanges([])}
        onSave={() => setConfirmSave(true)}
        busy={saving}
      />

      <AdminTableView<OutletGeoRow>
        tool="outletGeoCompliance"
        country={country}
        result={result}
        paging={criteria}
        onPagingChange={(paging) => setCriteria((c) => ({ ...c, ...paging }))}
        caption={t('outletGeo.caption')}
        columns={columns}
        rowKey={(row) => row.outletCode}
        rowClassName={(row) =>
          changes.some((c) => c.outletCode === row.outletCode) ? 'admin-row--changed' : undefined
        }
        refreshKey={outletGeoKeys.all(country)}
        upload={{
          kind: OUTLET_GEO_IMPORT_KIND,
          label: t('outletGeo.upload'),
          title: t('outletGeo.uploadTitle'),
          templateHeaders: OUTLET_GEO_TEMPLATE_HEADERS,
          templateName: 'outlet_geo_compliance_template.csv',
          maxBytes: OUTLET_GEO_MAX_BYTES,
        }}
        export={{
          fetchFile: (format, options) => exportOutletGeo(country, criteria, format, language, options),
          fallbackName: (format) => `outlet_geo_compliance_${country}.${format}`,
          label: t('outletGeo.export'),
        }}
        activity={{
          actionLabel: (action) =>
            action === 'outlet.geo.update'
              ? t('outletGeo.action.update')
              : action === 'outlet.geo.import'
                ? t('outletGeo.action.import')
                : undefined,
          describe: (entry) => {
            const from = word(entry.before?.geoCompliance);
            const to = word(entry.after?.geoCompliance);
            return from && to ? t('outletStatus.change', { from, to }) : undefined;
          },
        }}
      />

      {pending ? (
        <ConfirmDialog
          title={t(pending.geoCompliance === 1 ? 'outletGeo.disableTitle' : 'outletGeo.enableTitle')}
          confirmLabel={t(pending.geoCompliance === 1 ? 'outletGeo.disable' : 'outletGeo.enable')}
          danger={pending.geoCompliance === 1}
          onConfirm={confirmToggle}
          onCancel={() => setPending(null)}
        >
          <p>
            {t(pending.geoCompliance === 1 ? 'outletGeo.disableBody' : 'outletGeo.enableBody', {
              outlet: pending.outletCode,
              name: pending.outletName,
            })}
          </p>
        </ConfirmDialog>
      ) : null}
      {confirmSave ? (
        <ConfirmDialog
          title={t('outletGeo.confirmTitle')}
          confirmLabel={t('outletGeo.save')}
          onConfirm={() => void save()}
          onCancel={() => setConfirmSave(false)}
          busy={saving}
        >
          <p>{confirmBody(t, onCount, changes.length - onCount)}</p>
        </ConfirmDialog>
      ) : null}
      {popup ? (
        <CountdownPopup kind={popup.kind} message={popup.message} onClose={() => setPopup(null)} />
      ) : null}
    </div>
  );
}
