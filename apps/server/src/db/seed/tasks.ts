/**
 * Demo Task Management data (issue 15): a handful of deterministic tasks per market, each resolved to
 * its target outlets, with results derived from the seeded visits so the progress view looks real.
 * Per market: a running display check at a DT site (the site's commonest outlet type), a running product
 * push at a distributor (two items the market sells), a closed shelf survey of last month, and an upcoming
 * launch check at eight named outlets (no progress yet). A reached outlet gets one result at its first
 * visit in the window: done for about two in three (chosen by a hash of the task and the outlet, so the
 * same seed gives the same figures), not done with a reason otherwise.
 */
import type { Queryable } from '../client.js';

const DAY = 86_400_000;
const day = (today: Date, offset: number) =>
  new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);

interface TaskSeed {
  title: string;
  kind: 'displayCheck' | 'productPush' | 'survey';
  description: string;
  start: number;
  end: number;
  closed?: boolean;
}

const TASKS: Record<'display' | 'push' | 'survey' | 'launch', TaskSeed> = {
  display: {
    title: 'Cooler display check',
    kind: 'displayCheck',
    description: 'Check the cooler is at the entrance, clean and at least 80% full.',
    start: -4,
    end: 10,
  },
  push: {
    title: 'Push the new packs',
    kind: 'productPush',
    description: 'Offer the new packs at every visit and record whether the outlet ordered.',
    start: -2,
    end: 20,
  },
  survey: {
    title: 'Shelf share survey',
    kind: 'survey',
    description: 'Count the facings of our brands against the shelf.',
    start: -45,
    end: -16,
    closed: true,
  },
  launch: {
    title: 'Launch display check',
    kind: 'displayCheck',
    description: 'Set up the launch display on the first visit.',
    start: 3,
    end: 30,
  },
};

/** Inserts one task with its targets (the outlets matching `where`); returns its id, or null without targets. */
async function insertTask(
  db: Queryable,
  market: string,
  seed: TaskSeed,
  today: Date,
  where: {
    location: string | null;
    types: string[];
    subtypes: string[];
    customers: string[];
    items: string[];
  },
): Promise<string | null> {
  const start = day(today, seed.start);
  const end = day(today, seed.end);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO tasks (country_code, title, kind, description, location_code, outlet_types, outlet_subtypes,
                        customer_codes, item_codes, start_date, end_date, status, closed_at, fingerprint,
                        created_by, updated_by, created_at, updated_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
            CASE WHEN $12 = 'closed' THEN $11::date + 1 END, $13, u.id, u.id,
            $10::date - 3, $10::date - 3
     FROM (SELECT (SELECT id FROM users WHERE email = 'admin.' || $1 || '@demo.test') AS id) u
     RETURNING id::text AS id`,
    [
      market,
      seed.title,
      seed.kind,
      seed.description,
      where.location,
      where.types,
      where.subtypes,
      where.customers,
      where.items,
      start,
      end,
      seed.closed ? 'closed' : 'open',
      JSON.stringify([
        seed.kind,
        where.location ?? '',
        [...where.types].sort(),
        [...where.subtypes].sort(),
        [...where.customers].sort(),
        [...where.items].sort(),
        start,
        end,
      ]),
    ],
  );
  const id = rows[0]!.id;
  const { rows: counted } = await db.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO task_targets (task_id, outlet_id, country_code, dt_code)
       SELECT t.id, o.id, t.country_code, o.dt_code
       FROM tasks t JOIN outlets o ON o.country_code = t.country_code AND o.active
         AND (t.location_code IS NULL OR o.dt_code = t.location_code OR o.dt_site_code = t.location_code)
         AND (cardinality(t.outlet_types) = 0 OR o.outlet_type = ANY(t.outlet_types))
         AND (cardinality(t.outlet_subtypes) = 0 OR o.outlet_subtype = ANY(t.outlet_subtypes))
         AND (cardinality(t.customer_codes) = 0 OR o.outlet_code = ANY(t.customer_codes))
       WHERE t.id = $1
       RETURNING dt_code)
     SELECT count(*)::int AS n FROM ins`,
    [id],
  );
  if ((counted[0]?.n ?? 0) === 0) {
    await db.query(`DELETE FROM tasks WHERE id = $1`, [id]);
    return null;
  }
  await db.query(
    `UPDATE tasks t SET target_count = c.n, dt_codes = c.dts
     FROM (SELECT count(*)::int AS n, array_agg(DISTINCT dt_code ORDER BY dt_code) AS dts
           FROM task_targets WHERE task_id = $1) c
     WHERE t.id = $1`,
    [id],
  );
  // One result per reached outlet, at its first visit in the window (up to today).
  await db.query(
    `INSERT INTO task_results (task_id, outlet_id, visit_id, salesman_id, visit_date, done, note, recorded_at)
     SELECT DISTINCT ON (tt.outlet_id) t.id, tt.outlet_id, v.id, v.salesman_id, v.visit_date, d.done,
            CASE WHEN d.done THEN '' WHEN d.b % 2 = 0 THEN 'Owner not available' ELSE 'No space on the shelf' END,
            COALESCE(v.check_out_at, v.visit_date::timestamptz)
     FROM tasks t
     JOIN task_targets tt ON tt.task_id = t.id
     JOIN visits v ON v.outlet_id = tt.outlet_id AND v.actual
       AND v.visit_date BETWEEN t.start_date AND LEAST(t.end_date, $2::date)
     CROSS JOIN LATERAL (SELECT get_byte(decode(md5(t.code || ':' || tt.outlet_id), 'hex'), 0) AS b) h
     CROSS JOIN LATERAL (SELECT h.b < 170 AS done, h.b) d
     WHERE t.id = $1
     ORDER BY tt.outlet_id, v.visit_date, v.id`,
    [id, day(today, 0)],
  );
  return id;
}

