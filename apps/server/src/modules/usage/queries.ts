/**
 * Usage events SQL: a request's batch goes into the inbox (one row per request); one statement
 * moves inbox rows into the events log (usage_event_log, migration 0027: the same row, one per request)
 * and keeps every rollup in step (usage_daily, usage_daily_users, and migration 0019's usage_daily_items,
 * usage_monthly_items, usage_period_users and usage_active_counts), so the usage page reads the rollups,
 * never the log. The view usage_events_all lists every event one a row (the old table and the log).
 * One statement is atomic on its own: no explicit transaction (one round trip per batch).
 */
import {
  SCREEN_EVENTS,
  USAGE_TOP_ITEMS,
  type CountryCode,
  type UploadFunnel,
  type UsageActiveSeries,
  type UsageEvent,
  type UsageOverview,
  type UsagePeriod,
} from '@fieldforce/contracts';
import type { Database, Queryable } from '../../db/client.js';

export interface EventActor {
  userId: string | null;
  role: string | null;
}

const SCREEN_EVENT_LIST = `ARRAY[${SCREEN_EVENTS.map((e) => `'${e}'`).join(', ')}]::text[]`;

/**
 * What a stored event adds to usage_daily_items (and usage_monthly_items): the screen it opened, the
 * report it viewed, the download (rows as the amount) or the upload step it was, and its name. `s` is a row with event, screen, properties.
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
   left(coalesce(s.properties ->> 'tool', ''), 200), coalesce(left(s.properties ->> 'step', 40), ''), 0::bigint),
  ('event', s.event, '', 0::bigint)
) AS i(kind, item, detail, amount)`;

/** One request's events: the market, who sent them (none before sign-in) and the events. */
export interface UsageBatchToStore {
  market: CountryCode;
  actor: EventActor;
  events: readonly UsageEvent[];
}

/**
 * The rollups of the events in an \`input\` CTE with ord, market, user_id, event, screen, properties, day
 * (the market's) and role_key: one grouped upsert per rollup table. The grouped rows are upserted in key
 * order, so two processes take row locks in the same order. A person's role for a day, week or month is
 * the role of their first event in it.
 */
const ROLL_UP = `     ), daily AS (
       INSERT INTO usage_daily (day, market, event, role, events)
       SELECT day, market, event, role_key, count(*) FROM input
       GROUP BY day, market, event, role_key ORDER BY day, market, event, role_key
       ON CONFLICT (day, market, event, role) DO UPDATE SET events = usage_daily.events + excluded.events
     ), alike AS (
       -- Events alike in what the items read, counted once: the items are worked out per kind of event.
       -- Only reportView, download and upload read their properties; the others are not told apart by them.
       SELECT market, day, event, screen, properties, count(*) AS n
       FROM (SELECT market, day, event, screen,
                    CASE WHEN event IN ('reportView', 'download', 'upload') THEN properties ELSE '{}'::jsonb END
                      AS properties
             FROM input) x
       GROUP BY market, day, event, screen, properties
     ), day_items AS (
       SELECT s.market, s.day, i.kind, i.item, i.detail, sum(s.n) AS events, sum(i.amount * s.n) AS amount
       FROM alike s CROSS JOIN LATERAL ${ITEMS_OF_EVENT}
       WHERE i.kind IS NOT NULL
       GROUP BY s.market, s.day, i.kind, i.item, i.detail
     ), items AS (
       INSERT INTO usage_daily_items (market, day, kind, item, detail, events, amount)
       SELECT market, day, kind, item, detail, events, amount FROM day_items
       ORDER BY market, day, kind, item, detail
       ON CONFLICT (market, day, kind, item, detail) DO UPDATE
         SET events = usage_daily_items.events + excluded.events,
             amount = usage_daily_items.amount + excluded.amount
     ), monthly AS (
       INSERT INTO usage_monthly_items (market, month, kind, item, detail, events, amount)
       SELECT market, date_trunc('month', day)::date, kind, item, detail, sum(events), sum(amount) FROM day_items
       GROUP BY market, date_trunc('month', day), kind, item, detail
       ORDER BY market, date_trunc('month', day), kind, item, detail
       ON CONFLICT (market, month, kind, item, detail) DO UPDATE
         SET events = usage_monthly_items.events + excluded.events,
             amount = usage_monthly_items.amount + excluded.amount
     ), days AS (
       SELECT DISTINCT ON (day, market, user_id) day, market, user_id, role_key
       FROM (SELECT day, market, user_id, role_key, min(ord) AS ord FROM input WHERE user_id IS NOT NULL
             GROUP BY day, market, user_id, role_key) f
       ORDER BY day, market, user_id, ord
     ), new_days AS (
       INSERT INTO usage_daily_users (day, market, user_id, role)
       SELECT day, market, user_id, role_key FROM days ORDER BY day, market, user_id
       ON CONFLICT (day, market, user_id) DO NOTHING
       RETURNING 'day'::text AS period, day AS start, market, role
     ), new_periods AS (
       INSERT INTO usage_period_users (period, market, start, user_id, role)
       SELECT DISTINCT ON (p.period, d.market, p.start, d.user_id) p.period, d.market, p.start, d.user_id, d.role_key
       FROM days d CROSS JOIN LATERAL (VALUES ('week', date_trunc('week', d.day)::date),
                                             ('month', date_trunc('month', d.day)::date)) AS p(period, start)
       ORDER BY p.period, d.market, p.start, d.user_id, d.day
       ON CONFLICT (period, market, start, user_id) DO NOTHING
       RETURNING period, start, market, role
     ), counts AS (
       INSERT INTO usage_active_counts (market, period, start, role, users)
     SELECT market, period, start, role, count(*)
     FROM (SELECT period, start, market, role FROM new_days
           UNION ALL SELECT period, start, market, role FROM new_periods) n
     GROUP BY market, period, start, role ORDER BY market, period, start, role
       ON CONFLICT (market, period, start, role) DO UPDATE SET users = usage_active_counts.users + excluded.users
     )`;

