/**
 * Merchandizing Sets SQL outside the declared list: one set version's page (versions, displays with
 * their product lines, outlets assigned), its compliance from merch_audits, and the one-record changes
 * (set, display, outlet, new version) in the caller's transaction, each giving back its answer and its
 * audit entries (registerAdminChange writes them and bumps the data version). The DT scope
 * (docs/decisions.md, "Merchandizing Sets") limits outlet rows and compliance rows to the caller's
 * distributors; sets and displays are market-wide.
 */
import {
  COUNTRIES,
  MERCH_OUTLETS_SHOWN,
  type CountryCode,
  type MerchAbilities,
  type MerchCompliance,
  type MerchSetDetail,
  type MerchSetState,
  type NewMerchVersion,
  type RemoveMerchOutlet,
  type SaveMerchDisplay,
  type SaveMerchOutlet,
  type SaveMerchSet,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { dtScopeSql, inDtScope, type AuthUser } from '../../lib/policy.js';
import { audited, unchanged, type AdminChange } from '../../lib/tables/index.js';

export const AUDIT = {
  setCreate: 'merch.set.create',
  setUpdate: 'merch.set.update',
  displaySave: 'merch.display.save',
  outletAssign: 'merch.outlet.assign',
  outletRemove: 'merch.outlet.remove',
  versionCreate: 'merch.version.create',
  setsImport: 'merch.sets.import',
  displaysImport: 'merch.displays.import',
  outletsImport: 'merch.outlets.import',
} as const;

interface SetRow {
  id: number;
  set_id: string;
  version: number;
  bu_asset_type: string;
  sub_region: string;
  set_name: string;
  osa_hurdle: number;
  facings_hurdle: number;
  stock_hurdle: number;
  go_live: string;
  end_date: string;
  latest: number;
}

const SET_COLUMNS = `s.id::int AS id, s.set_id, s.version, s.bu_asset_type, s.sub_region, s.set_name,
  s.osa_hurdle::float8 AS osa_hurdle, s.facings_hurdle::float8 AS facings_hurdle,
  s.stock_hurdle::float8 AS stock_hurdle, to_char(s.go_live, 'YYYY-MM-DD') AS go_live,
  to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
  (SELECT max(version) FROM merch_sets l WHERE l.country_code = s.country_code AND l.set_id = s.set_id) AS latest`;

/** A version of the set (its newest when `version` is left out), or null. */
export async function findSet(
  q: Queryable,
  market: CountryCode,
  setId: string,
  version?: number,
  lock = false,
): Promise<SetRow | null> {
  const { rows } = await q.query<SetRow>(
    `SELECT ${SET_COLUMNS} FROM merch_sets s
     WHERE s.country_code = $1 AND s.set_id = $2 AND ($3::int IS NULL OR s.version = $3::int)
     ORDER BY s.version DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [market, setId, version ?? null],
  );
  return rows[0] ?? null;
}

/** The market's today (its time zone). */
export function marketToday(market: CountryCode, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRIES[market].timeZone }).format(now);
}

export function setState(goLive: string, endDate: string, today: string): MerchSetState {
  if (goLive > today) return 'upcoming';
  if (endDate < today) return 'ended';
  return 'live';
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export async function setDetail(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  setId: string,
  version: number | undefined,
  can: MerchAbilities,
): Promise<MerchSetDetail | null> {
  const set = await findSet(q, market, setId, version);
  if (!set) return null;
  const { rows: versions } = await q.query<{
    version: number;
    go_live: string;
    end_date: string;
    created_at: Date;
    created_by_name: string | null;
    audits: number;
  }>(
    `SELECT s.version, to_char(s.go_live, 'YYYY-MM-DD') AS go_live, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
            s.created_at, u.name AS created_by_name,
            (SELECT count(*)::int FROM merch_audits a WHERE a.set_pk = s.id) AS audits
     FROM merch_sets s LEFT JOIN users u ON u.id = s.created_by
     WHERE s.country_code = $1 AND s.set_id = $2 ORDER BY s.version DESC`,
    [market, setId],
  );
  const { rows: lines } = await q.query<{
    display_id: string;
    display_name: string;
    product_order: number | null;
    item_code: string | null;
    item_name: string | null;
    facings: number | null;
    depth: number | null;
  }>(
    `SELECT d.display_id, d.display_name, l.product_order, l.item_code, p.name AS item_name, l.facings, l.depth
     FROM merch_displays d
     LEFT JOIN merch_display_products l ON l.display_pk = d.id
     LEFT JOIN products p ON p.item_code = l.item_code
     WHERE d.set_pk = $1 ORDER BY d.display_id, l.product_order`,
    [set.id],
  );
  const params: unknown[] = [set.id];
  const scope = dtScopeSql(user, 'o.dt_code', params);
  const { rows: outlets } = await q.query<{
    display_id: string;
    outlet_code: string;
    outlet_name: string;
    dt_code: string;
    times: number;
  }>(
    `SELECT d.display_id, o.outlet_code, o.name AS outlet_name, o.dt_code, so.times
     FROM merch_set_outlets so
     JOIN merch_displays d ON d.id = so.display_pk
     JOIN outlets o ON o.id = so.outlet_id
     WHERE so.set_pk = $1 AND ${scope}
     ORDER BY o.outlet_code, d.display_id`,
    params,
  );
  const displays = new Map<string, MerchSetDetail['displays'][number]>();
  for (const l of lines) {
    let d = displays.get(l.display_id);
    if (!d) {
      d = { displayId: l.display_id, displayName: l.display_name, products: [], outlets: 0 };
      displays.set(l.display_id, d);
    }
    if (l.product_order !== null) {
      d.products.push({
        productOrder: l.product_order,
        itemCode: l.item_code!,
        itemName: l.item_name ?? l.item_code!,
        facings: l.facings!,
        depth: l.depth!,
      });
    }
  }
  const outletCodes = new Set<string>();
  for (const o of outlets) {
    outletCodes.add(o.outlet_code);
    const d = displays.get(o.display_id);
    if (d) d.outlets += 1;
  }
  return {
    setId: set.set_id,
    version: set.version,
    current: set.version === set.latest,
    buAssetType: set.bu_asset_type,
    subRegion: set.sub_region,
    setName: set.set_name,
    osaHurdle: set.osa_hurdle,
    facingsHurdle: set.facings_hurdle,
    stockHurdle: set.stock_hurdle,
    goLive: set.go_live,
    endDate: set.end_date,
    state: setState(set.go_live, set.end_date, marketToday(market)),
    versions: versions.map((v) => ({
      version: v.version,
      goLive: v.go_live,
      endDate: v.end_date,
      createdAt: new Date(v.created_at).toISOString(),
      createdByName: v.created_by_name,
      audits: v.audits,
      current: v.version === set.latest,
    })),
    displays: [...displays.values()],
    outlets: outlets.slice(0, MERCH_OUTLETS_SHOWN).map((o) => ({
      displayId: o.display_id,
      outletCode: o.outlet_code,
      outletName: o.outlet_name,
      dtCode: o.dt_code,
      times: o.times,
    })),
    outletsTotal: outletCodes.size,
    can,
  };
}

const FIGURES = `count(*)::int AS audits,
  round(100.0 * sum(least(a.products_on_shelf, a.products_expected)) / nullif(sum(a.products_expected), 0), 1)::float8 AS osa,
  round(100.0 * sum(least(a.facings_counted, a.facings_expected)) / nullif(sum(a.facings_expected), 0), 1)::float8 AS facings,
  round(100.0 * sum(least(a.stock_counted, a.stock_expected)) / nullif(sum(a.stock_expected), 0), 1)::float8 AS stock`;

interface FigureRow {
  audits: number;
  osa: number | null;
  facings: number | null;
  stock: number | null;
}
const figures = (r: FigureRow) => ({
  audits: r.audits,
  osaPct: r.osa,
  facingsPct: r.facings,
  stockPct: r.stock,
});
const met = (value: number | null, hurdle: number) => value !== null && value >= hurdle;

/**
 * Compliance of one set version from its audits (contracts' merchCompliance, in SQL): overall, by ISO
 * week and by outlet, only over outlets of the caller's distributors.
 */
export async function setCompliance(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  setId: string,
  version?: number,
): Promise<MerchCompliance | null> {
  const set = await findSet(q, market, setId, version);
  if (!set) return null;
  const params: unknown[] = [set.id];
  const scope = dtScopeSql(user, 'o.dt_code', params);
  const audits = `merch_audits a JOIN outlets o ON o.id = a.outlet_id WHERE a.set_pk = $1 AND ${scope}`;
  const { rows: weeks } = await q.query<FigureRow & { week: string }>(
    `SELECT to_char(date_trunc('week', a.audit_date), 'YYYY-MM-DD') AS week, ${FIGURES}
     FROM ${audits} GROUP BY 1 ORDER BY 1`,
    params,
  );
  const { rows: byOutlet } = await q.query<
    FigureRow & { outlet_code: string; outlet_name: string; dt_code: string; last: string }
  >(
    `SELECT o.outlet_code, o.name AS outlet_name, o.dt_code, to_char(max(a.audit_date), 'YYYY-MM-DD') AS last,
            ${FIGURES}
     FROM ${audits} GROUP BY o.outlet_code, o.name, o.dt_code`,
    params,
  );
  const { rows: overall } = await q.query<FigureRow>(`SELECT ${FIGURES} FROM ${audits}`, params);
  const hurdles = { osa: set.osa_hurdle, facings: set.facings_hurdle, stock: set.stock_hurdle };
  const outlets = byOutlet
    .map((r) => ({
      outletCode: r.outlet_code,
      outletName: r.outlet_name,
      dtCode: r.dt_code,
      lastAuditDate: r.last,
      ...figures(r),
      osaMet: met(r.osa, hurdles.osa),
      facingsMet: met(r.facings, hurdles.facings),
      stockMet: met(r.stock, hurdles.stock),
    }))
    .sort((a, b) => (a.osaPct ?? -1) - (b.osaPct ?? -1) || a.outletCode.localeCompare(b.outletCode));
  return {
    setId: set.set_id,
    version: set.version,
    hurdles,
    overall: {
      ...figures(overall[0] ?? { audits: 0, osa: null, facings: null, stock: null }),
      outlets: outlets.length,
      outletsMeetingAll: outlets.filter((o) => o.osaMet && o.facingsMet && o.stockMet).length,
    },
    weeks: weeks.map((w) => ({ weekStart: w.week, ...figures(w) })),
    outlets,
  };
}

/** The market's Sub-Regions and BU-Asset Types (the list's filter choices). */
export async function setFilterOptions(q: Queryable, market: CountryCode) {
  const { rows } = await q.query<{ sub_regions: string[] | null; types: string[] | null }>(
    // The values the list's rows hold: each Set ID's newest version, as the list shows it.
    `SELECT array_agg(DISTINCT sub_region ORDER BY sub_region) AS sub_regions,
            array_agg(DISTINCT bu_asset_type ORDER BY bu_asset_type) AS types
     FROM (SELECT DISTINCT ON (set_id) sub_region, bu_asset_type FROM merch_sets
            WHERE country_code = $1 ORDER BY set_id, version DESC) s`,
    [market],
  );
  return { subRegions: rows[0]?.sub_regions ?? [], buAssetTypes: rows[0]?.types ?? [] };
}

// ---------------------------------------------------------------------------------------------
// Changes (one record)
// ---------------------------------------------------------------------------------------------

interface Result {
  setId: string;
  version: number;
  created: boolean;
  changed: boolean;
}

const setFields = (s: SaveMerchSet | SetRow) =>
  'setName' in s
    ? {
        setName: s.setName,
        buAssetType: s.buAssetType,
        subRegion: s.subRegion,
        osaHurdle: s.osaHurdle,
        facingsHurdle: s.facingsHurdle,
        stockHurdle: s.stockHurdle,
        goLive: s.goLive,
        endDate: s.endDate,
      }
    : {
        setName: s.set_name,
        buAssetType: s.bu_asset_type,
        subRegion: s.sub_region,
        osaHurdle: s.osa_hurdle,
        facingsHurdle: s.facings_hurdle,
        stockHurdle: s.stock_hurdle,
        goLive: s.go_live,
        endDate: s.end_date,
      };

/** Creates the set (version 1) or changes its current version. */
export async function saveSet(
  tx: Queryable,
  market: CountryCode,
  input: SaveMerchSet,
  actorId: string,
): Promise<AdminChange<Result>> {
  const current = await findSet(tx, market, input.setId, undefined, true);
  const after = setFields(input);
  const values = [
    input.buAssetType,
    input.subRegion,
    input.setName,
    input.osaHurdle,
    input.facingsHurdle,
    input.stockHurdle,
    input.goLive,
    input.endDate,
  ];
  if (!current) {
    await tx.query(
      `INSERT INTO merch_sets (country_code, set_id, version, bu_asset_type, sub_region, set_name, osa_hurdle,
                               facings_hurdle, stock_hurdle, go_live, end_date, created_by)
       VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [market, input.setId, ...values, actorId],
    );
    return audited(
      { setId: input.setId, version: 1, created: true, changed: true },
      {
        action: AUDIT.setCreate,
        target: `${input.setId}@1`,
        before: null,
        after,
      },
    );
  }
  const before = setFields(current);
  if (JSON.stringify(before) === JSON.stringify(after)) {
    return unchanged({ setId: input.setId, version: current.version, created: false, changed: false });
  }
  await tx.query(
    `UPDATE merch_sets SET bu_asset_type = $2, sub_region = $3, set_name = $4, osa_hurdle = $5, facings_hurdle = $6,
       stock_hurdle = $7, go_live = $8, end_date = $9, updated_at = now()
     WHERE id = $1`,
    [current.id, ...values],
  );
  return audited(
    { setId: input.setId, version: current.version, created: false, changed: true },
    {
      action: AUDIT.setUpdate,
      target: `${input.setId}@${current.version}`,
      before,
      after,
    },
  );
}