/** The demo tasks of every market that has outlets. */
export async function seedTasks(db: Queryable, today: Date): Promise<number> {
  const { rows: markets } = await db.query<{ code: string }>(
    `SELECT c.code FROM countries c WHERE EXISTS (SELECT 1 FROM outlets o WHERE o.country_code = c.code)
     ORDER BY c.sort_order`,
  );
  let made = 0;
  for (const { code: market } of markets) {
    const { rows: dts } = await db.query<{ dt_code: string; site: string }>(
      `SELECT d.dt_code, min(s.dt_site_code) AS site FROM distributors d JOIN dt_sites s ON s.dt_code = d.dt_code
       WHERE d.country_code = $1 AND EXISTS (SELECT 1 FROM outlets o WHERE o.dt_code = d.dt_code)
       GROUP BY d.dt_code ORDER BY d.dt_code LIMIT 3`,
      [market],
    );
    if (dts.length === 0) continue;
    const [first, second = dts[0]!, third = dts[dts.length - 1]!] = dts;
    const { rows: types } = await db.query<{ outlet_type: string; outlet_subtype: string }>(
      `SELECT outlet_type, mode() WITHIN GROUP (ORDER BY outlet_subtype) AS outlet_subtype
       FROM outlets WHERE dt_site_code = $1 GROUP BY outlet_type ORDER BY count(*) DESC, outlet_type LIMIT 1`,
      [first!.site],
    );
    const { rows: items } = await db.query<{ item_code: string }>(
      `SELECT item_code FROM product_prices WHERE country_code = $1 AND active ORDER BY item_code LIMIT 2`,
      [market],
    );
    const { rows: customers } = await db.query<{ outlet_code: string }>(
      `SELECT outlet_code FROM outlets WHERE dt_code = $1 AND active ORDER BY outlet_code LIMIT 8`,
      [third.dt_code],
    );
    const none = { types: [], subtypes: [], customers: [], items: [] };
    const tasks: Array<[TaskSeed, Parameters<typeof insertTask>[4]]> = [
      [
        TASKS.display,
        {
          ...none,
          location: first!.site,
          types: types.map((r) => r.outlet_type),
        },
      ],
      [
        TASKS.push,
        {
          ...none,
          location: second.dt_code,
          items: items.map((r) => r.item_code),
        },
      ],
      [
        TASKS.survey,
        {
          ...none,
          location: first!.dt_code,
          subtypes: types.map((r) => r.outlet_subtype),
        },
      ],
      [
        TASKS.launch,
        {
          ...none,
          location: null,
          customers: customers.map((r) => r.outlet_code),
        },
      ],
    ];
    // One after the other: `db` may be a transaction, which runs one statement at a time.
    for (const [seed, where] of tasks) if (await insertTask(db, market, seed, today, where)) made += 1;
  }
  return made;
}
