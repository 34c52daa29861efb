import type { CountryCode, MerchAssignedOutlet, MerchSaveResult } from '@fieldforce/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { activityLogKey } from '../../../components/activity-log';
import { ConfirmDialog } from '../../../components/dialog';
import { LoadingStatus } from '../../../components/loading-status';
import { Toast } from '../../../components/toast';
import { formatIsoDay, useI18n } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/server-messages';
import { track } from '../../../lib/usage';
import { merchKeys, removeMerchOutlet, useMerchSet } from '../api/merchandizing';
import { MerchCompliancePanel } from './merchandizing-compliance';
import { DisplayFormDialog, OutletFormDialog, SetFormDialog, VersionDialog } from './merchandizing-forms';
import { Planogram } from './merchandizing-planogram';

type Open = 'edit' | 'display' | 'outlet' | 'version' | null;

/**
 * One set's page (/merchandizingSets?setId=…&version=…): its details and validity, the versions
 * switcher, the displays drawn as planograms, the reference images, the outlets assigned (within the
 * admin's distributors) and the compliance from the visits. Changes are made on the current version;
 * an older version is read-only.
 */
export function MerchSetView({
  country,
  setId,
  version,
  onVersion,
  onBack,
  images,
  addImages,
}: {
  country: CountryCode;
  setId: string;
  version?: number;
  onVersion(version: number | undefined): void;
  onBack(): void;
  /** The reference images of the set's displays (the merch images gallery), when available. */
  images?: ReactNode;
  /** The Add Images button (the merch images zip upload), shown to admins who may define the set. */
  addImages?: ReactNode;
}) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const result = useMerchSet(country, setId, version);
  const [open, setOpen] = useState<Open>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [removing, setRemoving] = useState<MerchAssignedOutlet | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const versionId = useId();
  const set = result.data;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: merchKeys.all(country) });
    void queryClient.invalidateQueries({ queryKey: activityLogKey('merchandizingSets', country) });
  };
  const saved = (message: string) => (r: MerchSaveResult) => {
    setOpen(null);
    setToast(r.changed ? message : t('merch.unchanged'));
    refresh();
    if (r.version !== set?.version) onVersion(undefined);
  };
  const day = (iso: string) => formatIsoDay(iso, language);

  const remove = async (o: MerchAssignedOutlet) => {
    setRemoveBusy(true);
    try {
      await removeMerchOutlet(country, { setId, displayId: o.displayId, outletCode: o.outletCode });
      track('save', { tool: 'merchandizingSets', kind: 'outletRemove', count: 1 });
      setRemoving(null);
      setToast(t('merch.saved.removed'));
      refresh();
    } catch (err) {
      setRemoveError(errorMessage(err, t));
    } finally {
      setRemoveBusy(false);
    }
  };

  const back = (
    <button type="button" className="link-button merch-back" onClick={onBack}>
      <span aria-hidden="true">←</span> {t('merch.back')}
    </button>
  );
  if (result.isPending) {
    return (
      <div className="merch-set">
        {back}
        <LoadingStatus label={t('merch.set.loading')} />
      </div>
    );
  }
  if (result.isError || !set) {
    return (
      <div className="merch-set">
        {back}
        <p role="alert" className="dtable-message dtable-message--error">
          {result.error ? errorMessage(result.error, t) : t('merch.set.error')}
        </p>
      </div>
    );
  }
  const editable = set.current;
  const can = set.can;
  // A display by its name, its ID beside it (the outlets table and the remove question name it).
  const displayNames = new Map(set.displays.map((d) => [d.displayId, d.displayName]));
  const displayLabel = (id: string) => {
    const name = displayNames.get(id);
    return name && name !== id ? `${name} (${id})` : id;
  };

  return (
    <div className="merch-set">
      {back}
      <header className="merch-set__head">
        <div>
          <h2 className="merch-set__title">
            {set.setName} <span className="merch-muted">({set.setId})</span>
          </h2>
          <p className="merch-set__facts">
            <span className={`merch-state merch-state--${set.state}`}>{t(`merch.state.${set.state}`)}</span>{' '}
            {t('merch.set.validity', { from: day(set.goLive), to: day(set.endDate) })}
          </p>
        </div>
        <div className="field merch-set__version">
          <label className="field__label" htmlFor={versionId}>
            {t('merch.set.version')}
          </label>
          <select
            id={versionId}
            className="field__control"
            value={set.version}
            onChange={(event) => {
              const chosen = Number(event.target.value);
              track('filter', { tool: 'merchandizingSets', filter: 'version' });
              onVersion(set.versions.find((v) => v.version === chosen)?.current ? undefined : chosen);
            }}
          >
            {set.versions.map((v) => (
              <option key={v.version} value={v.version}>
                {t(v.current ? 'merch.set.versionCurrent' : 'merch.set.versionOption', {
                  version: v.version,
                  from: day(v.goLive),
                  to: day(v.endDate),
                })}
              </option>
            ))}
          </select>
        </div>
      </header>

      {!editable ? (
        <p className="merch-note" role="note">
          {t('merch.set.oldVersion', { version: set.version })}
        </p>
      ) : null}

      <dl className="merch-facts">
        <div>
          <dt>{t('merch.field.buAssetType')}</dt>
          <dd>{set.buAssetType}</dd>
        </div>
        <div>
          <dt>{t('merch.field.subRegion')}</dt>
          <dd>{set.subRegion}</dd>
        </div>
        <div>
          <dt>{t('merch.field.osaHurdle')}</dt>
          <dd>{set.osaHurdle}&nbsp;%</dd>
        </div>
        <div>
          <dt>{t('merch.field.facingsHurdle')}</dt>
          <dd>{set.facingsHurdle}&nbsp;%</dd>
        </div>
        <div>
          <dt>{t('merch.field.stockHurdle')}</dt>
          <dd>{set.stockHurdle}&nbsp;%</dd>
        </div>
      </dl>

      {editable && (can.define || can.assign) ? (
        <div className="merch-actions">
          {can.define ? (
            <>
              <button type="button" className="button button--ghost" onClick={() => setOpen('edit')}>
                {t('merch.action.editSet')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setOpen('display')}>
                {t('merch.action.addDisplay')}
              </button>
            </>
          ) : null}
          {can.assign && set.displays.length > 0 ? (
            <button type="button" className="button button--ghost" onClick={() => setOpen('outlet')}>
              {t('merch.action.assignOutlet')}
            </button>
          ) : null}
          {can.define ? (
            <button type="button" className="button button--ghost" onClick={() => setOpen('version')}>
              {t('merch.action.newVersion')}
            </button>
          ) : null}
        </div>
      ) : null}

      <section className="merch-section" aria-labelledby={`${versionId}-planogram`}>
        <h3 id={`${versionId}-planogram`}>{t('merch.set.planogram')}</h3>
        {set.displays.length === 0 ? (
          <p className="merch-empty">{t('merch.set.noDisplays')}</p>
        ) : (
          <div className="merch-displays">
            {set.displays.map((d) => (
              <Planogram key={d.displayId} display={d} />
            ))}
          </div>
        )}
      </section>

      <section className="merch-section" aria-labelledby={`${versionId}-images`}>
        <h3 id={`${versionId}-images`}>{t('merch.set.images')}</h3>
        {editable && can.define && addImages ? <div className="merch-actions">{addImages}</div> : null}
        {images ?? <p className="merch-empty">{t('merch.set.imagesPending')}</p>}
      </section>

      <section className="merch-section" aria-labelledby={`${versionId}-outlets`}>
        <h3 id={`${versionId}-outlets`}>{t('merch.set.outlets', { count: set.outletsTotal })}</h3>
        {set.outlets.length === 0 ? (
          <p className="merch-empty">{t('merch.set.noOutlets')}</p>
        ) : (
          <div className="merch-table-wrap">
            <table className="merch-table merch-table--cards">
              <caption className="visually-hidden">
                {t('merch.set.outletsCaption', { setId: set.setId })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('merch.col.outlet')}</th>
                  <th scope="col">{t('merch.col.dt')}</th>
                  <th scope="col">{t('merch.col.display')}</th>
                  <th scope="col">{t('merch.field.times')}</th>
                  {editable && can.assign ? <th scope="col">{t('merch.col.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {set.outlets.map((o) => (
                  <tr key={`${o.displayId}|${o.outletCode}`}>
                    <th scope="row">
                      {o.outletName} <span className="merch-muted">({o.outletCode})</span>
                    </th>
                    <td data-label={t('merch.col.dt')}>{o.dtCode}</td>
                    <td data-label={t('merch.col.display')}>{displayLabel(o.displayId)}</td>
                    <td data-label={t('merch.field.times')}>{o.times}</td>
                    {editable && can.assign ? (
                      <td className="merch-table__actions">
                        <button
                          type="button"
                          className="button button--ghost"
                          aria-label={t('merch.action.removeOutletLabel', {
                            outlet: o.outletName,
                            display: displayLabel(o.displayId),
                          })}
                          onClick={() => {
                            setRemoveError(null);
                            setRemoving(o);
                          }}
                        >
                          {t('merch.action.removeOutlet')}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
            {set.outletsTotal > set.outlets.length ? (
              <p className="field__hint">
                {t('merch.set.outletsShown', { shown: set.outlets.length, total: set.outletsTotal })}
              </p>
            ) : null}
          </div>
        )}
      </section>

      <section className="merch-section" aria-labelledby={`${versionId}-compliance`}>
        <h3 id={`${versionId}-compliance`}>{t('merch.set.compliance')}</h3>
        <MerchCompliancePanel country={country} setId={set.setId} version={set.version} />
      </section>

      {open === 'edit' ? (
        <SetFormDialog
          country={country}
          initial={set}
          onClose={() => setOpen(null)}
          onSaved={saved(t('merch.saved.set', { setId: set.setId }))}
        />
      ) : null}
      {open === 'display' ? (
        <DisplayFormDialog
          country={country}
          setId={set.setId}
          onClose={() => setOpen(null)}
          onSaved={saved(t('merch.saved.display'))}
        />
      ) : null}
      {open === 'outlet' ? (
        <OutletFormDialog
          country={country}
          setId={set.setId}
          displays={set.displays}
          onClose={() => setOpen(null)}
          onSaved={saved(t('merch.saved.outlet'))}
        />
      ) : null}
      {open === 'version' ? (
        <VersionDialog
          country={country}
          set={set}
          onClose={() => setOpen(null)}
          onSaved={(r) => {
            setOpen(null);
            setToast(t('merch.saved.version', { version: r.version }));
            refresh();
            onVersion(undefined);
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('merch.action.removeOutletTitle')}
          confirmLabel={t('merch.action.removeOutlet')}
          danger
          busy={removeBusy}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        >
          <p>
            {t('merch.action.removeOutletText', {
              outlet: `${removing.outletName} (${removing.outletCode})`,
              display: displayLabel(removing.displayId),
            })}
          </p>
          {removeError ? <p role="alert">{removeError}</p> : null}
        </ConfirmDialog>
      ) : null}
      <Toast message={toast} kind="success" onDone={() => setToast(null)} />
    </div>
  );
}
