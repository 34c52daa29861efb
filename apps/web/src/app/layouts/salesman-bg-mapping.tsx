import {
  BUSINESS_GROUPS,
  type SalesmanBgMapping,
  type SalesmanBgMappingRequest,
} from '@fieldforce/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { Toast } from '../../components/toast';
import { readSalesmanBgMapping, saveSalesmanBgMapping } from '../../features/admin/api/user-upload';
import { isApiError } from '../../lib/api-client';
import { useT, type MessageKey } from '../../lib/i18n';
import { useClientStore } from '../../lib/store';
import './salesman-bg-mapping.css';

/** Spec section 2: not for country id. Shown to admins: the mapping is admin data (apps/web/README.md). */
export function canAddSalespersonInfo(admin: boolean, country: string): boolean {
  return admin && country !== 'id';
}

/**
 * 'Add Salesman BG Mapping': find a salesman of the market by SM code (inside the admin's DT codes),
 * tick the business groups, save (PUT /api/admin/salesman-bg-mapping; audited on the server).
 */
export function SalesmanBgMappingDialog({
  onClose,
  onSaved,
}: {
  onClose(): void;
  onSaved(name: string): void;
}) {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  const codeId = useId();
  const [smCode, setSmCode] = useState('');
  const [salesman, setSalesman] = useState<SalesmanBgMapping | null>(null);
  const [groups, setGroups] = useState<string[]>([]);
  const [status, setStatus] = useState<'idle' | 'finding' | 'saving'>('idle');
  const [problem, setProblem] = useState<MessageKey | null>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const code = smCode.trim();
    if (!code) return;
    setProblem(null);
    setSalesman(null);
    setStatus('finding');
    try {
      const found = await readSalesmanBgMapping(country, code);
      setSalesman(found);
      setGroups(found.businessGroups);
    } catch (error) {
      setProblem(isApiError(error) && error.status === 404 ? 'salesmanBg.notFound' : 'salesmanBg.failed');
    } finally {
      setStatus('idle');
    }
  };

  const save = async () => {
    if (!salesman) return;
    if (groups.length === 0) {
      setProblem('salesmanBg.pickOne');
      return;
    }
    setProblem(null);
    setStatus('saving');
    try {
      const saved = await saveSalesmanBgMapping(country, {
        smCode: salesman.smCode,
        businessGroups: groups as SalesmanBgMappingRequest['businessGroups'],
      });
      onSaved(saved.name);
    } catch {
      setProblem('salesmanBg.failed');
      setStatus('idle');
    }
  };

  const toggle = (group: string, on: boolean) =>
    setGroups((list) => (on ? [...list, group] : list.filter((g) => g !== group)));

  return (
    <Dialog title={t('salesmanBg.title')} onClose={onClose} className="salesman-bg">
      <form className="salesman-bg__find" onSubmit={(event) => void find(event)}>
        <div className="field salesman-bg__code">
          <label className="field__label" htmlFor={codeId}>
            {t('salesmanBg.smCode')}
          </label>
          <input
            id={codeId}
            className="field__control"
            value={smCode}
            maxLength={64}
            autoComplete="off"
            onChange={(event) => setSmCode(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--ghost" disabled={status !== 'idle' || !smCode.trim()}>
          {t('salesmanBg.find')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {status === 'finding' ? <p>{t('salesmanBg.finding')}</p> : null}
        {salesman ? (
          <p>{t('salesmanBg.salesman', { name: salesman.name, dtCode: salesman.dtCode })}</p>
        ) : null}
      </div>
      {salesman ? (
        <fieldset className="salesman-bg__groups">
          <legend>{t('salesmanBg.groups')}</legend>
          {BUSINESS_GROUPS.map((group) => (
            <label key={group}>
              <input
                type="checkbox"
                checked={groups.includes(group)}
                onChange={(event) => toggle(group, event.target.checked)}
              />
              {t(`salesmanBg.group.${group}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {problem ? (
        <p className="salesman-bg__error" role="alert">
          {t(problem)}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('salesmanBg.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void save()}
          disabled={!salesman || status !== 'idle'}
        >
          {status === 'saving' ? t('salesmanBg.saving') : t('salesmanBg.save')}
        </button>
      </div>
    </Dialog>
  );
}

/** 'Add SalesPerson Info': opens the 'Add Salesman BG Mapping' dialog; a toast says it was saved. */
export function AddSalespersonInfo({ className }: { className: string }) {
  const t = useT();
  const admin = useClientStore((s) => s.adminAccess);
  const country = useClientStore((s) => s.selectedCountryCode);
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  if (!canAddSalespersonInfo(admin, country)) return null;
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('salesmanBg.open')}
      </button>
      {open ? (
        <SalesmanBgMappingDialog
          onClose={() => setOpen(false)}
          onSaved={(name) => {
            setOpen(false);
            setToast(t('salesmanBg.saved', { name }));
          }}
        />
      ) : null}
      <Toast message={toast} onDone={() => setToast(null)} kind="success" />
    </>
  );
}
