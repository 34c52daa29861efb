import {
  COUNTRIES,
  DEVICE_ID_PATTERN,
  SALESMAN_DEVICE_IMPORT_KIND,
  SALESMAN_DEVICE_MAX_BYTES,
  SALESMAN_DEVICE_TEMPLATE_HEADERS,
  SEARCH_LIST_MAX,
  type SalesmanDeviceRow,
} from '@fieldforce/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { activityLogKey } from '../../../components/activity-log';
import { AdminFilters, AdminTableView, useChangedAt } from '../../../components/admin-tool';
import { CountdownPopup } from '../../../components/countdown-popup';
import type { DataTableColumn } from '../../../components/data-table';
import { ConfirmDialog, Dialog } from '../../../components/dialog';
import { CodeListField, parseCodeList, SelectField } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { useI18n, useT } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import {
  deleteSalesmanDevice,
  exportSalesmanDevices,
  saveDeviceValidation,
  salesmanDeviceKeys,
  updateSalesmanDevice,
  useSalesmanDeviceFilters,
  useSalesmanDevicePage,
  useSalesmanDeviceSettings,
  type SalesmanDeviceCriteria,
} from '../api/salesman-device-id';
import './devices.css';
import { AdminToolScreen } from './admin-tool-screen';

const FIRST: SalesmanDeviceCriteria = {
  dtCode: '',
  by: 'smCode',
  values: [],
  page: 1,
  pageSize: 50,
  sort: '',
};

type Popup = { kind: 'success' | 'failure'; message: string };

/** /salesmandeviceid (spec section 2); a market whose salesmandeviceid flag is off goes to admin configuration. */
export function SalesmanDeviceIdPage() {
  return <AdminToolScreen screen="salesmanDeviceId" flag="salesmandeviceid" View={SalesmanDeviceView} />;
}

