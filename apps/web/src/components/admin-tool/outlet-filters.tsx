import { SEARCH_LIST_MAX, type DtFilterOptions } from '@fieldforce/contracts';
import { useState, type ReactNode } from 'react';
import { CodeListField, parseCodeList } from '../form-field';
import { useT, type MessageKey } from '../../lib/i18n';
import { AdminFilters, DtSiteFilterFields } from './admin-controls';

/** The words an outlet filter form needs; a tool keeps them under its own prefix ('outletStatus.apply'). */
type OutletFilterWord =
  'filters' | 'apply' | 'reset' | 'dtCode' | 'dtSiteCode' | 'all' | 'search' | 'searchHint' | 'searchTooMany';

/** Every message prefix that has all the outlet filter words (checked by the compiler). */
export type OutletFilterWords = {
  [K in MessageKey]: K extends `${infer P}.filters`
    ? `${P}.${OutletFilterWord}` extends MessageKey
      ? P
      : never
    : never;
}[MessageKey];

/** What the admin has typed and chosen in an outlet filter form, before it is applied. */
export interface OutletFilterDraft {
  dtCode: string;
  dtSiteCode: string;
  search: string;
  setDtCode(code: string): void;
  setDtSiteCode(code: string): void;
  setSearch(text: string): void;
  /** The outlet codes typed, parsed. */
  codes: string[];
  /** More codes than one search takes (the form then does not submit). */
  tooMany: boolean;
  clear(): void;
}

export function useOutletFilterDraft(): OutletFilterDraft {
  const [dtCode, setDtCode] = useState('');
  const [dtSiteCode, setDtSiteCode] = useState('');
  const [search, setSearch] = useState('');
  const codes = parseCodeList(search);
  return {
    dtCode,
    dtSiteCode,
    search,
    setDtCode,
    setDtSiteCode,
    setSearch,
    codes,
    tooMany: codes.length > SEARCH_LIST_MAX,
    clear: () => {
      setDtCode('');
      setDtSiteCode('');
      setSearch('');
    },
  };
}

/**
 * The filters of an outlet admin tool (Outlet Status, Outlet Geo-Compliance): DT Code, DT Site Code,
 * the tool's own fields (`children`), then the outlet codes, in the tool's words (`words`: its message
 * prefix). Submitting does nothing while too many codes are typed.
 */
export function OutletFilters({
  words,
  draft,
  options,
  onSubmit,
  onReset,
  placeholder,
  children,
}: {
  words: OutletFilterWords;
  draft: OutletFilterDraft;
  /** The tool's filterOptions answer; none while it loads. */
  options: DtFilterOptions | undefined;
  onSubmit(): void;
  onReset(): void;
  placeholder: string;
  children?: ReactNode;
}) {
  const t = useT();
  const word = (key: OutletFilterWord) => t(`${words}.${key}` as MessageKey, { max: SEARCH_LIST_MAX });
  return (
    <AdminFilters
      label={word('filters')}
      onSubmit={onSubmit}
      onReset={onReset}
      submitLabel={word('apply')}
      resetLabel={word('reset')}
      submitDisabled={draft.tooMany}
    >
      <DtSiteFilterFields
        options={options}
        dtCode={draft.dtCode}
        dtSiteCode={draft.dtSiteCode}
        onDtCodeChange={draft.setDtCode}
        onDtSiteCodeChange={draft.setDtSiteCode}
        dtCodeLabel={word('dtCode')}
        dtSiteCodeLabel={word('dtSiteCode')}
        allLabel={word('all')}
      />
      {children}
      <CodeListField
        className="admin-filters__search"
        label={word('search')}
        value={draft.search}
        onChange={draft.setSearch}
        max={SEARCH_LIST_MAX}
        hint={word('searchHint')}
        tooManyText={word('searchTooMany')}
        placeholder={placeholder}
      />
    </AdminFilters>
  );
}
