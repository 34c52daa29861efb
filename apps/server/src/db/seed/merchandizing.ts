/**
 * Merchandizing Sets demo data (issue 15) for the markets whose isCDA flag is on (vn): three sets (one
 * live with two versions, one live, one upcoming), displays of the market's own products, outlets that
 * the salesmen really visit, and an audit at each of those visits in the version's validity, so the
 * set page's compliance shows weeks and outlets. Deterministic: the same seed data gives the same rows
 * (choices by id order; the counts come from a hash of the visit and display ids). Set-based SQL, a
 * handful of statements: it adds well under a second to the test seed.
 */
import type { Queryable } from '../client.js';
import { copyVersionContents } from '../../modules/merchandizing/queries.js';

const DAY_MS = 86_400_000;
const day = (today: Date, offset: number) =>
  new Date(today.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

interface SetSpec {
  setId: string;
  setName: string;
  buAssetType: string;
  subRegion: string;
  hurdles: [number, number, number];
  /** Go live and end, in days from today. */
  window: [number, number];
  displays: Array<{ displayId: string; displayName: string; lines: Array<[facings: number, depth: number]> }>;
  /** Which of the chosen outlets (by position) and how many times. */
  outlets: { from: number; count: number };
  /** A second version from this day (days from today) to the end; the first ends the day before. */
  secondVersionFrom?: number;
}

const SETS: SetSpec[] = [
  {
    setId: 'VN-SET-001',
    setName: 'Cooler Front Shelf',
    buAssetType: 'Beverages-Cooler',
    subRegion: 'South',
    hurdles: [90, 85, 80],
    window: [-84, 90],
    displays: [
      {
        displayId: 'D-COOL-01',
        displayName: 'Cooler top shelf',
        lines: [
          [3, 4],
          [2, 4],
          [2, 3],
          [1, 3],
        ],
      },
      {
        displayId: 'D-COOL-02',
        displayName: 'Cooler eye level',
        lines: [
          [4, 3],
          [2, 3],
          [2, 2],
        ],
      },
    ],
    outlets: { from: 0, count: 8 },
    secondVersionFrom: -10,
  },
  {
    setId: 'VN-SET-002',
    setName: 'Checkout Counter Rack',
    buAssetType: 'Snacks-Rack',
    subRegion: 'North',
    hurdles: [85, 80, 75],
    window: [-56, 120],
    displays: [
      {
        displayId: 'D-RACK-01',
        displayName: 'Counter rack',
        lines: [
          [2, 2],
          [2, 2],
          [1, 2],
          [1, 2],
          [1, 1],
        ],
      },
    ],
    outlets: { from: 8, count: 6 },
  },
  {
    setId: 'VN-SET-003',
    setName: 'Festive Gondola End',
    buAssetType: 'Personal Care-Gondola',
    subRegion: 'South',
    hurdles: [95, 90, 85],
    window: [14, 74],
    displays: [
      {
        displayId: 'D-GOND-01',
        displayName: 'Gondola end cap',
        lines: [
          [3, 3],
          [3, 3],
          [2, 3],
          [2, 2],
        ],
      },
    ],
    outlets: { from: 0, count: 4 },
  },
];

/** Inserts the demo sets of one market; `today` is the seed's last day. */
export async function seedMerchandizing(db: Queryable, market: string, today: Date): Promise<number> {
  const { rows: products } = await db.query<{ item_code: string }>(
    `SELECT item_code FROM product_prices WHERE country_code = $1 AND active ORDER BY item_code LIMIT 16`,
    [market],
  );
  // Outlets the salesmen visited in the last 12 weeks, the most visited first (ties by id).
  const { rows: outlets } = await db.query<{ id: number }>(
    `SELECT v.outlet_id::int AS id FROM visits v
     WHERE v.country_code = $1 AND v.actual AND v.visit_date > $2::date - 84
     GROUP BY v.outlet_id ORDER BY count(*) DESC, v.outlet_id LIMIT 14`,
    [market, day(today, 0)],
  );
  if (products.length < 8 || outlets.length === 0) return 0;
  const { rows: admins } = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE user_type = 'admin' AND home_country_code = $1 ORDER BY email LIMIT 1`,
    [market],
  );
  const adminId = admins[0]?.id ?? null;
  let p = 0;
  for (const spec of SETS) {
    const [goLive, endDate] = spec.window;
    const firstEnd = spec.secondVersionFrom !== undefined ? spec.secondVersionFrom - 1 : endDate;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO merch_sets (country_code, set_id, version, bu_asset_type, sub_region, set_name, osa_hurdle,
                               facings_hurdle, stock_hurdle, go_live, end_date, created_by, created_at, updated_at)
       VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $9::date, $9::date) RETURNING id::int AS id`,
      [
        market,
        spec.setId,
        spec.buAssetType,
        spec.subRegion,
        spec.setName,
        ...spec.hurdles,
        day(today, goLive),
        day(today, firstEnd),
        adminId,
      ],
    );
    const setPk = rows[0]!.id;
    for (const d of spec.displays) {
      const lines = d.lines.map(([facings, depth], i) => ({
        order: i + 1,
        item: products[(p + i) % products.length]!.item_code,
        facings,
        depth,
      }));
      p += 2;
      await db.query(
        `WITH d AS (INSERT INTO merch_displays (country_code, set_pk, display_id, display_name, created_at)
                    VALUES ($1, $2, $3, $4, $5::date) RETURNING id)
         INSERT INTO merch_display_products (display_pk, product_order, item_code, facings, depth)
         SELECT d.id, l.o::int, l.c, l.f::int, l.dp::int FROM d,
           ROWS FROM (json_array_elements_text($6::json), json_array_elements_text($7::json),
                      json_array_elements_text($8::json), json_array_elements_text($9::json)) AS l(o, c, f, dp)`,
        [
          market,
          setPk,
          d.displayId,
          d.displayName,
          day(today, goLive),
          JSON.stringify(lines.map((l) => l.order)),
          JSON.stringify(lines.map((l) => l.item)),
          JSON.stringify(lines.map((l) => l.facings)),
          JSON.stringify(lines.map((l) => l.depth)),
        ],
      );
    }
    const chosen = outlets.slice(spec.outlets.from, spec.outlets.from + spec.outlets.count).map((o) => o.id);
    await db.query(
      `INSERT INTO merch_set_outlets (set_pk, display_pk, outlet_id, times)
       SELECT $1, d.id, o.id, 1 + (o.id % 2)::int FROM merch_displays d, unnest($2::bigint[]) AS o(id)
       WHERE d.set_pk = $1`,
      [setPk, chosen],
    );
    const versions = [{ pk: setPk, from: goLive, to: firstEnd }];
    if (spec.secondVersionFrom !== undefined) {
      const { rows: v2 } = await db.query<{ id: number }>(
        `INSERT INTO merch_sets (country_code, set_id, version, bu_asset_type, sub_region, set_name, osa_hurdle,
                                 facings_hurdle, stock_hurdle, go_live, end_date, created_by, created_at, updated_at)
         SELECT country_code, set_id, 2, bu_asset_type, sub_region, set_name, osa_hurdle, facings_hurdle,
                stock_hurdle, $2, $3, created_by, $2::date - 3, $2::date - 3
         FROM merch_sets WHERE id = $1 RETURNING id::int AS id`,
        [setPk, day(today, spec.secondVersionFrom), day(today, endDate)],
      );
      const v2Pk = v2[0]!.id;
      await copyVersionContents(db, setPk, v2Pk);
      // Version 2 gives the eye-level products more room.
      await db.query(
        `UPDATE merch_display_products l SET facings = l.facings + 1
         FROM merch_displays d WHERE d.id = l.display_pk AND d.set_pk = $1 AND l.product_order <= 2`,
        [v2Pk],
      );
      versions.push({ pk: v2Pk, from: spec.secondVersionFrom, to: endDate });
    }
    for (const v of versions)
      await seedAudits(db, market, v.pk, day(today, v.from), day(today, Math.min(v.to, 0)));
  }
  return SETS.length;
}

