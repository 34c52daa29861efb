import {
  ALL_DT_ACCESS,
  BSA_VALUES,
  CD_VP_ROLE,
  chainFor,
  COUNTRY_CODES,
  DT_OPERATOR_ROLE,
  SUPER_USER_ROLE,
  isCountryCode,
  splitList,
  targetRefusals,
  USER_ACCESS_ACTIONS,
  type ActivityEntry,
  type UserAccessDetail,
  type UserAccessRefusal,
  type UserAccessRow,
  type UserAccessState,
} from '@fieldforce/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { activityLogKey } from '../../../components/activity-log';
import { AdminFilters, AdminTableView, useChangedAt } from '../../../components/admin-tool';
import type { DataTableColumn } from '../../../components/data-table';
import { DateRangeFields } from '../../../components/date-range-fields';
import { ConfirmDialog, Dialog } from '../../../components/dialog';
import { EmailText } from '../../../components/email-text';
import { FlagFilterField, SelectField } from '../../../components/form-field';
import { Toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useI18n, useT, type MessageKey, type Translate } from '../../../lib/i18n';
import { term } from '../../../lib/i18n/terms';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import {
  exportUserAccess,
  FIRST_CRITERIA,
  saveUserAccess,
  useUserAccessDetail,
  useUserAccessFilters,
  useUserAccessPage,
  userAccessKeys,
  userAction,
  type UserAccessCriteria,
} from '../api/user-access';
import {
  changedFields,
  changeOf,
  isAllDts,
  listDelta,
  panelRefusals,
  stateOf,
  toggled,
  type AccessField,
} from '../user-access-rules';
import './user-access.css';
import { UserUploadButton } from './user-upload-modal';
import { AdminToolScreen } from './admin-tool-screen';

/** /useraccess: the market's users, their access, and the edit panel (admins only; spec section 6). */
export function UserAccessPage() {
  return <AdminToolScreen screen="userAccess" View={UserAccessView} />;
}

/** A refusal of the shared rule in the reader's language. */
export function refusalText(r: UserAccessRefusal, t: Translate): string {
  const params = { ...r.params };
  if (params.market && isCountryCode(params.market)) params.market = t(`country.${params.market}`);
  return t(`userAccess.refusal.${r.code}` as MessageKey, params);
}

const FLAG_CHIPS = [
  // The product's name, the same in both languages.
  ['accessToUcube', 'nav.ucube'],
  ['accessToOperationalDashboards', 'userAccess.chip.reports'],
  ['admin', 'userAccess.chip.admin'],
  ['superUser', 'userAccess.chip.superUser'],
] as const;