function SalesmanDeviceView() {
  const t = useT();
  const { language } = useI18n();
  const queryClient = useQueryClient();
  const changedAt = useChangedAt();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [criteria, setCriteria] = useState<SalesmanDeviceCriteria>(FIRST);
  const [dtCode, setDtCode] = useState('');
  const [by, setBy] = useState<SalesmanDeviceCriteria['by']>('smCode');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<SalesmanDeviceRow | null>(null);
  const [deleting, setDeleting] = useState<SalesmanDeviceRow | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const byId = useId();

  const filters = useSalesmanDeviceFilters(country);
  const result = useSalesmanDevicePage(country, criteria);
  const can = result.data?.can;
  const values = parseCodeList(search);
  const tooMany = values.length > SEARCH_LIST_MAX;
  const dial = COUNTRIES[country].dialCode;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: salesmanDeviceKeys.all(country) });
    await queryClient.invalidateQueries({ queryKey: activityLogKey('salesmanDeviceId', country) });
  };

  const apply = () => {
    if (tooMany) return;
    setCriteria((c) => ({ ...c, dtCode, by, values, page: 1 }));
  };
  const reset = () => {
    setDtCode('');
    setBy('smCode');
    setSearch('');
    setCriteria((c) => ({ ...FIRST, pageSize: c.pageSize }));
  };

  const columns: DataTableColumn<SalesmanDeviceRow>[] = [
    { key: 'smCode', header: t('deviceId.col.smCode'), sortable: true, cell: (row) => row.smCode },
    {
      key: 'salesmanName',
      header: t('deviceId.col.salesman'),
      sortable: true,
      cardTitle: true,
      cell: (row) => row.salesmanName,
    },
    { key: 'phone', header: t('deviceId.col.phone'), sortable: true, cell: (row) => row.phone },
    {
      key: 'deviceId',
      header: t('deviceId.col.deviceId'),
      cell: (row) =>
        row.deviceId ? (
          <code className="device-id">{row.deviceId}</code>
        ) : (
          <span className="device-id device-id--none">{t('deviceId.none')}</span>
        ),
    },
    {
      key: 'actions',
      header: t('deviceId.col.actions'),
      actions: true,
      cell: (row) =>
        can?.edit ? (
          <span className="device-actions">
            <button
              type="button"
              className="button button--ghost"
              data-edit={row.smCode}
              aria-label={t('deviceId.editLabel', { salesman: `${row.salesmanName} (${row.smCode})` })}
              onClick={() => setEditing(row)}
            >
              {t('deviceId.edit')}
            </button>
            {row.deviceId ? (
              <button
                type="button"
                className="button button--ghost device-actions__delete"
                aria-label={t('deviceId.deleteLabel', { salesman: `${row.salesmanName} (${row.smCode})` })}
                onClick={() => setDeleting(row)}
              >
                {t('deviceId.delete')}
              </button>
            ) : null}
          </span>
        ) : null,
    },
    {
      key: 'dtCode',
      header: t('deviceId.col.dt'),
      sortable: true,
      cell: (row) => `${row.dtName} (${row.dtCode})`,
    },
    {
      key: 'updatedAt',
      header: t('deviceId.col.updated'),
      cell: (row) => changedAt(row.updatedAt, row.updatedByName),
    },
  ];

  return (
    <div className="admin-tool device-tool">
      <ValidationSwitch canEdit={can?.edit ?? false} onPopup={setPopup} />

      <AdminFilters
        label={t('deviceId.filters')}
        onSubmit={apply}
        onReset={reset}
        submitLabel={t('deviceId.apply')}
        resetLabel={t('deviceId.reset')}
        submitDisabled={tooMany}
      >
        <SelectField
          label={t('deviceId.dtCode')}
          allLabel={t('deviceId.all')}
          value={dtCode}
          options={filters.data?.dtCodes ?? []}
          onChange={setDtCode}
        />
        <div className="field">
          <label className="field__label" htmlFor={byId}>
            {t('deviceId.searchBy')}
          </label>
          <select
            id={byId}
            className="field__control"
            value={by}
            onChange={(event) => setBy(event.target.value as SalesmanDeviceCriteria['by'])}
          >
            <option value="smCode">{t('deviceId.bySmCode')}</option>
            <option value="phone">{t('deviceId.byPhone')}</option>
          </select>
        </div>
        <CodeListField
          className="admin-filters__search"
          label={t(by === 'phone' ? 'deviceId.searchPhone' : 'deviceId.searchSm')}
          value={search}
          onChange={setSearch}
          max={SEARCH_LIST_MAX}
          hint={
            by === 'phone'
              ? t('deviceId.searchPhoneHint', { max: SEARCH_LIST_MAX, dial })
              : t('deviceId.searchHint', { max: SEARCH_LIST_MAX })
          }
          tooManyText={t('deviceId.searchTooMany', { max: SEARCH_LIST_MAX })}
          placeholder={by === 'phone' ? `${dial}901234567, 0901234568` : 'SM00001, SM00002'}
        />
      </AdminFilters>

      <AdminTableView<SalesmanDeviceRow>
        tool="salesmanDeviceId"
        country={country}
        result={result}
        paging={criteria}
        onPagingChange={(paging) => setCriteria((c) => ({ ...c, ...paging }))}
        caption={t('deviceId.caption')}
        columns={columns}
        rowKey={(row) => row.smCode}
        refreshKey={salesmanDeviceKeys.all(country)}
        upload={{
          kind: SALESMAN_DEVICE_IMPORT_KIND,
          label: t('deviceId.upload'),
          title: t('deviceId.uploadTitle'),
          templateHeaders: SALESMAN_DEVICE_TEMPLATE_HEADERS,
          templateName: 'salesman_device_id_template.csv',
          maxBytes: SALESMAN_DEVICE_MAX_BYTES,
        }}
        export={{
          fetchFile: (format, options) => exportSalesmanDevices(country, criteria, format, language, options),
          fallbackName: (format) => `salesman-device-id_${country}.${format}`,
          label: t('deviceId.export'),
        }}
        activity={{
          actionLabel: (action) =>
            ({
              'salesman.device.update': t('deviceId.action.update'),
              'salesman.device.delete': t('deviceId.action.delete'),
              'salesman.device.import': t('deviceId.action.import'),
              'salesman.validation.update': t('deviceId.action.validation'),
            })[action],
          describe: (entry) => {
            if (entry.action === 'salesman.validation.update') {
              const word = (v: unknown) =>
                v === true ? t('deviceId.stateOn') : v === false ? t('deviceId.stateOff') : undefined;
              const from = word(entry.before?.validationEnabled);
              const to = word(entry.after?.validationEnabled);
              return from && to ? t('deviceId.change', { from, to }) : undefined;
            }
            if (!entry.before || !entry.after || !('deviceId' in entry.after)) return undefined;
            const shown = (v: unknown) => (typeof v === 'string' ? v : t('deviceId.logNone'));
            return t('deviceId.change', {
              from: shown(entry.before.deviceId),
              to: shown(entry.after.deviceId),
            });
          },
        }}
      />

      {editing ? (
        <EditDeviceDialog
          row={editing}
          onClose={() => setEditing(null)}
          onDone={(next) => {
            setEditing(null);
            setPopup(next);
            void refresh();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('deviceId.confirmDeleteTitle')}
          confirmLabel={t('deviceId.delete')}
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const row = deleting;
            setDeleting(null);
            deleteSalesmanDevice(country, row.smCode)
              .then(() => {
                track('save', { tool: 'salesmanDeviceId', action: 'delete', count: 1 });
                // The row's Delete button goes with its device: focus moves to the row's Update button
                // first, so the popup gives it back there rather than to the page's start.
                document.querySelector<HTMLElement>(`[data-edit="${CSS.escape(row.smCode)}"]`)?.focus();
                setPopup({
                  kind: 'success',
                  message: t('deviceId.deleted', { salesman: row.salesmanName, smCode: row.smCode }),
                });
                void refresh();
              })
              .catch(() => setPopup({ kind: 'failure', message: t('import.DEVICE_DELETE_FAILED') }));
          }}
        >
          <p>
            {t('deviceId.confirmDeleteBody', {
              device: deleting.deviceId ?? '',
              salesman: deleting.salesmanName,
              smCode: deleting.smCode,
            })}
          </p>
        </ConfirmDialog>
      ) : null}
      {popup ? (
        <CountdownPopup kind={popup.kind} message={popup.message} onClose={() => setPopup(null)} />
      ) : null}
    </div>
  );
}

