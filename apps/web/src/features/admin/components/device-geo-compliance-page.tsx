import {
  DEVICE_GEO_IMPORT_KIND,
  DEVICE_GEO_MAX_BYTES,
  DEVICE_GEO_TEMPLATE_HEADERS,
  GEO_RADIUS_MAX_M,
  GEO_RADIUS_MIN_M,
  SEARCH_LIST_MAX,
  type DeviceGeoRow,
} from '@fieldforce/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { activityLogKey } from '../../../components/activity-log';
import { AdminFilters, AdminTableView, useChangedAt } from '../../../components/admin-tool';
import { CountdownPopup } from '../../../components/countdown-popup';
import type { DataTableColumn } from '../../../components/data-table';
import { ConfirmDialog, Dialog } from '../../../components/dialog';
import { CodeListField, FlagFilterField, parseCodeList, SelectField } from '../../../components/form-field';
import { useI18n, useT } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import {
  deviceGeoKeys,
  exportDeviceGeo,
  saveDeviceGeo,
  useDeviceGeoFilters,
  useDeviceGeoPage,
  type DeviceGeoCriteria,
} from '../api/device-geo-compliance';
import './devices.css';
import { AdminToolScreen } from './admin-tool-screen';

const FIRST: DeviceGeoCriteria = { dtCode: '', smCodes: [], geo: '', page: 1, pageSize: 50, sort: '' };

type Popup = { kind: 'success' | 'failure'; message: string };

/** /devicegeocompliance: per salesman device, the geo-compliance check and its radius. */
export function DeviceGeoCompliancePage() {
  return <AdminToolScreen screen="deviceGeoCompliance" View={DeviceGeoView} />;
}