async function currentSetOr404(tx: Queryable, market: CountryCode, setId: string): Promise<SetRow> {
  const set = await findSet(tx, market, setId, undefined, true);
  if (!set) throw notFound(`Set ${setId}`);
  return set;
}

/** One display of the set's current version, its product lines replaced by the ones given. */
export async function saveDisplay(
  tx: Queryable,
  market: CountryCode,
  input: SaveMerchDisplay,
): Promise<AdminChange<Result>> {
  const set = await currentSetOr404(tx, market, input.setId);
  const other = await tx.query<{ set_id: string }>(
    `SELECT s.set_id FROM merch_displays d JOIN merch_sets s ON s.id = d.set_pk
     WHERE d.country_code = $1 AND d.display_id = $2 AND s.set_id <> $3 LIMIT 1`,
    [market, input.displayId, input.setId],
  );
  if (other.rows[0]) {
    throw badRequest(
      'displayId',
      `Display ID ${input.displayId} already belongs to set ${other.rows[0].set_id}.`,
    );
  }
  const codes = input.products.map((p) => p.itemCode);
  const { rows: known } = await tx.query<{ item_code: string }>(
    `SELECT item_code FROM product_prices WHERE country_code = $1 AND item_code = ANY($2::text[])`,
    [market, codes],
  );
  const knownSet = new Set(known.map((k) => k.item_code));
  const unknown = codes.findIndex((c) => !knownSet.has(c));
  if (unknown >= 0) {
    throw badRequest(`products.${unknown}.itemCode`, `${codes[unknown]} is not a product of this market.`);
  }
  const lines = [...input.products].sort((a, b) => a.productOrder - b.productOrder);
  const { rows: existing } = await tx.query<{ id: number; display_name: string; lines: unknown }>(
    `SELECT d.id::int AS id, d.display_name,
            coalesce((SELECT json_agg(json_build_object('productOrder', l.product_order, 'itemCode', l.item_code,
                                                        'facings', l.facings, 'depth', l.depth) ORDER BY l.product_order)
                      FROM merch_display_products l WHERE l.display_pk = d.id), '[]'::json) AS lines
     FROM merch_displays d WHERE d.set_pk = $1 AND d.display_id = $2 FOR UPDATE`,
    [set.id, input.displayId],
  );
  const after = { displayName: input.displayName, products: lines };
  const prior = existing[0];
  const before = prior ? { displayName: prior.display_name, products: prior.lines } : null;
  if (before && JSON.stringify(before) === JSON.stringify(after)) {
    return unchanged({ setId: input.setId, version: set.version, created: false, changed: false });
  }
  let displayPk: number;
  if (prior) {
    displayPk = prior.id;
    await tx.query('UPDATE merch_displays SET display_name = $2 WHERE id = $1', [
      displayPk,
      input.displayName,
    ]);
    await tx.query('DELETE FROM merch_display_products WHERE display_pk = $1', [displayPk]);
  } else {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO merch_displays (country_code, set_pk, display_id, display_name) VALUES ($1, $2, $3, $4)
       RETURNING id::int AS id`,
      [market, set.id, input.displayId, input.displayName],
    );
    displayPk = rows[0]!.id;
  }
  await tx.query(
    `INSERT INTO merch_display_products (display_pk, product_order, item_code, facings, depth)
     SELECT $1, f.o::int, f.c, f.f::int, f.d::int
     FROM ROWS FROM (json_array_elements_text($2::json), json_array_elements_text($3::json),
                     json_array_elements_text($4::json), json_array_elements_text($5::json)) AS f(o, c, f, d)`,
    [
      displayPk,
      JSON.stringify(lines.map((l) => l.productOrder)),
      JSON.stringify(lines.map((l) => l.itemCode)),
      JSON.stringify(lines.map((l) => l.facings)),
      JSON.stringify(lines.map((l) => l.depth)),
    ],
  );
  await tx.query('UPDATE merch_sets SET updated_at = now() WHERE id = $1', [set.id]);
  return audited(
    { setId: input.setId, version: set.version, created: !prior, changed: true },
    {
      action: AUDIT.displaySave,
      target: `${input.setId}@${set.version}/${input.displayId}`,
      before,
      after,
    },
  );
}

async function displayAndOutlet(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  input: { setId: string; displayId: string; outletCode: string },
) {
  const set = await currentSetOr404(tx, market, input.setId);
  const { rows: d } = await tx.query<{ id: number }>(
    'SELECT id::int AS id FROM merch_displays WHERE set_pk = $1 AND display_id = $2',
    [set.id, input.displayId],
  );
  if (!d[0]) throw notFound(`Display ${input.displayId} of set ${input.setId}`);
  const { rows: o } = await tx.query<{ id: number; dt_code: string }>(
    'SELECT id::int AS id, dt_code FROM outlets WHERE country_code = $1 AND outlet_code = $2',
    [market, input.outletCode],
  );
  if (!o[0]) throw notFound(`Outlet ${input.outletCode}`);
  if (!inDtScope(user, o[0].dt_code)) throw forbidden('The outlet is outside your distributors.');
  return { set, displayPk: d[0].id, outletId: o[0].id };
}

/** Assigns an outlet to a display of the set's current version (or changes its number of times). */
export async function saveOutlet(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  input: SaveMerchOutlet,
): Promise<AdminChange<Result>> {
  const { set, displayPk, outletId } = await displayAndOutlet(tx, user, market, input);
  const { rows: prior } = await tx.query<{ times: number }>(
    'SELECT times FROM merch_set_outlets WHERE display_pk = $1 AND outlet_id = $2 FOR UPDATE',
    [displayPk, outletId],
  );
  const result = { setId: input.setId, version: set.version };
  if (prior[0]?.times === input.times) return unchanged({ ...result, created: false, changed: false });
  await tx.query(
    `INSERT INTO merch_set_outlets (set_pk, display_pk, outlet_id, times) VALUES ($1, $2, $3, $4)
     ON CONFLICT (display_pk, outlet_id) DO UPDATE SET times = EXCLUDED.times`,
    [set.id, displayPk, outletId, input.times],
  );
  return audited(
    { ...result, created: !prior[0], changed: true },
    {
      action: AUDIT.outletAssign,
      target: `${input.setId}@${set.version}/${input.displayId}/${input.outletCode}`,
      before: prior[0] ? { times: prior[0].times } : null,
      after: { times: input.times },
    },
  );
}

/** Takes an outlet off a display of the set's current version (its audits stay). */
export async function removeOutlet(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  input: RemoveMerchOutlet,
): Promise<AdminChange<Result>> {
  const { set, displayPk, outletId } = await displayAndOutlet(tx, user, market, input);
  const { rows } = await tx.query<{ times: number }>(
    'DELETE FROM merch_set_outlets WHERE display_pk = $1 AND outlet_id = $2 RETURNING times',
    [displayPk, outletId],
  );
  const result = { setId: input.setId, version: set.version, created: false };
  if (!rows[0]) return unchanged({ ...result, changed: false });
  return audited(
    { ...result, changed: true },
    {
      action: AUDIT.outletRemove,
      target: `${input.setId}@${set.version}/${input.displayId}/${input.outletCode}`,
      before: { times: rows[0].times },
      after: null,
    },
  );
}

/**
 * A new version of the set: a copy of the current one (fields, displays, product lines, outlets),
 * with new validity dates when given. The old version and its audits are left as they are.
 */
export async function newVersion(
  tx: Queryable,
  market: CountryCode,
  input: NewMerchVersion,
  actorId: string,
): Promise<AdminChange<Result>> {
  const set = await currentSetOr404(tx, market, input.setId);
  const goLive = input.goLive ?? set.go_live;
  const endDate = input.endDate ?? set.end_date;
  if (endDate < goLive) throw badRequest('endDate', 'End date is before the Go live date.');
  const version = set.version + 1;
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO merch_sets (country_code, set_id, version, bu_asset_type, sub_region, set_name, osa_hurdle,
                             facings_hurdle, stock_hurdle, go_live, end_date, created_by)
     SELECT country_code, set_id, $2, bu_asset_type, sub_region, set_name, osa_hurdle, facings_hurdle,
            stock_hurdle, $3, $4, $5
     FROM merch_sets WHERE id = $1 RETURNING id::int AS id`,
    [set.id, version, goLive, endDate, actorId],
  );
  const pk = rows[0]!.id;
  await copyVersionContents(tx, set.id, pk);
  return audited(
    { setId: input.setId, version, created: true, changed: true },
    {
      action: AUDIT.versionCreate,
      target: `${input.setId}@${version}`,
      before: { version: set.version },
      after: { version, goLive, endDate },
    },
  );
}

