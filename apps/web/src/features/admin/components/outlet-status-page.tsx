import {
  OUTLET_STATUS_MAX_BYTES,
  OUTLET_STATUS_TEMPLATE_HEADERS,
  type ChangedOutletStatus,
  type OutletStatusRow,
} from '@fieldforce/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
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
import { type DataTableColumn } from '../../../components/data-table';
import { ConfirmDialog } from '../../../components/dialog';
import { useI18n, useT } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import {
  exportOutletStatuses,
  outletStatusKeys,
  saveOutletStatuses,
  useOutletStatusFilters,
  useOutletStatusPage,
  type OutletStatusCriteria,
} from '../api/outlet-status';
import { shownStatus, siteLabel, toggleChange } from '../outlet-status-rules';
import { AdminToolScreen } from './admin-tool-screen';

const FIRST: OutletStatusCriteria = {
  dtCode: '',
  dtSiteCode: '',
  outletCodes: [],
  page: 1,
  pageSize: 50,
  sort: '',
};

/** /outletStatus: Outlet Status Online/Offline (spec section 2); markets without OfflineApp go to admin configuration. */
export function OutletStatusPage() {
  return <AdminToolScreen screen="outletStatus" flag="OfflineApp" View={OutletStatusView} />;
}

function OutletStatusView() {
  const t = useT();
  const { language } = useI18n();
  const queryClient = useQueryClient();
  const country = useClientStore((s) => s.selectedCountryCode);
  const changes = useClientStore((s) => s.changedStatuses) as unknown as ChangedOutletStatus[];
  const addChange = useClientStore((s) => s.addChangedStatus);
  const removeChange = useClientStore((s) => s.removeChangedStatus);
  const clearChanges = useClientStore((s) => s.clearChangedStatuses);
  const [criteria, setCriteria] = useState<OutletStatusCriteria>(FIRST);
  const draft = useOutletFilterDraft();
  const [confirming, setConfirming] = useState(false);
  const [popup, setPopup] = useState<{ kind: 'success' | 'failure'; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const changedAt = useChangedAt();

  // A list from another market never travels to this one.
  useEffect(() => () => clearChanges(), [clearChanges]);

  const filters = useOutletStatusFilters(country, true);
  const result = useOutletStatusPage(country, criteria, true);
  const canEdit = result.data?.can.edit ?? false;

  const apply = () => {
    const { dtCode, dtSiteCode, codes } = draft;
    setCriteria((c) => ({ ...c, dtCode, dtSiteCode, outletCodes: codes, page: 1 }));
  };
  const reset = () => {
    draft.clear();
    setCriteria((c) => ({ ...FIRST, pageSize: c.pageSize }));
  };

  const toggle = useCallback(
    (row: OutletStatusRow) => {
      const next = toggleChange(row, changes);
      if ('remove' in next) removeChange(next.remove);
      else addChange(next.add);
    },
    [changes, addChange, removeChange],
  );

  const save = async () => {
    setConfirming(false);
    setSaving(true);
    try {
      await saveOutletStatuses(country, changes);
      track('save', { tool: 'outletStatus', count: changes.length });
      setPopup({
        kind: 'success',
        message: t(changes.length === 1 ? 'outletStatus.savedOne' : 'outletStatus.saved', {
          count: changes.length,
        }),
      });
      clearChanges();
      await queryClient.invalidateQueries({ queryKey: outletStatusKeys.all(country) });
      await queryClient.invalidateQueries({ queryKey: activityLogKey('outletStatus', country) });
    } catch {
      setPopup({ kind: 'failure', message: t('import.STATUS_SAVE_FAILED') });
    } finally {
      setSaving(false);
    }
  };

  const columns: DataTableColumn<OutletStatusRow>[] = [
    {
      key: 'outletCode',
      header: t('outletStatus.col.outletCode'),
      sortable: true,
      cell: (row) => row.outletCode,
    },
    {
      key: 'outletName',
      header: t('outletStatus.col.outletName'),
      sortable: true,
      cardTitle: true,
      cell: (row) => row.outletName,
    },
    {
      key: 'dtCode',
      header: t('outletStatus.col.dt'),
      sortable: true,
      cell: (row) => `${row.dtName} (${row.dtCode})`,
    },
    {
      key: 'dtSiteCode',
      header: t('outletStatus.col.site'),
      sortable: true,
      cell: (row) => siteLabel(row),
    },
    { key: 'salesmanName', header: t('outletStatus.col.salesman'), cell: (row) => row.salesmanName ?? '—' },
    {
      key: 'status',
      header: t('outletStatus.col.status'),
      sortable: true,
      actions: true,
      cell: (row) => {
        const status = shownStatus(row, changes);
        const changed = changes.some((c) => c.outletCode === row.outletCode);
        return (
          <StatusSwitch
            on={status === 1}
            label={t('outletStatus.toggle', { outlet: row.outletCode })}
            onText={t('outletStatus.online')}
            offText={t('outletStatus.offline')}
            changedText={changed ? t('outletStatus.changed') : null}
            disabled={!canEdit || saving}
            onToggle={() => toggle(row)}
          />
        );
      },
    },
    {
      key: 'updatedAt',
      header: t('outletStatus.col.updated'),
      sortable: true,
      cell: (row) => changedAt(row.updatedAt, row.updatedByName),
    },
  ];

  return (
    <div className="admin-tool">
      <OutletFilters
        words="outletStatus"
        draft={draft}
        options={filters.data}
        onSubmit={apply}
        onReset={reset}
        placeholder="O001, O002"
      />

      <ChangeListBar
        count={changes.length}
        text={t(changes.length === 1 ? 'outletStatus.changesOne' : 'outletStatus.changes', {
          count: changes.length,
        })}
        clearLabel={t('outletStatus.clear')}
        saveLabel={t('outletStatus.save')}
        onClear={clearChanges}
        onSave={() => setConfirming(true)}
        busy={saving}
      />

      <AdminTableView<OutletStatusRow>
        tool="outletStatus"
        country={country}
        result={result}
        paging={criteria}
        onPagingChange={(paging) => setCriteria((c) => ({ ...c, ...paging }))}
        caption={t('outletStatus.caption')}
        columns={columns}
        rowKey={(row) => `${row.dtCode}/${row.dtSiteCode}/${row.outletCode}`}
        rowClassName={(row) =>
          changes.some((c) => c.outletCode === row.outletCode) ? 'admin-row--changed' : undefined
        }
        refreshKey={outletStatusKeys.all(country)}
        upload={{
          kind: 'outletStatus',
          label: t('outletStatus.upload'),
          title: t('outletStatus.uploadTitle'),
          templateHeaders: OUTLET_STATUS_TEMPLATE_HEADERS,
          templateName: 'outlet_status_template.csv',
          maxBytes: OUTLET_STATUS_MAX_BYTES,
        }}
        export={{
          fetchFile: (format, options) => exportOutletStatuses(country, criteria, format, language, options),
          fallbackName: (format) => `outlet_status_${country}.${format}`,
        }}
        activity={{
          actionLabel: (action) =>
            action === 'outlet.status.update'
              ? t('outletStatus.action.update')
              : action === 'outlet.status.import'
                ? t('outletStatus.action.import')
                : undefined,
          describe: (entry) => {
            const word = (value: unknown) =>
              value === 1
                ? t('outletStatus.logOnline')
                : value === 0
                  ? t('outletStatus.logOffline')
                  : undefined;
            const from = word(entry.before?.status);
            const to = word(entry.after?.status);
            return from && to ? t('outletStatus.change', { from, to }) : undefined;
          },
        }}
      />

      {confirming ? (
        <ConfirmDialog
          title={t('outletStatus.confirmTitle')}
          confirmLabel={t('outletStatus.save')}
          onConfirm={() => void save()}
          onCancel={() => setConfirming(false)}
          busy={saving}
        >
          <p>
            {t(changes.length === 1 ? 'outletStatus.confirmBodyOne' : 'outletStatus.confirmBody', {
              count: changes.length,
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