function DeviceGeoView() {
  const t = useT();
  const { language } = useI18n();
  const queryClient = useQueryClient();
  const changedAt = useChangedAt();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [criteria, setCriteria] = useState<DeviceGeoCriteria>(FIRST);
  const [dtCode, setDtCode] = useState('');
  const [geo, setGeo] = useState<DeviceGeoCriteria['geo']>('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<DeviceGeoRow | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);

  const filters = useDeviceGeoFilters(country);
  const result = useDeviceGeoPage(country, criteria);
  const can = result.data?.can;
  const values = parseCodeList(search);
  const tooMany = values.length > SEARCH_LIST_MAX;

  const apply = () => {
    if (tooMany) return;
    setCriteria((c) => ({ ...c, dtCode, geo, smCodes: values, page: 1 }));
  };
  const reset = () => {
    setDtCode('');
    setGeo('');
    setSearch('');
    setCriteria((c) => ({ ...FIRST, pageSize: c.pageSize }));
  };

  const columns: DataTableColumn<DeviceGeoRow>[] = [
    { key: 'smCode', header: t('deviceGeo.col.smCode'), sortable: true, cell: (row) => row.smCode },
    {
      key: 'salesmanName',
      header: t('deviceGeo.col.salesman'),
      sortable: true,
      cardTitle: true,
      cell: (row) => row.salesmanName,
    },
    {
      key: 'deviceId',
      header: t('deviceGeo.col.deviceId'),
      cell: (row) =>
        row.deviceId ? (
          <code className="device-id">{row.deviceId}</code>
        ) : (
          <span className="device-id device-id--none">{t('deviceGeo.noDevice')}</span>
        ),
    },
    {
      key: 'geoCompliance',
      header: t('deviceGeo.col.check'),
      sortable: true,
      cell: (row) => (
        <span className={row.geoCompliance === 1 ? 'geo-badge geo-badge--on' : 'geo-badge'}>
          {t(row.geoCompliance === 1 ? 'deviceGeo.on' : 'deviceGeo.off')}
        </span>
      ),
    },
    {
      key: 'radiusM',
      header: t('deviceGeo.col.radius'),
      sortable: true,
      cell: (row) => t('deviceGeo.metres', { radius: row.radiusM }),
    },
    {
      key: 'actions',
      header: t('deviceGeo.col.actions'),
      actions: true,
      cell: (row) =>
        can?.edit ? (
          // The same compact row button as Salesman Device ID's Update (44 px on touch screens).
          <span className="device-actions">
            <button
              type="button"
              className="button button--ghost"
              aria-label={t('deviceGeo.editLabel', { salesman: `${row.salesmanName} (${row.smCode})` })}
              onClick={() => setEditing(row)}
            >
              {t('deviceGeo.edit')}
            </button>
          </span>
        ) : null,
    },
    {
      key: 'dtCode',
      header: t('deviceGeo.col.dt'),
      sortable: true,
      cell: (row) => `${row.dtName} (${row.dtCode})`,
    },
    {
      key: 'updatedAt',
      header: t('deviceGeo.col.updated'),
      cell: (row) => changedAt(row.updatedAt, row.updatedByName),
    },
  ];

  const word = (v: unknown) => (v === 1 ? t('deviceGeo.logOn') : v === 0 ? t('deviceGeo.logOff') : undefined);
  const describeSetting = (s: Record<string, unknown> | null) => {
    const check = word(s?.['geoCompliance']);
    return check && typeof s?.['radiusM'] === 'number'
      ? `${check}, ${t('deviceGeo.metres', { radius: s['radiusM'] })}`
      : undefined;
  };

  return (
    <div className="admin-tool device-tool">
      <AdminFilters
        label={t('deviceGeo.filters')}
        onSubmit={apply}
        onReset={reset}
        submitLabel={t('deviceGeo.apply')}
        resetLabel={t('deviceGeo.reset')}
        submitDisabled={tooMany}
      >
        <SelectField
          label={t('deviceGeo.dtCode')}
          allLabel={t('deviceGeo.all')}
          value={dtCode}
          options={filters.data?.dtCodes ?? []}
          onChange={setDtCode}
        />
        <FlagFilterField
          label={t('deviceGeo.check')}
          value={geo}
          onChange={setGeo}
          allLabel={t('deviceGeo.checkAll')}
          onLabel={t('deviceGeo.checkOn')}
          offLabel={t('deviceGeo.checkOff')}
        />
        <CodeListField
          className="admin-filters__search"
          label={t('deviceGeo.search')}
          value={search}
          onChange={setSearch}
          max={SEARCH_LIST_MAX}
          hint={t('deviceGeo.searchHint', { max: SEARCH_LIST_MAX })}
          tooManyText={t('deviceGeo.searchTooMany', { max: SEARCH_LIST_MAX })}
          placeholder="SM00001, SM00002"
        />
      </AdminFilters>

      <AdminTableView<DeviceGeoRow>
        tool="deviceGeoCompliance"
        country={country}
        result={result}
        paging={criteria}
        onPagingChange={(paging) => setCriteria((c) => ({ ...c, ...paging }))}
        caption={t('deviceGeo.caption')}
        columns={columns}
        rowKey={(row) => row.smCode}
        refreshKey={deviceGeoKeys.all(country)}
        upload={{
          kind: DEVICE_GEO_IMPORT_KIND,
          label: t('deviceGeo.upload'),
          title: t('deviceGeo.uploadTitle'),
          templateHeaders: DEVICE_GEO_TEMPLATE_HEADERS,
          templateName: 'device_geo_compliance_template.csv',
          maxBytes: DEVICE_GEO_MAX_BYTES,
        }}
        export={{
          fetchFile: (format, options) => exportDeviceGeo(country, criteria, format, language, options),
          fallbackName: (format) => `device-geo-compliance_${country}.${format}`,
        }}
        activity={{
          actionLabel: (action) =>
            ({
              'device.geo.update': t('deviceGeo.action.update'),
              'device.geo.import': t('deviceGeo.action.import'),
            })[action],
          describe: (entry) => {
            const from = describeSetting(entry.before);
            const to = describeSetting(entry.after);
            return from && to ? t('deviceGeo.change', { from, to }) : undefined;
          },
        }}
      />

      {editing ? (
        <EditGeoDialog
          row={editing}
          onClose={() => setEditing(null)}
          onDone={(next) => {
            setEditing(null);
            setPopup(next);
            void queryClient.invalidateQueries({ queryKey: deviceGeoKeys.all(country) });
            void queryClient.invalidateQueries({ queryKey: activityLogKey('deviceGeoCompliance', country) });
          }}
        />
      ) : null}
      {popup ? (
        <CountdownPopup kind={popup.kind} message={popup.message} onClose={() => setPopup(null)} />
      ) : null}
    </div>
  );
}

/** One device's check and radius, then a confirmation naming what will change. */
function EditGeoDialog({
  row,
  onClose,
  onDone,
}: {
  row: DeviceGeoRow;
  onClose(): void;
  onDone(popup: Popup): void;
}) {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [required, setRequired] = useState(row.geoCompliance === 1);
  const [radius, setRadius] = useState(String(row.radiusM));
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { radius: useId(), hint: useId(), error: useId() };
  const metres = Number(radius);
  const bounds = { min: GEO_RADIUS_MIN_M, max: GEO_RADIUS_MAX_M };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d+$/.test(radius.trim()) || metres < GEO_RADIUS_MIN_M || metres > GEO_RADIUS_MAX_M) {
      return setError(t('deviceGeo.radiusInvalid', bounds));
    }
    if (required === (row.geoCompliance === 1) && metres === row.radiusM)
      return setError(t('deviceGeo.unchanged'));
    setError(null);
    setStep('confirm');
  };

  const save = async () => {
    setSaving(true);
    try {
      await saveDeviceGeo(country, { smCode: row.smCode, geoCompliance: required ? 1 : 0, radiusM: metres });
      track('save', { tool: 'deviceGeoCompliance', count: 1 });
      onDone({
        kind: 'success',
        message: t('deviceGeo.saved', { salesman: row.salesmanName, smCode: row.smCode }),
      });
    } catch {
      onDone({ kind: 'failure', message: t('deviceGeo.saveFailed') });
    }
  };

  const who = { salesman: row.salesmanName, smCode: row.smCode };
  if (step === 'confirm') {
    return (
      <ConfirmDialog
        title={t('deviceGeo.confirmTitle')}
        confirmLabel={t('deviceGeo.save')}
        busy={saving}
        onCancel={onClose}
        onConfirm={() => void save()}
      >
        <p>
          {required ? t('deviceGeo.confirmOn', { ...who, radius: metres }) : t('deviceGeo.confirmOff', who)}
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <Dialog title={t('deviceGeo.editTitle')} onClose={onClose}>
      <form onSubmit={next} noValidate>
        <p>{t('deviceGeo.editFor', { ...who, device: row.deviceId ?? t('deviceGeo.noDevice') })}</p>
        <label className="status-switch device-geo__required">
          <input type="checkbox" role="switch" checked={required} onChange={() => setRequired((r) => !r)} />
          <span className="status-switch__track" aria-hidden="true" />
          <span>{t('deviceGeo.required')}</span>
        </label>
        <div className="field">
          <label className="field__label" htmlFor={ids.radius}>
            {t('deviceGeo.radius')}
          </label>
          <input
            id={ids.radius}
            className="field__control"
            type="number"
            inputMode="numeric"
            min={GEO_RADIUS_MIN_M}
            max={GEO_RADIUS_MAX_M}
            step={1}
            value={radius}
            aria-invalid={error !== null}
            aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
            onChange={(event) => setRadius(event.target.value)}
          />
          <p id={ids.hint} className="field__hint">
            {t('deviceGeo.radiusHint', bounds)}
          </p>
          {error ? (
            <p id={ids.error} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="dialog__actions">
          <button type="submit" className="button button--primary">
            {t('deviceGeo.next')}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('deviceGeo.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