function UserAccessView() {
  const t = useT();
  const { language } = useI18n();
  const queryClient = useQueryClient();
  const changedAt = useChangedAt();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [criteria, setCriteria] = useState<UserAccessCriteria>(FIRST_CRITERIA);
  const [draft, setDraft] = useState<UserAccessCriteria>(FIRST_CRITERIA);
  const [editing, setEditing] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const ids = {
    search: useId(),
    status: useId(),
    role: useId(),
  };

  const filters = useUserAccessFilters(country);
  const dtNames = new Map((filters.data?.dtCodes ?? []).map((dt) => [dt.code, dt.name] as const));
  const result = useUserAccessPage(country, criteria);
  // The market's roles (the portal-wide ones and its chain), then any other role a listed user has.
  const roles = useMemo(() => {
    const known = [SUPER_USER_ROLE, CD_VP_ROLE, ...chainFor(country).map((c) => c.role), DT_OPERATOR_ROLE];
    const seen = new Set<string>(known);
    for (const row of result.data?.rows ?? []) seen.add(row.role);
    if (draft.role) seen.add(draft.role);
    return [...seen];
  }, [country, result.data, draft.role]);
  const badRange = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  const set = <K extends keyof UserAccessCriteria>(key: K, value: UserAccessCriteria[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const apply = () => {
    if (badRange) return;
    setCriteria((c) => ({ ...draft, page: 1, pageSize: c.pageSize, sort: c.sort }));
    track('filter', { tool: 'userAccess' });
  };
  const reset = () => {
    setDraft(FIRST_CRITERIA);
    setCriteria((c) => ({ ...FIRST_CRITERIA, pageSize: c.pageSize }));
  };

  /** After any change: the list, the Activity Log and the user's own answer are read again. */
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: userAccessKeys.all(country) });
    await queryClient.invalidateQueries({ queryKey: activityLogKey('userAccess', country) });
  };

  const yesNoSelect = (label: string, key: 'ucube' | 'reports' | 'admin') => (
    <FlagFilterField
      label={label}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      allLabel={t('userAccess.any')}
      onLabel={t('userAccess.yes')}
      offLabel={t('userAccess.no')}
    />
  );

  const columns: DataTableColumn<UserAccessRow>[] = [
    {
      key: 'name',
      header: t('userAccess.col.user'),
      sortable: true,
      cardTitle: true,
      cell: (row) => (
        <span className="ua-person">
          <button
            type="button"
            className="ua-person__name ua-link"
            onClick={() => setEditing(row.id)}
            aria-label={t('userAccess.editUser', { name: row.name })}
          >
            {row.name}
          </button>
          <EmailText className="ua-person__email" email={row.email} />
        </span>
      ),
    },
    {
      key: 'status',
      header: t('userAccess.col.status'),
      sortable: true,
      cell: (row) => (
        <span className={`chip ua-status ua-status--${row.status}`}>
          {t(`userAccess.status.${row.status}`)}
        </span>
      ),
    },
    { key: 'role', header: t('userAccess.col.role'), sortable: true, cell: (row) => term(row.role, t) },
    {
      key: 'access',
      header: t('userAccess.col.access'),
      cell: (row) => {
        const on = FLAG_CHIPS.filter(([key]) => row[key] === 1);
        return on.length === 0 ? (
          <span className="ua-muted">{t('userAccess.noAccess')}</span>
        ) : (
          <ul className="ua-chips ua-chips--access" aria-label={t('userAccess.col.access')}>
            {on.map(([key, label]) => (
              <li key={key} className={`chip ua-chip ua-chip--${key}`}>
                {t(label)}
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      key: 'dtAccessCodes',
      header: t('userAccess.col.dt'),
      cell: (row) => <DtCodesCell codes={splitList(row.dtAccessCodes)} names={dtNames} t={t} />,
    },
    {
      key: 'lastLoginAt',
      header: t('userAccess.col.lastLogin'),
      cell: (row) => (row.lastLoginAt ? changedAt(row.lastLoginAt) : t('userAccess.never')),
    },
    {
      key: 'bsa',
      header: t('userAccess.col.bsa'),
      cell: (row) => (
        <span className="ua-wrap">
          {splitList(row.bsa)
            .map((b) => term(b, t))
            .join(', ') || '—'}
        </span>
      ),
    },
    {
      key: 'markets',
      header: t('userAccess.col.markets'),
      cell: (row) => <span className="ua-wrap">{marketsText(splitList(row.markets), t)}</span>,
    },
  ];

  // The bulk upload and 'Add Salesman BG Mapping' buttons (the user-upload helper's) go in this slot;
  // after a successful upload they call `refresh()` so the list and the Activity Log are read again.
  const toolbar = <UserUploadButton country={country} onUploaded={refresh} />;

  return (
    <div className="admin-tool">
      <AdminFilters
        label={t('userAccess.filters')}
        onSubmit={apply}
        onReset={reset}
        submitLabel={t('userAccess.apply')}
        resetLabel={t('userAccess.reset')}
        submitDisabled={badRange}
      >
        {/* One column wide (not the shared two): the nine fields and the buttons fill two rows at 1440 px. */}
        <div className="field">
          <label className="field__label" htmlFor={ids.search}>
            {t('userAccess.search')}
          </label>
          <input
            id={ids.search}
            type="search"
            className="field__control"
            value={draft.search}
            maxLength={100}
            placeholder={t('userAccess.searchPlaceholder')}
            onChange={(event) => set('search', event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.role}>
            {t('userAccess.role')}
          </label>
          <select
            id={ids.role}
            className="field__control"
            value={draft.role}
            onChange={(event) => set('role', event.target.value)}
          >
            <option value="">{t('userAccess.any')}</option>
            {roles.map((role) => (
              <option key={role} value={role}>
                {term(role, t)}
              </option>
            ))}
          </select>
        </div>
        {yesNoSelect(t('userAccess.ucube'), 'ucube')}
        {yesNoSelect(t('userAccess.reports'), 'reports')}
        {yesNoSelect(t('userAccess.admin'), 'admin')}
        <SelectField
          label={t('userAccess.dtCode')}
          allLabel={t('userAccess.any')}
          value={draft.dtCode}
          options={filters.data?.dtCodes ?? []}
          onChange={(code) => set('dtCode', code)}
        />
        <div className="field">
          <label className="field__label" htmlFor={ids.status}>
            {t('userAccess.status')}
          </label>
          <select
            id={ids.status}
            className="field__control"
            value={draft.status}
            onChange={(event) => set('status', event.target.value as UserAccessCriteria['status'])}
          >
            <option value="">{t('userAccess.any')}</option>
            <option value="active">{t('userAccess.status.active')}</option>
            <option value="invited">{t('userAccess.status.invited')}</option>
            <option value="disabled">{t('userAccess.status.disabled')}</option>
          </select>
        </div>
        <DateRangeFields
          fromLabel={t('userAccess.lastLoginFrom')}
          toLabel={t('userAccess.lastLoginTo')}
          from={draft.from}
          to={draft.to}
          linked
          checkBounds={false}
          error={badRange ? t('userAccess.badRange') : null}
          errorOn="to"
          onChange={(range) => setDraft((d) => ({ ...d, ...range }))}
        />
      </AdminFilters>

      <AdminTableView<UserAccessRow>
        tool="userAccess"
        country={country}
        result={result}
        paging={criteria}
        onPagingChange={(paging) => setCriteria((c) => ({ ...c, ...paging }))}
        caption={t('userAccess.caption')}
        columns={columns}
        rowKey={(row) => row.id}
        rowClassName={(row) => (row.status === 'disabled' ? 'ua-row--disabled' : undefined)}
        refreshKey={userAccessKeys.all(country)}
        toolbar={toolbar}
        export={{
          fetchFile: (format, options) => exportUserAccess(country, criteria, format, language, options),
          fallbackName: (format) => `user_access_${country}.${format}`,
          label: t('userAccess.export'),
        }}
        activity={{
          actionLabel: (action) => {
            const key = ACTION_LABELS[action];
            return key ? t(key) : undefined;
          },
          describe: (entry) => describeEntry(entry, t),
        }}
      />

      {editing ? (
        <EditPanel
          userId={editing}
          onClose={() => setEditing(null)}
          onSaved={async (message) => {
            setToast(message);
            await refresh();
          }}
        />
      ) : null}
      <Toast message={toast} kind="success" onDone={() => setToast(null)} />
    </div>
  );
}

const ACTION_LABELS: Record<string, MessageKey> = {
  [USER_ACCESS_ACTIONS.update]: 'userAccess.action.update',
  [USER_ACCESS_ACTIONS.deactivate]: 'userAccess.action.deactivate',
  [USER_ACCESS_ACTIONS.reactivate]: 'userAccess.action.reactivate',
  [USER_ACCESS_ACTIONS.endSessions]: 'userAccess.action.endSessions',
};

const FIELD_LABELS: Record<AccessField, MessageKey> = {
  role: 'userAccess.field.role',
  accessToUcube: 'userAccess.field.ucube',
  accessToOperationalDashboards: 'userAccess.field.reports',
  isAdmin: 'userAccess.field.admin',
  isSuperUser: 'userAccess.field.superUser',
  dtAccessCodes: 'userAccess.field.dtAccessCodes',
  bsa: 'userAccess.field.bsa',
  markets: 'userAccess.field.markets',
};

/**
 * One changed field in words, as the confirmation and the Activity Log show it: 'Reports access: On →
 * Off', 'Role: Supervisor → Team Leader', 'DT access codes: added VNDT002; removed VNDT001'.
 */
export function changeLine(field: AccessField, was: unknown, now: unknown, t: Translate): string {
  const label = t(FIELD_LABELS[field]);
  if (typeof was === 'boolean' || typeof now === 'boolean') {
    return `${label}: ${t(was ? 'userAccess.on' : 'userAccess.off')} → ${t(now ? 'userAccess.on' : 'userAccess.off')}`;
  }
  if (field === 'role') return `${label}: ${term(String(was ?? '—'), t)} → ${term(String(now ?? '—'), t)}`;
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  const words = (values: readonly string[]) =>
    values.map((v) =>
      v === ALL_DT_ACCESS
        ? t('userAccess.allDts')
        : field === 'bsa'
          ? term(v, t)
          : field === 'markets' && isCountryCode(v)
            ? t(`country.${v}`)
            : v,
    );
  const { added, removed } = listDelta(list(was), list(now));
  const parts = [
    added.length ? t('userAccess.added', { list: words(added).join(', ') }) : '',
    removed.length ? t('userAccess.removed', { list: words(removed).join(', ') }) : '',
  ].filter(Boolean);
  return `${label}: ${parts.join('; ') || t('userAccess.reordered')}`;
}

/** An Activity Log entry in words: each field an edit changed, before → after; the sessions an action ended. */
export function describeEntry(entry: ActivityEntry, t: Translate): string | undefined {
  if (entry.action === USER_ACCESS_ACTIONS.update && entry.after) {
    const fields = Object.keys(entry.after).filter((k): k is AccessField => k in FIELD_LABELS);
    return fields.map((f) => changeLine(f, entry.before?.[f], entry.after?.[f], t)).join(' · ');
  }
  const ended = entry.after?.endedSessions;
  if (typeof ended === 'number' && ended > 0) return t('userAccess.endedCount', { count: ended });
  return undefined;
}

/** A user's markets by name; every market (a Super User's usual set) in two words, not seven names. */
export function marketsText(markets: string[], t: Translate): string {
  if (COUNTRY_CODES.every((code) => markets.includes(code))) return t('userAccess.allMarkets');
  return markets.map((m) => (isCountryCode(m) ? t(`country.${m}`) : m.toUpperCase())).join(', ');
}

/** A user's DTs by name (the code where the name is not known), the first three, with "name (code)" on hover. */
function DtCodesCell({
  codes,
  names,
  t,
}: {
  codes: string[];
  names: ReadonlyMap<string, string>;
  t: Translate;
}) {
  if (isAllDts(codes)) return <span className="chip ua-chip--all">{t('userAccess.allDts')}</span>;
  const shown = codes.slice(0, 3);
  return (
    <span title={codes.map((code) => (names.has(code) ? `${names.get(code)} (${code})` : code)).join(', ')}>
      {shown.map((code) => names.get(code) ?? code).join(', ')}
      {codes.length > shown.length ? ` ${t('userAccess.more', { count: codes.length - shown.length })}` : ''}
    </span>
  );
}

type Confirm = 'save' | 'deactivate' | 'reactivate' | 'endSessions';

/**
 * One user's access: a side panel on wide screens, a full-screen sheet at 480 px or less. Only what
 * the admin may grant is offered; the shared rule's refusals are shown before Save; Save, deactivate,
 * reactivate and end sessions each ask first.
 */
function EditPanel({
  userId,
  onClose,
  onSaved,
}: {
  userId: string;
  onClose(): void;
  onSaved(message: string): Promise<void>;
}) {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  const detail = useUserAccessDetail(country, userId);
  return (
    <Dialog
      title={
        detail.data
          ? t('userAccess.panelTitle', { name: detail.data.user.name })
          : t('userAccess.panelLoading')
      }
      onClose={onClose}
      className="ua-panel"
    >
      {detail.isPending ? <p>{t('common.loading')}</p> : null}
      {detail.isError ? (
        <p className="field__error" role="alert">
          {t('userAccess.loadFailed')}
        </p>
      ) : null}
      {detail.data ? (
        <EditForm
          key={JSON.stringify(detail.data.user)}
          detail={detail.data}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Dialog>
  );
}

export function EditForm({
  detail,
  onClose,
  onSaved,
}: {
  detail: UserAccessDetail;
  onClose(): void;
  onSaved(message: string): Promise<void>;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const changedAt = useChangedAt();
  const country = useClientStore((s) => s.selectedCountryCode);
  const selfId = useClientStore((s) => s.userDetails?.id ?? null);
  const before = stateOf(detail);
  const [after, setAfter] = useState<UserAccessState>(before);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dtSearch, setDtSearch] = useState('');
  const ids = { role: useId(), dt: useId(), refusals: useId() };
  const { user, grantor } = detail;
  const self = user.id === selfId;
  const readOnly = !detail.can.edit;
  const fields = changedFields(before, after);
  const refusals = readOnly ? [] : panelRefusals(detail, after, selfId);
  const targetWhy = targetRefusals(grantor, before)[0];
  const refusedField = (field: AccessField) => refusals.filter((r) => r.field === field);

  const set = <K extends keyof UserAccessState>(key: K, value: UserAccessState[K]) =>
    setAfter((a) => ({ ...a, [key]: value }));

  const offeredMarkets = [...new Set([...grantor.markets, ...before.markets])].filter(
    (m) => after.markets.includes(m) || grantor.superUser || grantor.markets.includes(m),
  );
  const dtOptions = detail.dtOptions.filter((d) => after.markets.includes(d.countryCode as never));
  const allDts = isAllDts(after.dtAccessCodes);
  const needle = dtSearch.trim().toLowerCase();
  const dtShown = dtOptions.filter(
    (d) => !needle || d.code.toLowerCase().includes(needle) || d.name.toLowerCase().includes(needle),
  );
  const unknownCodes = after.dtAccessCodes.filter(
    (c) => c !== ALL_DT_ACCESS && !detail.dtOptions.some((d) => d.code === c),
  );

  const run = async (kind: Confirm) => {
    setBusy(true);
    setFailure(null);
    try {
      if (kind === 'save') {
        const saved = await saveUserAccess(country, changeOf(user.id, before, after));
        queryClient.setQueryData(userAccessKeys.user(country, user.id), saved);
        track('save', { tool: 'userAccess', count: fields.length });
        await onSaved(t('userAccess.saved', { name: user.name }));
      } else {
        const result = await userAction(country, kind, user.id);
        const { endedSessions: _ended, ...next } = result;
        queryClient.setQueryData(userAccessKeys.user(country, user.id), next);
        track('save', { tool: 'userAccess', action: kind });
        await onSaved(t(`userAccess.done.${kind}`, { name: user.name, count: result.endedSessions }));
      }
      setConfirm(null);
    } catch (error) {
      setConfirm(null);
      const detailText = error instanceof ApiError ? error.message : '';
      setFailure(`${t('userAccess.failed')}${detailText ? ` ${detailText}` : ''}`);
    } finally {
      setBusy(false);
    }
  };

  const summary = fields.map((field) => changeLine(field, before[field], after[field], t));

  const toggle = (
    key: 'accessToUcube' | 'accessToOperationalDashboards' | 'isAdmin' | 'isSuperUser',
    label: string,
    hint?: string,
  ) => {
    const id = `${ids.role}-${key}`;
    const problems = refusedField(key);
    return (
      <div className="ua-toggle">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={after[key]}
          disabled={readOnly || busy}
          aria-invalid={problems.length > 0 || undefined}
          onChange={(event) => set(key, event.target.checked)}
        />
        <label htmlFor={id}>
          {label}
          {hint ? <span className="ua-hint">{hint}</span> : null}
        </label>
      </div>
    );
  };

  return (
    <div className="ua-form">
      <div className="ua-summary">
        <p className="ua-person__email">
          <EmailText email={user.email} />
        </p>
        <p>
          <span className={`chip ua-status ua-status--${user.status}`}>
            {t(`userAccess.status.${user.status}`)}
          </span>{' '}
          <span className="ua-muted">
            {t('userAccess.lastLoginShort', {
              at: user.lastLoginAt ? changedAt(user.lastLoginAt) : t('userAccess.never'),
            })}
            {' · '}
            {t('userAccess.sessions', { count: user.activeSessions })}
          </span>
        </p>
        {user.deactivatedAt ? (
          <p className="ua-muted">
            {t('userAccess.deactivatedBy', { at: changedAt(user.deactivatedAt, user.deactivatedByName) })}
          </p>
        ) : null}
        {targetWhy ? (
          <p className="ua-notice" role="note">
            {refusalText(targetWhy, t)}
          </p>
        ) : null}
      </div>

      <fieldset className="ua-section" disabled={readOnly || busy}>
        <legend>{t('userAccess.section.role')}</legend>
        <div className="field">
          <label className="field__label" htmlFor={ids.role}>
            {t('userAccess.field.role')}
          </label>
          <select
            id={ids.role}
            className="field__control"
            value={after.role}
            onChange={(e) => set('role', e.target.value)}
          >
            {detail.roles.map((role) => (
              <option key={role} value={role}>
                {term(role, t)}
              </option>
            ))}
          </select>
        </div>
        {toggle(
          'accessToUcube',
          t('userAccess.field.ucube'),
          !grantor.ucube && !before.accessToUcube ? t('userAccess.hint.notYours') : undefined,
        )}
        {toggle(
          'accessToOperationalDashboards',
          t('userAccess.field.reports'),
          !grantor.reports && !before.accessToOperationalDashboards
            ? t('userAccess.hint.notYours')
            : undefined,
        )}
        {toggle('isAdmin', t('userAccess.field.admin'), self ? t('userAccess.hint.ownAdmin') : undefined)}
        {toggle(
          'isSuperUser',
          t('userAccess.field.superUser'),
          grantor.superUser ? undefined : t('userAccess.hint.superOnly'),
        )}
      </fieldset>

      <fieldset className="ua-section" disabled={readOnly || busy}>
        <legend>{t('userAccess.field.markets')}</legend>
        <div className="ua-options">
          {offeredMarkets.map((m) => {
            const mayAdd = grantor.superUser || grantor.markets.includes(m);
            const id = `${ids.dt}-market-${m}`;
            return (
              <div key={m} className="ua-option">
                <input
                  id={id}
                  type="checkbox"
                  checked={after.markets.includes(m)}
                  disabled={!mayAdd && !after.markets.includes(m)}
                  onChange={(e) => set('markets', toggled(after.markets, m, e.target.checked))}
                />
                <label htmlFor={id}>{t(`country.${m}`)}</label>
              </div>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="ua-section" disabled={readOnly || busy}>
        <legend>{t('userAccess.field.dtAccessCodes')}</legend>
        {grantor.dtCodes === null || allDts ? (
          <div className="ua-option">
            <input
              id={`${ids.dt}-all`}
              type="checkbox"
              checked={allDts}
              disabled={grantor.dtCodes !== null && !allDts}
              onChange={(e) => set('dtAccessCodes', e.target.checked ? [ALL_DT_ACCESS] : [])}
            />
            <label htmlFor={`${ids.dt}-all`}>{t('userAccess.allDts')}</label>
          </div>
        ) : null}
        {!allDts || after.dtAccessCodes.length === 0 ? (
          <>
            {after.dtAccessCodes.length > 0 ? (
              <ul className="ua-chips" aria-label={t('userAccess.chosenDts')}>
                {after.dtAccessCodes.map((code) => (
                  <li key={code} className={unknownCodes.includes(code) ? 'chip ua-chip--bad' : 'chip'}>
                    {code}
                    <button
                      type="button"
                      className="ua-chip__remove"
                      aria-label={t('userAccess.removeDt', { code })}
                      onClick={() => set('dtAccessCodes', toggled(after.dtAccessCodes, code, false))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="field">
              <label className="field__label" htmlFor={ids.dt}>
                {t('userAccess.dtSearch')}
              </label>
              <input
                id={ids.dt}
                type="search"
                className="field__control"
                value={dtSearch}
                placeholder={t('userAccess.dtSearchPlaceholder')}
                onChange={(e) => setDtSearch(e.target.value)}
              />
            </div>
            <div className="ua-dt-list" role="group" aria-label={t('userAccess.dtOptions')}>
              {dtShown.length === 0 ? <p className="ua-muted">{t('userAccess.noDts')}</p> : null}
              {dtShown.map((d) => {
                const id = `${ids.dt}-${d.code}`;
                return (
                  <div key={d.code} className="ua-option">
                    <input
                      id={id}
                      type="checkbox"
                      checked={after.dtAccessCodes.includes(d.code)}
                      onChange={(e) =>
                        set(
                          'dtAccessCodes',
                          toggled(
                            after.dtAccessCodes.filter((c) => c !== ALL_DT_ACCESS),
                            d.code,
                            e.target.checked,
                          ),
                        )
                      }
                    />
                    <label htmlFor={id}>
                      {d.code} <span className="ua-muted">{d.name}</span>
                    </label>
                  </div>
                );
              })}
            </div>
          </>
        ) : null}
      </fieldset>

      <fieldset className="ua-section" disabled={readOnly || busy}>
        <legend>{t('userAccess.field.bsa')}</legend>
        <div className="ua-options">
          {BSA_VALUES.map((bsa) => {
            const held = before.bsa.includes(bsa);
            const mayAdd = grantor.superUser || grantor.bsa.includes(bsa);
            const id = `${ids.dt}-bsa-${bsa}`;
            return (
              <div key={bsa} className="ua-option">
                <input
                  id={id}
                  type="checkbox"
                  checked={after.bsa.includes(bsa)}
                  disabled={!mayAdd && !held}
                  onChange={(e) => set('bsa', toggled(after.bsa, bsa, e.target.checked))}
                />
                <label htmlFor={id}>{term(bsa, t)}</label>
              </div>
            );
          })}
        </div>
      </fieldset>

      {refusals.length > 0 ? (
        <ul id={ids.refusals} className="ua-refusals" role="alert">
          {refusals.map((r, i) => (
            <li key={i}>{refusalText(r, t)}</li>
          ))}
        </ul>
      ) : null}
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}

      {!readOnly ? (
        <div className="ua-actions ua-actions--save">
          <button
            type="button"
            className="button button--primary"
            disabled={busy || fields.length === 0 || refusals.length > 0}
            aria-describedby={refusals.length > 0 ? ids.refusals : undefined}
            onClick={() => setConfirm('save')}
          >
            {t('userAccess.save')}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
        </div>
      ) : null}

      {detail.can.endSessions || detail.can.deactivate ? (
        <section className="ua-section ua-account" aria-label={t('userAccess.section.account')}>
          <h3>{t('userAccess.section.account')}</h3>
          <div className="ua-actions">
            {detail.can.endSessions ? (
              <button
                type="button"
                className="button button--ghost"
                disabled={busy || user.activeSessions === 0}
                onClick={() => setConfirm('endSessions')}
              >
                {t('userAccess.endSessions')}
              </button>
            ) : null}
            {detail.can.deactivate ? (
              user.status === 'disabled' ? (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  onClick={() => setConfirm('reactivate')}
                >
                  {t('userAccess.reactivate')}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--danger"
                  disabled={busy}
                  onClick={() => setConfirm('deactivate')}
                >
                  {t('userAccess.deactivate')}
                </button>
              )
            ) : null}
          </div>
        </section>
      ) : null}

      {confirm === 'save' ? (
        <ConfirmDialog
          title={t('userAccess.confirm.saveTitle', { name: user.name })}
          confirmLabel={t('userAccess.save')}
          onConfirm={() => void run('save')}
          onCancel={() => setConfirm(null)}
          busy={busy}
        >
          <ul className="ua-change-list">
            {summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>{t('userAccess.confirm.saveBody')}</p>
        </ConfirmDialog>
      ) : null}
      {confirm && confirm !== 'save' ? (
        <ConfirmDialog
          title={t(`userAccess.confirm.${confirm}Title`, { name: user.name })}
          confirmLabel={t(`userAccess.${confirm}`)}
          danger={confirm !== 'reactivate'}
          onConfirm={() => void run(confirm)}
          onCancel={() => setConfirm(null)}
          busy={busy}
        >
          <p>
            {t(
              confirm === 'deactivate' && user.activeSessions === 0
                ? 'userAccess.confirm.deactivateBodyNoSessions'
                : `userAccess.confirm.${confirm}Body`,
              { name: user.name, count: user.activeSessions },
            )}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