/**
 * Takes several requests' events into the inbox, one row per request (the events as they came, JSON):
 * the cheap write a request waits for. processUsageInbox moves them on.
 */
export async function storeUsageBatches(
  q: Queryable,
  batches: readonly UsageBatchToStore[],
  receivedAt: Date,
): Promise<void> {
  const rows = batches
    .filter((b) => b.events.length > 0)
    .map((b) => ({ market: b.market, user_id: b.actor.userId, role: b.actor.role, events: b.events }));
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO usage_event_inbox (market, received_at, user_id, role, events)
     SELECT x.market, $2, x.user_id, x.role, x.events
     FROM json_to_recordset($1::json) AS x(market text, user_id text, role text, events jsonb)`,
    [JSON.stringify(rows), receivedAt],
  );
}

/**
 * Moves up to \`limit\` inbox rows (oldest first; rows another process holds are skipped) into the
 * events log (usage_event_log: the row itself, one per request, under the inbox row's id) and every
 * rollup, in one statement: the inbox rows go exactly when their batches are logged and counted, and a
 * batch logged once cannot be logged again (the id is the log's key). Answers how many inbox rows it
 * moved. Rows marked failed stay out of the way. An inbox row of an unknown market is dropped.
 */
export async function processUsageInbox(q: Queryable, limit = 400): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH taken AS (
       DELETE FROM usage_event_inbox
       WHERE id IN (SELECT id FROM usage_event_inbox WHERE NOT failed ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, market, received_at, user_id, role, events
     ), batches AS (
       SELECT t.id, t.market, t.received_at, t.user_id, t.role, t.events, c.time_zone
       FROM taken t JOIN countries c ON c.code = t.market
     ), logged AS (
       INSERT INTO usage_event_log (id, market, received_at, user_id, role, events)
       SELECT id, market, received_at, user_id, role, events FROM batches ORDER BY id
     ), input AS (
       SELECT b.id * 1000 + e.n AS ord, b.market, b.user_id, coalesce(b.role, '') AS role_key,
              e.event, e.screen, coalesce(e.properties, '{}'::jsonb) AS properties,
              (e.at AT TIME ZONE b.time_zone)::date AS day
       FROM batches b
       CROSS JOIN LATERAL ROWS FROM (
         jsonb_to_recordset(b.events) AS (event text, at timestamptz, screen text, properties jsonb)
       ) WITH ORDINALITY AS e(event, at, screen, properties, n)
     ${ROLL_UP}
     SELECT count(*)::int AS n FROM taken`,
    [limit],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Empties the inbox (what this and other processes took in), isolating a row that cannot be stored:
 * a failing chunk is retried row by row, and a row that fails alone is marked failed (kept for a look,
 * never retried). Answers the rows moved. `untilEmpty` false: one pass, the writer's timed move.
 */
export async function drainUsageInbox(
  q: Queryable,
  onFailure?: (error: unknown) => void,
  chunk = 400,
  untilEmpty = true,
): Promise<number> {
  let moved = 0;
  /**
   * Nothing left to take: done, unless rows are still locked by another mover (another process, or a
   * writer's timer) whose move has not committed. Waits for that lock, so that "the inbox is empty"
   * holds when this resolves; a row that mover failed to move is taken again here. One pass
   * (`untilEmpty` false) ends at the first chunk that is not full instead, without waiting.
   */
  const done = async (n: number, size: number) => {
    if (!untilEmpty) return n < size;
    if (n > 0) return false;
    const { rows } = await q.query(
      'SELECT id FROM usage_event_inbox WHERE NOT failed ORDER BY id LIMIT 1 FOR UPDATE',
    );
    return rows.length === 0;
  };
  for (;;) {
    try {
      const n = await processUsageInbox(q, chunk);
      moved += n;
      if (await done(n, chunk)) return moved;
    } catch (error) {
      onFailure?.(error);
      try {
        const n = await processUsageInbox(q, 1);
        moved += n;
        if (n === 0 && (await done(n, 1))) return moved;
      } catch (single) {
        const { rows } = await q.query(
          `UPDATE usage_event_inbox SET failed = true
           WHERE id = (SELECT id FROM usage_event_inbox WHERE NOT failed ORDER BY id LIMIT 1) RETURNING id`,
        );
        // No row to blame (the statement fails with nothing to move: the database, not a row): give up
        // instead of trying again for ever.
        if (rows.length === 0 && (await done(0, 1))) throw single;
      }
    }
  }
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

/**
 * The calendar months wholly inside from..to, as [from, to) first days (from = to when there is none):
 * they are read from the monthly rollup, the days outside them from the daily one.
 */
export function wholeMonths(from: string, to: string): { from: string; to: string } {
  const first = from.endsWith('-01') ? from : nextMonth(bucketStart('month', from));
  const end = nextMonth(bucketStart('month', to));
  // The month holding `to` counts only when `to` is its last day.
  const last = addDays(to, 1) === end ? end : bucketStart('month', to);
  return first < last ? { from: first, to: last } : { from: first, to: first };
}

function nextMonth(monthStart: string): string {
  const [y, m] = monthStart.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
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
  const months = wholeMonths(from, to);
  const [active, items, imports] = await Promise.all([
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
    // Whole months from usage_monthly_items, the days at either end from usage_daily_items; the
    // events by name are the 'event' items.
    q.query<{ kind: string; item: string; detail: string; events: number; amount: number }>(
      `SELECT kind, item, detail, sum(events)::bigint AS events, sum(amount)::bigint AS amount
       FROM (
         SELECT kind, item, detail, events, amount FROM usage_monthly_items
         WHERE market = ANY($1::text[]) AND month >= $4::date AND month < $5::date
         UNION ALL
         SELECT kind, item, detail, events, amount FROM usage_daily_items
         WHERE market = ANY($1::text[]) AND day BETWEEN $2::date AND $3::date
           AND NOT (day >= $4::date AND day < $5::date)
       ) x
       GROUP BY kind, item, detail
       ORDER BY sum(events) DESC, kind, item, detail`,
      [markets, from, to, months.from, months.to],
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
    events: items.rows
      .filter((r) => r.kind === 'event')
      .map((r) => ({ event: r.item, count: Number(r.events) })),
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

/**
 * Rebuilds every rollup from the stored events (the bench after a set-based load; a repair after
 * events were deleted). The same rules as each batch's statement, applied to the whole log.
 */
export async function rebuildUsageRollups(db: Database): Promise<void> {
  const statements = [
    'TRUNCATE usage_daily, usage_daily_users, usage_daily_items, usage_monthly_items, usage_period_users, usage_active_counts',
    `CREATE TEMP TABLE usage_rebuild ON COMMIT DROP AS
       SELECT u.market, (u.at AT TIME ZONE c.time_zone)::date AS day, u.event, u.screen, u.properties,
              u.user_id, coalesce(u.role, '') AS role, u.id
       FROM usage_events_all u JOIN countries c ON c.code = u.market`, // every event, old table and log (the view),
    `INSERT INTO usage_daily (day, market, event, role, events)
       SELECT day, market, event, role, count(*) FROM usage_rebuild GROUP BY day, market, event, role`,
    `INSERT INTO usage_daily_items (market, day, kind, item, detail, events, amount)
       SELECT s.market, s.day, i.kind, i.item, i.detail, count(*), sum(i.amount)
       FROM usage_rebuild s CROSS JOIN LATERAL ${ITEMS_OF_EVENT}
       WHERE i.kind IS NOT NULL
       GROUP BY s.market, s.day, i.kind, i.item, i.detail`,
    `INSERT INTO usage_monthly_items (market, month, kind, item, detail, events, amount)
       SELECT market, date_trunc('month', day)::date, kind, item, detail, sum(events), sum(amount)
       FROM usage_daily_items GROUP BY market, date_trunc('month', day), kind, item, detail`,
    // A person's role on a day, week or month is the role of their first event in it.
    `INSERT INTO usage_daily_users (day, market, user_id, role)
       SELECT DISTINCT ON (day, market, user_id) day, market, user_id, role
       FROM usage_rebuild WHERE user_id IS NOT NULL ORDER BY day, market, user_id, id`,
    `INSERT INTO usage_period_users (period, market, start, user_id, role)
       SELECT DISTINCT ON (p.period, d.market, p.start, d.user_id) p.period, d.market, p.start, d.user_id, d.role
       FROM usage_daily_users d
       CROSS JOIN LATERAL (VALUES ('week', date_trunc('week', d.day)::date),
                                  ('month', date_trunc('month', d.day)::date)) AS p(period, start)
       ORDER BY p.period, d.market, p.start, d.user_id, d.day`,
    `INSERT INTO usage_active_counts (market, period, start, role, users)
       SELECT market, 'day', day, role, count(*) FROM usage_daily_users GROUP BY market, day, role
       UNION ALL
       SELECT market, period, start, role, count(*) FROM usage_period_users GROUP BY market, period, start, role`,
  ];
  await db.transaction(async (tx) => {
    for (const sql of statements) await tx.query(sql);
  });
}
