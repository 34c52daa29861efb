import {
  FLAG_GROUPS,
  OUTLET_STATUS_DOMAINS_MAX,
  type AdminConfig,
  type ConfigFlag,
  type CountryCode,
  type UpdateAdminConfig,
} from '@fieldforce/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { ActivityLogDialog, activityLogKey } from '../../../components/activity-log';
import { ChangeListBar, useChangedAt } from '../../../components/admin-tool';
import { ConfirmDialog } from '../../../components/dialog';
import { LoadingStatus } from '../../../components/loading-status';
import { Toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useT, type MessageKey } from '../../../lib/i18n';
import { refreshMarketFlags } from '../../../lib/market-flags';
import { apiErrorMessages } from '../../../lib/server-messages';
import { track } from '../../../lib/usage';
import { adminConfigKey, getAdminConfig, saveAdminConfig } from '../api/admin-config';
import { adminToolsKey } from '../admin-tools';
import { changedFlags, parseDomains, sameList, type FlagDraft } from '../config-rules';
import './market-configuration.css';

const flagTitle = (name: string) => `config.flag.${name}` as MessageKey;
const flagHelp = (name: string) => `config.flag.${name}.help` as MessageKey;

/**
 * The market's settings on /adminconfigurationpage (issue 13): every feature flag of spec section 3 by
 * group with a one-line explanation, its last change and a switch; the Outlet Status email domains; Save
 * (asking to confirm the risky ones), the Activity Log. Read-only when the server says the caller may
 * not edit (`can.edit`).
 */
