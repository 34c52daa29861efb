/**
 * Reading and saving a market's configuration: `countries.flags` (merged over the contracts' defaults by
 * lib/market-flags.ts), `countries.outlet_status_email_domains`, and the last change of each from the
 * audit log (tool 'adminConfiguration'; entries are market-wide, target null, before/after keyed by name).
 */
import {
  COUNTRY_FLAG_NAMES,
  type CountryCode,
  type CountryFlagName,
  type CountryFlags,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { audited, type AdminChange, type ChangeAudit } from '../../lib/tables/index.js';
import { mergeFlags } from '../../lib/market-flags.js';

export const FLAG_ACTION = 'config.flag.update';
export const DOMAINS_ACTION = 'config.outletStatusDomains.update';
export const DOMAINS_KEY = 'outletStatusEmailDomains';

export interface LastChange {
  at: string;
  byName: string;
}

export interface MarketConfig {
  flags: CountryFlags;
  domains: string[];
  /** By flag name, and DOMAINS_KEY for the email-domain list. */
  lastChanges: Map<string, LastChange>;
}

async function readRow(q: Queryable, market: CountryCode, lock = false) {
  const { rows } = await q.query<{ flags: unknown; outlet_status_email_domains: string[] | null }>(
    `SELECT flags, outlet_status_email_domains FROM countries WHERE code = $1${lock ? ' FOR UPDATE' : ''}`,
    [market],
  );
  return {
    exists: rows.length > 0,
    flags: mergeFlags(market, rows[0]?.flags),
    domains: rows[0]?.outlet_status_email_domains ?? [],
  };
}

/** The newest change of each flag and of the domain list, with who made it. */
async function lastChanges(q: Queryable, market: CountryCode): Promise<Map<string, LastChange>> {
  const { rows } = await q.query<{ key: string; at: Date; by_name: string | null }>(
    `SELECT DISTINCT ON (k.key) k.key, a.at, coalesce(u.name, u.email) AS by_name
       FROM audit_log a
       CROSS JOIN LATERAL jsonb_object_keys(coalesce(a.after, '{}'::jsonb)) AS k(key)
       LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.market = $1 AND a.tool = 'adminConfiguration' AND a.action IN ($2, $3)
      ORDER BY k.key, a.at DESC, a.seq DESC NULLS LAST, a.id DESC`,
    [market, FLAG_ACTION, DOMAINS_ACTION],
  );
  return new Map(rows.map((r) => [r.key, { at: new Date(r.at).toISOString(), byName: r.by_name ?? '' }]));
}

export async function readConfig(q: Queryable, market: CountryCode): Promise<MarketConfig> {
  const row = await readRow(q, market);
  return { flags: row.flags, domains: row.domains, lastChanges: await lastChanges(q, market) };
}

export interface ConfigChange {
  flags?: Partial<Record<CountryFlagName, boolean>>;
  outletStatusEmailDomains?: string[];
}

/**
 * Applies the change in `tx` (the change's transaction): the flags that differ are written into
 * `countries.flags` (the whole merged set, so the row states every flag), the domain list if it
 * differs. Gives back what changed (flag names, DOMAINS_KEY) and one audit entry per flag changed and
 * one for the list (registerAdminChange writes them, tool 'adminConfiguration').
 */
export async function saveConfig(
  tx: Queryable,
  market: CountryCode,
  change: ConfigChange,
): Promise<AdminChange<{ changed: string[] }>> {
  const row = await readRow(tx, market, true);
  const changedFlags: CountryFlagName[] = [];
  const changed: string[] = [];
  const audit: ChangeAudit[] = [];
  const next: CountryFlags = { ...row.flags };
  for (const name of COUNTRY_FLAG_NAMES) {
    const value = change.flags?.[name];
    if (value === undefined || value === row.flags[name]) continue;
    next[name] = value;
    changedFlags.push(name);
  }
  if (changedFlags.length > 0) {
    changed.push(...changedFlags);
    await tx.query('UPDATE countries SET flags = $2::jsonb WHERE code = $1', [market, JSON.stringify(next)]);
    for (const name of changedFlags) {
      audit.push({
        action: FLAG_ACTION,
        target: null,
        before: { [name]: row.flags[name] },
        after: { [name]: next[name] },
      });
    }
  }
  if (change.outletStatusEmailDomains !== undefined) {
    const domains = [...new Set(change.outletStatusEmailDomains)];
    const before = row.domains.map((d) => d.toLowerCase());
    if (domains.length !== before.length || domains.some((d, i) => d !== before[i])) {
      await tx.query('UPDATE countries SET outlet_status_email_domains = $2::text[] WHERE code = $1', [
        market,
        domains,
      ]);
      audit.push({
        action: DOMAINS_ACTION,
        target: null,
        before: { [DOMAINS_KEY]: row.domains },
        after: { [DOMAINS_KEY]: domains },
      });
      changed.push(DOMAINS_KEY);
    }
  }
  return audited({ changed }, ...audit);
}