/** The market-level SM Device ID validation switch, with its confirmation. */
function ValidationSwitch({ canEdit, onPopup }: { canEdit: boolean; onPopup(popup: Popup): void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const changedAt = useChangedAt();
  const country = useClientStore((s) => s.selectedCountryCode);
  const settings = useSalesmanDeviceSettings(country);
  const [confirm, setConfirm] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const hint = useId();
  const enabled = settings.data?.validationEnabled;
  if (enabled === undefined) return null;

  const save = async (next: boolean) => {
    setConfirm(null);
    setSaving(true);
    try {
      await saveDeviceValidation(country, next);
      track('save', { tool: 'salesmanDeviceId', action: 'validation', validationEnabled: next });
      onPopup({
        kind: 'success',
        message: t('deviceId.validationSaved', { state: t(next ? 'deviceId.stateOn' : 'deviceId.stateOff') }),
      });
      await queryClient.invalidateQueries({ queryKey: salesmanDeviceKeys.settings(country) });
      await queryClient.invalidateQueries({ queryKey: activityLogKey('salesmanDeviceId', country) });
    } catch {
      onPopup({ kind: 'failure', message: t('deviceId.validationFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="device-validation" aria-label={t('deviceId.validation')}>
      <label className="status-switch">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={!canEdit || saving}
          aria-describedby={hint}
          onChange={() => setConfirm(!enabled)}
        />
        <span className="status-switch__track" aria-hidden="true" />
        <span className="device-validation__label">{t('deviceId.validation')}</span>
        <span className={enabled ? 'status-switch__text status-switch__text--on' : 'status-switch__text'}>
          {t(enabled ? 'deviceId.validationOn' : 'deviceId.validationOff')}
        </span>
      </label>
      <p id={hint} className="field__hint">
        {t('deviceId.validationHint')}
        {settings.data?.updatedAt
          ? ` ${t('deviceId.validationLast', { when: changedAt(settings.data.updatedAt, settings.data.updatedByName) })}`
          : ''}
      </p>
      {confirm !== null ? (
        <ConfirmDialog
          title={t(confirm ? 'deviceId.enableTitle' : 'deviceId.disableTitle')}
          confirmLabel={t(confirm ? 'deviceId.enable' : 'deviceId.disable')}
          danger={!confirm}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void save(confirm)}
        >
          <p>
            {t(confirm ? 'deviceId.enableBody' : 'deviceId.disableBody', { market: COUNTRIES[country].name })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** Update one salesman's device ID: the new ID (checked as the server checks it), then a confirmation. */
function EditDeviceDialog({
  row,
  onClose,
  onDone,
}: {
  row: SalesmanDeviceRow;
  onClose(): void;
  onDone(popup: Popup): void;
}) {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [value, setValue] = useState('');
  const [step, setStep] = useState<'enter' | 'confirm'>('enter');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { input: useId(), hint: useId(), error: useId() };
  const device = value.trim();

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!device) return setError(t('deviceId.required'));
    if (!DEVICE_ID_PATTERN.test(device)) return setError(t('deviceId.invalid'));
    if (device === row.deviceId) return setError(t('deviceId.sameDevice'));
    setError(null);
    setStep('confirm');
  };

  const save = async () => {
    setSaving(true);
    try {
      await updateSalesmanDevice(country, row.smCode, device);
      track('save', { tool: 'salesmanDeviceId', action: 'update', count: 1 });
      onDone({
        kind: 'success',
        message: t('deviceId.updated', { salesman: row.salesmanName, smCode: row.smCode }),
      });
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        const holder = /\(([^)]+)\)\.?$/.exec(err.shortDescription)?.[1] ?? '';
        setError(t('deviceId.taken', { holder }));
        setStep('enter');
        setSaving(false);
        return;
      }
      onDone({ kind: 'failure', message: t('deviceId.updateFailed') });
    }
  };

  if (step === 'confirm') {
    return (
      <ConfirmDialog
        title={t('deviceId.confirmUpdateTitle')}
        confirmLabel={t('deviceId.update')}
        busy={saving}
        onCancel={onClose}
        onConfirm={() => void save()}
      >
        <p>{t('deviceId.confirmUpdateBody', { salesman: row.salesmanName, smCode: row.smCode, device })}</p>
      </ConfirmDialog>
    );
  }
  return (
    <Dialog title={t('deviceId.editTitle')} onClose={onClose}>
      <form onSubmit={next} noValidate>
        <p>
          {t('deviceId.editFor', {
            salesman: row.salesmanName,
            smCode: row.smCode,
            current: row.deviceId ?? t('deviceId.none'),
          })}
        </p>
        <div className="field">
          <label className="field__label" htmlFor={ids.input}>
            {t('deviceId.newDevice')}
          </label>
          <input
            id={ids.input}
            className="field__control"
            value={value}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            aria-invalid={error !== null}
            aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
            onChange={(event) => setValue(event.target.value)}
          />
          <p id={ids.hint} className="field__hint">
            {t('deviceId.newDeviceHint')}
          </p>
          {error ? (
            <p id={ids.error} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="dialog__actions">
          <button type="submit" className="button button--primary">
            {t('deviceId.next')}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('deviceId.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