export function MarketConfiguration({ country }: { country: CountryCode }) {
  const t = useT();
  const query = useQuery({
    queryKey: adminConfigKey(country),
    queryFn: ({ signal }) => getAdminConfig(country, signal),
  });
  return (
    <section className="market-config" aria-labelledby="market-config-heading">
      <h2 id="market-config-heading" className="market-config__heading">
        {t('config.heading')}
      </h2>
      <p className="market-config__lead">{t('config.lead', { country: t(`country.${country}`) })}</p>
      {query.isPending ? <LoadingStatus label={t('config.loading')} /> : null}
      {query.isError ? (
        <p className="dtable-message dtable-message--error" role="alert">
          {t('config.error')}{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : null}
      {query.data ? <ConfigForm key={country} country={country} config={query.data} /> : null}
    </section>
  );
}

function ConfigForm({ country, config }: { country: CountryCode; config: AdminConfig }) {
  const t = useT();
  const client = useQueryClient();
  const changedAt = useChangedAt();
  const [draft, setDraft] = useState<FlagDraft>({});
  const savedDomains = config.outletStatusEmailDomains.domains;
  const [domainsText, setDomainsText] = useState(savedDomains.join(', '));
  const [confirming, setConfirming] = useState(false);
  const [activity, setActivity] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  const domainsId = useId();
  const editable = config.can.edit;

  const flagChanges = changedFlags(config, draft);
  const domains = parseDomains(domainsText);
  const domainsChanged = domains.ok && !sameList(domains.domains, savedDomains);
  const count = flagChanges.length + (domainsChanged ? 1 : 0);
  const risky = flagChanges.filter((c) => config.flags.find((f) => f.name === c.name)?.risky);

  const clear = useCallback(() => {
    setDraft({});
    setDomainsText(savedDomains.join(', '));
    setFailure(null);
  }, [savedDomains]);

  const save = useMutation({
    mutationFn: (body: UpdateAdminConfig) => saveAdminConfig(country, body),
    onSuccess: async (answer) => {
      client.setQueryData(adminConfigKey(country), answer);
      setDraft({});
      setDomainsText(answer.outletStatusEmailDomains.domains.join(', '));
      setConfirming(false);
      setFailure(null);
      setToast(t('config.saved'));
      track('save', { tool: 'adminConfiguration', changes: count });
      await Promise.all([
        refreshMarketFlags(client, country),
        client.invalidateQueries({ queryKey: adminToolsKey(country) }),
        client.invalidateQueries({ queryKey: activityLogKey('adminConfiguration', country) }),
      ]);
    },
    onError: (error) => {
      setConfirming(false);
      setFailure(isApiError(error) ? apiErrorMessages(error, t) : [t('config.saveFailed')]);
    },
  });

  const send = () => {
    const body: UpdateAdminConfig = {};
    if (flagChanges.length > 0) body.flags = Object.fromEntries(flagChanges.map((c) => [c.name, c.value]));
    if (domainsChanged && domains.ok) body.outletStatusEmailDomains = domains.domains;
    save.mutate(body);
  };
  const onSave = () => {
    if (!domains.ok || count === 0) return;
    if (risky.length > 0) setConfirming(true);
    else send();
  };

  const onOff = (value: boolean) => t(value ? 'config.on' : 'config.off');

  return (
    <div className="market-config__body">
      {!editable ? (
        <p className="notice" role="note">
          <span className="notice__icon" aria-hidden="true">
            i
          </span>
          <span>{t('config.readOnly')}</span>
        </p>
      ) : null}
      <div className="market-config__toolbar">
        <button type="button" className="button button--ghost" onClick={() => setActivity(true)}>
          {t('config.activity')}
        </button>
      </div>
      {editable ? (
        <ChangeListBar
          count={count}
          text={t(count === 1 ? 'config.unsavedOne' : 'config.unsaved', { count })}
          clearLabel={t('config.reset')}
          saveLabel={save.isPending ? t('config.saving') : t('config.saveCount', { count })}
          onClear={clear}
          onSave={onSave}
          busy={save.isPending || !domains.ok}
        />
      ) : null}
      {failure ? (
        <div className="dtable-message dtable-message--error" role="alert">
          <p>{t('config.saveFailed')}</p>
          <ul>
            {failure.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {FLAG_GROUPS.map((group) => {
        const flags = config.flags.filter((f) => f.group === group);
        if (flags.length === 0) return null;
        return (
          <fieldset key={group} className="market-config__group">
            <legend>{t(`config.group.${group}` as MessageKey)}</legend>
            <ul className="market-config__flags">
              {flags.map((flag) => (
                <FlagRow
                  key={flag.name}
                  flag={flag}
                  value={draft[flag.name] ?? flag.value}
                  disabled={!editable || !flag.editable || save.isPending}
                  lastChange={
                    flag.lastChange
                      ? t('config.lastChange', {
                          name: flag.lastChange.byName,
                          at: changedAt(flag.lastChange.at),
                        })
                      : t('config.neverChanged')
                  }
                  onToggle={() =>
                    setDraft((d) => {
                      const next = !(d[flag.name] ?? flag.value);
                      const copy = { ...d };
                      if (next === flag.value) delete copy[flag.name];
                      else copy[flag.name] = next;
                      return copy;
                    })
                  }
                />
              ))}
            </ul>
          </fieldset>
        );
      })}

      <fieldset className="market-config__group">
        <legend>{t('config.domains.heading')}</legend>
        <p className="market-config__help" id={`${domainsId}-help`}>
          {t('config.domains.help')}
        </p>
        <label className="field" htmlFor={domainsId}>
          <span className="field__label">{t('config.domains.label')}</span>
          <input
            id={domainsId}
            className="field__control"
            type="text"
            value={domainsText}
            readOnly={!editable}
            aria-readonly={!editable}
            aria-invalid={!domains.ok}
            aria-describedby={`${domainsId}-help ${domainsId}-status`}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setDomainsText(e.target.value)}
          />
        </label>
        <p
          id={`${domainsId}-status`}
          className={domains.ok ? 'market-config__meta' : 'field__error'}
          role={domains.ok ? undefined : 'alert'}
        >
          {!domains.ok
            ? domains.reason === 'invalid'
              ? t('config.domains.invalid', { value: domains.value })
              : t('config.domains.tooMany', { max: OUTLET_STATUS_DOMAINS_MAX })
            : domains.domains.length === 0
              ? t('config.domains.none')
              : config.outletStatusEmailDomains.lastChange
                ? t('config.lastChange', {
                    name: config.outletStatusEmailDomains.lastChange.byName,
                    at: changedAt(config.outletStatusEmailDomains.lastChange.at),
                  })
                : t('config.neverChanged')}
        </p>
      </fieldset>

      {confirming ? (
        <ConfirmDialog
          title={t('config.confirmTitle')}
          confirmLabel={t('config.confirmSave')}
          onConfirm={send}
          onCancel={() => setConfirming(false)}
          busy={save.isPending}
          danger={risky.some((c) => !c.value)}
        >
          <p>{t('config.confirmLead', { country: t(`country.${country}`) })}</p>
          <ul className="market-config__changes">
            {flagChanges.map((c) => (
              <li key={c.name}>
                {t(c.value ? 'config.turnOn' : 'config.turnOff', { flag: t(flagTitle(c.name)) })}
              </li>
            ))}
          </ul>
        </ConfirmDialog>
      ) : null}
      {activity ? (
        <ActivityLogDialog
          tool="adminConfiguration"
          country={country}
          onClose={() => setActivity(false)}
          actionLabel={(action) =>
            action === 'config.flag.update'
              ? t('config.activity.flag')
              : action === 'config.outletStatusDomains.update'
                ? t('config.activity.domains')
                : undefined
          }
          describe={(entry) => {
            const key = Object.keys(entry.after ?? {})[0];
            if (!key) return undefined;
            const show = (v: unknown) =>
              typeof v === 'boolean' ? onOff(v) : Array.isArray(v) ? v.join(', ') || '—' : String(v ?? '—');
            const title =
              entry.action === 'config.flag.update' ? t(flagTitle(key)) : t('config.domains.heading');
            return `${title}: ${show(entry.before?.[key])} → ${show(entry.after?.[key])}`;
          }}
        />
      ) : null}
      <Toast message={toast} kind="success" onDone={() => setToast(null)} />
    </div>
  );
}

function FlagRow({
  flag,
  value,
  disabled,
  lastChange,
  onToggle,
}: {
  flag: ConfigFlag;
  value: boolean;
  disabled: boolean;
  lastChange: string;
  onToggle(): void;
}) {
  const t = useT();
  const id = useId();
  const changed = value !== flag.value;
  const notes = [
    !flag.editable ? t('config.fixed') : null,
    flag.editable && !flag.inEffect ? t('config.notInEffect') : null,
  ].filter(Boolean);
  return (
    <li className={changed ? 'market-config__flag market-config__flag--changed' : 'market-config__flag'}>
      <div className="market-config__text">
        <span className="market-config__name" id={`${id}-name`}>
          {t(flagTitle(flag.name))} <code lang="en">{flag.name}</code>
          {flag.risky && flag.editable ? (
            <span className="market-config__badge">{t('config.risky')}</span>
          ) : null}
        </span>
        <span className="market-config__help" id={`${id}-help`}>
          {t(flagHelp(flag.name))}
        </span>
        <span className="market-config__meta" id={`${id}-meta`}>
          {lastChange} · {t('config.default', { value: t(flag.defaultValue ? 'config.on' : 'config.off') })}
          {notes.length > 0 ? ` · ${notes.join(' ')}` : ''}
        </span>
      </div>
      <label className="status-switch market-config__switch">
        <input
          type="checkbox"
          role="switch"
          checked={value}
          disabled={disabled}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-help ${id}-meta`}
          onChange={onToggle}
        />
        <span className="status-switch__track" aria-hidden="true" />
        <span className={value ? 'status-switch__text status-switch__text--on' : 'status-switch__text'}>
          {t(value ? 'config.on' : 'config.off')}
        </span>
        {changed ? <span className="status-switch__changed">({t('config.changed')})</span> : null}
      </label>
    </li>
  );
}