/**
 * One audit per display at each actual visit of an assigned outlet within [from, to]. The counts are
 * believable: most displays nearly complete, a weaker outlet in four, getting better week by week.
 */
async function seedAudits(db: Queryable, market: string, setPk: number, from: string, to: string) {
  if (to < from) return;
  await db.query(
    `WITH plan AS (
       SELECT d.id AS display_pk, count(*)::int AS pe, sum(l.facings)::int AS fe, sum(l.facings * l.depth)::int AS se
       FROM merch_displays d JOIN merch_display_products l ON l.display_pk = d.id
       WHERE d.set_pk = $2 GROUP BY d.id),
     seen AS (
       SELECT so.display_pk, v.id AS visit_id, v.outlet_id, v.visit_date, p.pe, p.fe, p.se,
              (hashint8(v.id * 7919 + so.display_pk)::bigint % 100 + 100) % 100 AS r,
              (v.outlet_id % 4 = 0) AS weak,
              least(12, (v.visit_date - $3::date) / 7) AS progress
       FROM merch_set_outlets so
       JOIN plan p ON p.display_pk = so.display_pk
       JOIN visits v ON v.outlet_id = so.outlet_id AND v.actual
       WHERE so.set_pk = $2 AND v.country_code = $1 AND v.visit_date BETWEEN $3::date AND $4::date)
     INSERT INTO merch_audits (country_code, set_pk, display_pk, visit_id, outlet_id, audit_date, products_expected,
                               products_on_shelf, facings_expected, facings_counted, stock_expected, stock_counted)
     SELECT $1, $2, display_pk, visit_id, outlet_id, visit_date, pe,
            greatest(0, pe - (CASE WHEN r < (CASE WHEN weak THEN 40 ELSE 14 END) - progress * 2 THEN 1 ELSE 0 END)
                           - (CASE WHEN r < (CASE WHEN weak THEN 12 ELSE 3 END) THEN 1 ELSE 0 END)),
            fe, greatest(0, least(fe + 2, round(fe * (0.76 + 0.015 * progress + (r % 20) / 100.0
                                                       - CASE WHEN weak THEN 0.12 ELSE 0 END))::int)),
            se, greatest(0, least(se + 3, round(se * (0.68 + 0.02 * progress + (r % 25) / 100.0
                                                       - CASE WHEN weak THEN 0.15 ELSE 0 END))::int))
     FROM seen`,
    [market, setPk, from, to],
  );
}
