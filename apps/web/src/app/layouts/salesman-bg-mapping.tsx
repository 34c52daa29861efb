import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { PendingNotice } from '../../components/page-layout';
import { useT } from '../../lib/i18n';
import { useClientStore } from '../../lib/store';

/** Spec section 2: not for country id. Shown to admins: the mapping is admin data (apps/web/README.md). */
export function canAddSalespersonInfo(admin: boolean, country: string): boolean {
  return admin && country !== 'id';
}

/** 'Add SalesPerson Info': opens the 'Add Salesman BG Mapping' dialog. */
export function AddSalespersonInfo({ className }: { className: string }) {
  const t = useT();
  const admin = useClientStore((s) => s.adminAccess);
  const country = useClientStore((s) => s.selectedCountryCode);
  const [open, setOpen] = useState(false);
  if (!canAddSalespersonInfo(admin, country)) return null;
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('salesmanBg.open')}
      </button>
      {open ? (
        <Dialog title={t('salesmanBg.title')} onClose={() => setOpen(false)}>
          <PendingNotice>{t('salesmanBg.body')}</PendingNotice>
          <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
            {t('common.close')}
          </button>
        </Dialog>
      ) : null}
    </>
  );
}