/** Copies displays, product lines and outlets of one set version into another (set-based). */
export async function copyVersionContents(tx: Queryable, fromPk: number, toPk: number): Promise<void> {
  await tx.query(
    `INSERT INTO merch_displays (country_code, set_pk, display_id, display_name)
     SELECT country_code, $2, display_id, display_name FROM merch_displays WHERE set_pk = $1`,
    [fromPk, toPk],
  );
  await tx.query(
    `INSERT INTO merch_display_products (display_pk, product_order, item_code, facings, depth)
     SELECT nd.id, l.product_order, l.item_code, l.facings, l.depth
     FROM merch_displays od
     JOIN merch_display_products l ON l.display_pk = od.id
     JOIN merch_displays nd ON nd.set_pk = $2 AND nd.display_id = od.display_id
     WHERE od.set_pk = $1`,
    [fromPk, toPk],
  );
  await tx.query(
    `INSERT INTO merch_set_outlets (set_pk, display_pk, outlet_id, times)
     SELECT $2, nd.id, so.outlet_id, so.times
     FROM merch_set_outlets so
     JOIN merch_displays od ON od.id = so.display_pk
     JOIN merch_displays nd ON nd.set_pk = $2 AND nd.display_id = od.display_id
     WHERE so.set_pk = $1`,
    [fromPk, toPk],
  );
}
