/**
 * Usage events SQL: one statement stores a batch (the rows arrive as one JSON parameter) and keeps
 * every rollup in step (usage_daily, usage_daily_users, and migration 0019's usage_daily_items,
 * usage_period_users and usage_active_counts), so the usage page reads the rollups, never the log.
 * One statement is atomic on its own: no explicit transaction (one round trip per batch).
 */
import {
  COUNTRIES,
  SCREEN_EVENTS,
  USAGE_TOP_ITEMS,
  type CountryCode,
  type UploadFunnel,
  type UsageActiveSeries,
  type UsageEvent,
  type UsageOverview,
  type UsagePeriod,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';

export interface EventActor {
  userId: string | null;
  role: string | null;
}

const SCREEN_EVENT_LIST = `ARRAY[${SCREEN_EVENTS.map((e) => `'${e}'`).join(', ')}]::text[]`;

/**
 * What a stored event adds to usage_daily_items: the screen it opened, the report it viewed, the
 * download (rows as the amount) or the upload step it was. `s` is a row with event, screen, properties.
 */
export const ITEMS_OF_EVENT = `(VALUES
  (CASE WHEN s.event = ANY(${SCREEN_EVENT_LIST}) THEN 'screen' END, left(s.screen, 200), '', 0::bigint),
  (CASE WHEN s.event = 'reportView' AND s.properties ->> 'name' IS NOT NULL THEN 'report' END,
   left(s.properties ->> 'name', 200), coalesce(left(s.properties ->> 'category', 60), ''), 0::bigint),
  (CASE WHEN s.event = 'download' THEN 'download' END,
   left(coalesce(s.properties ->> 'reportType', s.properties ->> 'tool', ''), 200),
   coalesce(left(s.properties ->> 'format', 20), ''),
   CASE WHEN jsonb_typeof(s.properties -> 'rows') = 'number'
        THEN least((s.properties ->> 'rows')::numeric, 1e12)::bigint ELSE 0 END),
  (CASE WHEN s.event = 'upload' THEN 'upload' END,
   left(coalesce(s.properties ->> 'tool', ''), 200), coalesce(left(s.properties ->> 'step', 40), ''), 0::bigint)
) AS i(kind, item, detail, amount)`;

/** Stores the events of one market for one actor (or none: before sign-in) and updates the rollups. */
export async function storeUsageEvents(
  q: Queryable,
  market: CountryCode,
  actor: EventActor,
  events: readonly UsageEvent[],
  receivedAt: Date,
): Promise<void> {
  const rows = JSON.stringify(
    events.map((e) => ({
      at: e.at,
      event: e.event,
      screen: e.screen,
      device_type: e.deviceType,
      browser: e.browser,
      os: e.os,
      device_model: e.deviceModel,
      properties: e.properties,
    })),
  );
  const timeZone = COUNTRIES[market].timeZone;
  await q.query(
    `WITH input AS (
       SELECT * FROM json_to_recordset($1::json) AS x(
         at timestamptz, event text, screen text, device_type text, browser text, os text,
         device_model text, properties jsonb)
     ), stored AS (
       INSERT INTO usage_events (market, at, received_at, event, screen, user_id, role, device_type, browser, os,
                                 device_model, properties)
       SELECT $2, at, $3, event, screen, $4, $5, device_type, browser, os, device_model, coalesce(properties, '{}')
       FROM input
       RETURNING (at AT TIME ZONE $6)::date AS day, event, screen, properties
     ), daily AS (
       INSERT INTO usage_daily (day, market, event, role, events)
       SELECT day, $2, event, coalesce($5, ''), count(*) FROM stored GROUP BY day, event
       ON CONFLICT (day, market, event, role) DO UPDATE SET events = usage_daily.events + excluded.events
     ), items AS (
       INSERT INTO usage_daily_items (market, day, kind, item, detail, events, amount)
       SELECT $2, s.day, i.kind, i.item, i.detail, count(*), sum(i.amount)
       FROM stored s CROSS JOIN LATERAL ${ITEMS_OF_EVENT}
       WHERE i.kind IS NOT NULL
       GROUP BY s.day, i.kind, i.item, i.detail
       ON CONFLICT (market, day, kind, item, detail) DO UPDATE
         SET events = usage_daily_items.events + excluded.events,
             amount = usage_daily_items.amount + excluded.amount
     ), days AS (
       SELECT DISTINCT day FROM stored WHERE $4::text IS NOT NULL
     ), new_days AS (
       INSERT INTO usage_daily_users (day, market, user_id, role)
       SELECT day, $2, $4::text, coalesce($5, '') FROM days
       ON CONFLICT (day, market, user_id) DO NOTHING
       RETURNING 'day'::text AS period, day AS start
     ), new_periods AS (
       INSERT INTO usage_period_users (period, market, start, user_id, role)
       SELECT DISTINCT p.period, $2, p.start, $4::text, coalesce($5, '')
       FROM days CROSS JOIN LATERAL (VALUES ('week', date_trunc('week', days.day)::date),
                                            ('month', date_trunc('month', days.day)::date)) AS p(period, start)
       ON CONFLICT (period, market, start, user_id) DO NOTHING
       RETURNING period, start
     )
     INSERT INTO usage_active_counts (market, period, start, role, users)
     SELECT $2, period, start, coalesce($5, ''), count(*)
     FROM (SELECT period, start FROM new_days UNION ALL SELECT period, start FROM new_periods) n
     GROUP BY period, start
     ON CONFLICT (market, period, start, role) DO UPDATE SET users = usage_active_counts.users + excluded.users`,
    [rows, market, receivedAt, actor.userId, actor.role, timeZone],
  );
}

// ---------------------------------------------------------------------------------------------------
// The usage page

export interface UsageScope {
  markets: readonly CountryCode[];
  from: string;
  to: string;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first day of the bucket holding `day` (weeks from Monday, as PostgreSQL's date_trunc). */
export function bucketStart(period: UsagePeriod, day: string): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday);
}

/** Every bucket from the one holding `from` to the one holding `to`, oldest first. */
export function bucketsOf(period: UsagePeriod, from: string, to: string): string[] {
  const out: string[] = [];
  let at = bucketStart(period, from);
  while (at <= to) {
    out.push(at);
    if (period === 'day') at = addDays(at, 1);
    else if (period === 'week') at = addDays(at, 7);
    else {
      const [y, m] = at.split('-').map(Number) as [number, number];
      at = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return out;
}

interface ActiveRow {
  period: UsagePeriod;
  start: string;
  market: string | null;
  role: string | null;
  users: number;
}

function activeSeries(rows: readonly ActiveRow[], period: UsagePeriod, scope: UsageScope): UsageActiveSeries {
  const buckets = bucketsOf(period, scope.from, scope.to);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const total = buckets.map(() => 0);
  const byRole = new Map<string, number[]>();
  const byMarket = new Map<string, number[]>();
  for (const r of rows) {
    if (r.period !== period) continue;
    const i = index.get(r.start);
    if (i === undefined) continue;
    const split = r.role !== null ? byRole : r.market !== null ? byMarket : null;
    if (!split) {
      total[i] = r.users;
      continue;
    }
    const key = (r.role ?? r.market)!;
    let values = split.get(key);
    if (!values) split.set(key, (values = buckets.map(() => 0)));
    values[i] = r.users;
  }
  const sorted = (m: Map<string, number[]>) =>
    [...m.entries()]
      .map(([key, users]) => ({ key, users }))
      .sort((a, b) => sum(b.users) - sum(a.users) || a.key.localeCompare(b.key));
  return { buckets, total, byRole: sorted(byRole), byMarket: sorted(byMarket) };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Everything the usage page shows for the scope, from the rollups and the imports' records. */
export async function usageOverview(
  q: Queryable,
  scope: UsageScope,
): Promise<Omit<UsageOverview, 'can' | 'markets'>> {
  const { markets, from, to } = scope;
  const weekFrom = bucketStart('week', from);
  const monthFrom = bucketStart('month', from);
  const [active, items, events, imports] = await Promise.all([
    q.query<ActiveRow>(
      `SELECT period, start, CASE WHEN grouping(market) = 0 THEN market END AS market,
              CASE WHEN grouping(role) = 0 THEN role END AS role, sum(users)::int AS users
       FROM usage_active_counts
       WHERE market = ANY($1::text[]) AND (
         (period = 'day' AND start BETWEEN $2::date AND $3::date) OR
         (period = 'week' AND start BETWEEN $4::date AND $3::date) OR
         (period = 'month' AND start BETWEEN $5::date AND $3::date))
       GROUP BY GROUPING SETS ((period, start), (period, start, role), (period, start, market))`,
      [markets, from, to, weekFrom, monthFrom],
    ),
    q.query<{ kind: string; item: string; detail: string; events: number; amount: number }>(
      `SELECT kind, item, detail, sum(events)::bigint AS events, sum(amount)::bigint AS amount
       FROM usage_daily_items
       WHERE market = ANY($1::text[]) AND day BETWEEN $2::date AND $3::date
       GROUP BY kind, item, detail
       ORDER BY sum(events) DESC, kind, item, detail`,
      [markets, from, to],
    ),
    q.query<{ event: string; count: number }>(
      `SELECT event, sum(events)::bigint AS count FROM usage_daily
       WHERE market = ANY($1::text[]) AND day BETWEEN $2::date AND $3::date
       GROUP BY event ORDER BY count DESC, event`,
      [markets, from, to],
    ),
    // The import pipeline's records: every file taken (started), those with a preview, applied,
    // and refused or failed. The day is the market's.
    q.query<UploadFunnel & { kind: string }>(
      `SELECT i.kind, count(*)::int AS started,
              count(*) FILTER (WHERE i.preview IS NOT NULL)::int AS previewed,
              count(*) FILTER (WHERE i.state = 'applied')::int AS applied,
              count(*) FILTER (WHERE i.state IN ('rejected', 'failed'))::int AS failed
       FROM imports i JOIN countries c ON c.code = i.market
       WHERE i.market = ANY($1::text[])
         AND i.created_at >= $2::date - 1 AND i.created_at < $3::date + 2
         AND (i.created_at AT TIME ZONE c.time_zone)::date BETWEEN $2::date AND $3::date
       GROUP BY i.kind ORDER BY started DESC, i.kind`,
      [markets, from, to],
    ),
  ]);

  const top = <T>(kind: string, map: (r: (typeof items.rows)[number]) => T) =>
    items.rows
      .filter((r) => r.kind === kind)
      .slice(0, USAGE_TOP_ITEMS)
      .map(map);
  const downloads = items.rows.filter((r) => r.kind === 'download');
  const funnel: UploadFunnel = { started: 0, previewed: 0, applied: 0, failed: 0 };
  for (const r of imports.rows) {
    funnel.started += r.started;
    funnel.previewed += r.previewed;
    funnel.applied += r.applied;
    funnel.failed += r.failed;
  }
  return {
    from,
    to,
    active: {
      day: activeSeries(active.rows, 'day', scope),
      week: activeSeries(active.rows, 'week', scope),
      month: activeSeries(active.rows, 'month', scope),
    },
    events: events.rows.map((r) => ({ event: r.event, count: Number(r.count) })),
    screens: top('screen', (r) => ({ screen: r.item, opens: Number(r.events) })),
    reports: top('report', (r) => ({ name: r.item, category: r.detail, opens: Number(r.events) })),
    downloads: {
      total: sum(downloads.map((r) => Number(r.events))),
      rows: sum(downloads.map((r) => Number(r.amount))),
      items: downloads.slice(0, USAGE_TOP_ITEMS).map((r) => ({
        item: r.item,
        format: r.detail,
        downloads: Number(r.events),
        rows: Number(r.amount),
      })),
    },
    uploads: {
      funnel,
      byKind: imports.rows,
      steps: items.rows
        .filter((r) => r.kind === 'upload')
        .map((r) => ({ tool: r.item, step: r.detail, events: Number(r.events) })),
    },
  };
}
