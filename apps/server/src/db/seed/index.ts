/**
 * The deterministic demo-data generator. The same scale, seed and `today` give the same rows; every
 * random draw comes from a substream keyed by seed, market and purpose (prng.ts). Rows go to the
 * database with COPY in chunks (copy-writer.ts), parents before children, so memory stays flat.
 */
import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { COUNTRIES, COUNTRY_CODES, countryFlags, DEMO_PASSWORD, MARKET_VARIANT } from '@fieldforce/contracts';
import type { Database } from '../client.js';
import { DATA_VERSION_KEY } from '../data-version.js';
import {
  ActivityGenerator,
  epochDay,
  MarketCalendar,
  TeamMonths,
  writeInventory,
  writePromotions,
  writeTargets,
  type ActivityIds,
} from './activity.js';
import { deferIndexes, restoreDeferredDdl } from './bulk-load.js';
import { CATALOGUE } from './catalogue.js';
import { cents, CopyBatch } from './copy-writer.js';
import { UTC_OFFSET_MINUTES } from './markets.js';
import { buildMarketOrg, superUser, type OrgContext, type SeedIds, type UserRow } from './organisation.js';
import { Rng } from './prng.js';
import { COPY_CHUNK_ROWS, SCALES, SEED_SCALES, type SeedScale } from './scales.js';
import { seedAuthDemo } from '../../modules/auth/demo.js';
import { refreshSummaries } from './summaries.js';
import { recomputeBestPrices } from '../../modules/best-price/recompute.js';
import { seedTasks } from './tasks.js';
import { seedMerchandizing } from './merchandizing.js';

export { refreshSummaries } from './summaries.js';
export { DEMO_SIGN_INS } from './demo-users.js';
export { SEED_SCALES, type SeedScale } from './scales.js';

export interface SeedOptions {
  scale: SeedScale;
  seed: number;
  /** The last day of data; defaults to now. Activity later than this instant is not generated. */
  today?: Date;
  log?: (message: string) => void;
}

export interface SeedResult {
  ms: number;
  counts: Record<string, number>;
}

const DAY_MS = 86_400_000;

/** Tables the seed fills, parents first (the order COPY chunks are flushed in). */
const COLUMNS = {
  users: [
    'id',
    'email',
    'name',
    'role',
    'user_type',
    'access_to_ucube',
    'access_to_operational_dashboards',
    'is_super_user',
    'dt_access_codes',
    'country_codes',
    'home_country_code',
    'phone',
    'status',
    'password_hash',
    'password_changed_at',
    'last_login_at',
    'created_at',
    'updated_at',
  ],
  user_bsa: ['user_id', 'bsa', 'position'],
  products: ['item_code', 'name', 'brand', 'category', 'pack_size', 'bsa', 'active'],
  product_prices: ['country_code', 'item_code', 'price', 'active'],
  distributors: ['dt_code', 'country_code', 'name', 'city', 'region', 'active', 'created_at'],
  dt_sites: ['dt_site_code', 'dt_code', 'country_code', 'name', 'city', 'latitude', 'longitude', 'active'],
  hierarchy_members: [
    'id',
    'country_code',
    'employee_code',
    'user_id',
    'title',
    'level_index',
    'manager_id',
    'dt_code',
    'dt_site_code',
    'city',
    'active',
  ],
  salesmen: [
    'id',
    'sm_code',
    'country_code',
    'member_id',
    'user_id',
    'team_leader_member_id',
    'dt_code',
    'dt_site_code',
    'name',
    'phone',
    'device_id',
    'device_id_updated_at',
    'bsa',
    'active',
    'geo_fence_required',
    'geo_fence_radius_m',
  ],
  outlets: [
    'id',
    'outlet_code',
    'country_code',
    'dt_code',
    'dt_site_code',
    'salesman_id',
    'name',
    'outlet_type',
    'outlet_subtype',
    'channel',
    'city',
    'address',
    'latitude',
    'longitude',
    'active',
    'geo_compliance',
    'is_online',
    'created_on',
  ],
  beat_plans: ['country_code', 'salesman_id', 'outlet_id', 'day_of_week', 'visit_sequence', 'valid_from'],
  monthly_targets: [
    'country_code',
    'salesman_id',
    'month',
    'eco_target',
    'productive_calls_target',
    'bills_target',
    'gsv_target',
  ],
  promotions: [
    'promotion_code',
    'country_code',
    'name',
    'description',
    'promotion_type',
    'bsa',
    'start_date',
    'end_date',
    'dt_code',
    'status',
  ],
  promotion_outlets: [
    'promotion_code',
    'outlet_id',
    'country_code',
    'dt_code',
    'status',
    'times_applied',
    'last_applied_on',
  ],
  dt_inventory: [
    'country_code',
    'dt_code',
    'dt_site_code',
    'item_code',
    'snapshot_date',
    'stock_qty',
    'stock_value',
  ],
  visits: [
    'id',
    'country_code',
    'dt_code',
    'salesman_id',
    'outlet_id',
    'visit_date',
    'planned',
    'actual',
    'productive',
    'visit_sequence',
    'check_in_at',
    'check_out_at',
    'latitude',
    'longitude',
  ],
  orders: [
    'id',
    'order_number',
    'visit_id',
    'country_code',
    'dt_code',
    'dt_site_code',
    'salesman_id',
    'outlet_id',
    'invoice_date',
    'bsa',
    'line_count',
    'gross_amount',
    'return_amount',
    'created_at',
  ],
  invoice_lines: [
    'order_id',
    'country_code',
    'dt_code',
    'salesman_id',
    'outlet_id',
    'invoice_date',
    'item_code',
    'quantity',
    'price',
    'amount',
    'return_quantity',
    'return_price',
    'return_amount',
  ],
  gps_points: [
    'country_code',
    'salesman_id',
    'point_date',
    'geo_location_sequence',
    'latitude',
    'longitude',
    'recorded_at',
    'mock_location',
  ],
  demand_capture: [
    'country_code',
    'dt_code',
    'salesman_id',
    'outlet_id',
    'item_code',
    'capture_date',
    'qty_requested',
  ],
  order_loss: [
    'country_code',
    'dt_code',
    'salesman_id',
    'outlet_id',
    'item_code',
    'loss_date',
    'qty_lost',
    'value_lost',
    'reason',
  ],
} as const;

/** Tables whose ids the seed assigns itself; their identity sequences are moved past them. */
const EXPLICIT_ID_TABLES = ['hierarchy_members', 'salesmen', 'outlets', 'visits', 'orders'] as const;

export class SeedError extends Error {}

/** True once a seed has completed (it writes app_meta last). */
export async function isSeeded(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ present: string | null }>(
    `SELECT to_regclass('app_meta')::text AS present`,
  );
  if (!rows[0]?.present) return false;
  const meta = await db.query(`SELECT 1 FROM app_meta WHERE key = 'seeded_at'`);
  return meta.rows.length > 0;
}

/** True when the domain tables hold anything (a seed would collide with it). */
export async function hasData(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM distributors)
         OR EXISTS (SELECT 1 FROM app_meta) AS any`,
  );
  return rows[0]?.any === true;
}

/**
 * Empties every table except schema_migrations, restores the market reference rows, and puts back
 * any index an interrupted seed had dropped (on the empty tables, where that is instant).
 */
export async function resetDatabase(db: Database): Promise<void> {
  const { rows: pending } = await db.query<{ key: string; value: string }>(
    `SELECT key, value FROM app_meta WHERE key = 'seed_deferred_ddl'`,
  );
  const { rows } = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`,
  );
  if (rows.length > 0) {
    await db.exec(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
  }
  for (const row of pending)
    await db.query(`INSERT INTO app_meta (key, value) VALUES ($1, $2)`, [row.key, row.value]);
  await restoreDeferredDdl(db);
  await upsertCountries(db);
}

/** A seed that started but never finished (the process died): its rows are safe to discard. */
async function isUnfinishedSeed(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT key FROM app_meta WHERE key IN ('seed_started_at', 'seeded_at')`,
  );
  const keys = new Set(rows.map((r) => r.key));
  return keys.has('seed_started_at') && !keys.has('seeded_at');
}

/** Writes the seven markets from @fieldforce/contracts (also present from migration 0002). */
export async function upsertCountries(db: Database): Promise<void> {
  for (const code of COUNTRY_CODES) {
    const c = COUNTRIES[code];
    await db.query(
      `INSERT INTO countries
         (code, name, flag, currency_code, currency_symbol, dial_code, sort_order, time_zone, locale, hierarchy_variant, flags)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)
       ON CONFLICT (code) DO UPDATE SET
         name = EXCLUDED.name, flag = EXCLUDED.flag, currency_code = EXCLUDED.currency_code,
         currency_symbol = EXCLUDED.currency_symbol, dial_code = EXCLUDED.dial_code, sort_order = EXCLUDED.sort_order,
         time_zone = EXCLUDED.time_zone, locale = EXCLUDED.locale, hierarchy_variant = EXCLUDED.hierarchy_variant,
         flags = EXCLUDED.flags`,
      [
        code,
        c.name,
        c.flag,
        c.currencyCode,
        c.currencySymbol,
        c.dialCode,
        c.sortOrder,
        c.timeZone,
        c.locale,
        MARKET_VARIANT[code],
        JSON.stringify(countryFlags(code)),
      ],
    );
  }
}

/** One argon2id hash shared by every seeded user; the salt comes from the seed, so it is reproducible. */
async function demoPasswordHash(seed: number): Promise<string> {
  const rng = new Rng(seed, 'password-salt');
  const salt = Uint8Array.from({ length: 16 }, () => rng.int(0, 255));
  return hash(DEMO_PASSWORD, { salt });
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const { scale, seed } = options;
  if (!SEED_SCALES.includes(scale))
    throw new SeedError(`Unknown scale '${String(scale)}'; use ${SEED_SCALES.join(', ')}.`);
  if (!Number.isSafeInteger(seed)) throw new SeedError(`The seed must be an integer, got ${seed}.`);
  if (scale === 'large' && db.kind === 'pglite') {
    throw new SeedError(
      "The 'large' scale (over ten million invoice lines) needs PostgreSQL: set DATABASE_URL. PGlite would need tens of GB.",
    );
  }
  const today = options.today ?? new Date();
  const nowMs = today.getTime();
  if (!Number.isFinite(nowMs)) throw new SeedError('`today` is not a valid date.');
  if (await hasData(db)) {
    if (!(await isUnfinishedSeed(db))) {
      throw new SeedError('The database already holds data. Reset it first (npm run seed -- --reset).');
    }
    log('an earlier seed did not finish; starting over');
    await resetDatabase(db);
  }

  const passwordHash = await demoPasswordHash(seed);
  await upsertCountries(db);
  await db.query(`INSERT INTO app_meta (key, value) VALUES ('seed_started_at', $1)`, [
    new Date().toISOString(),
  ]);
  await deferIndexes(db);

  const batch = new CopyBatch(db, COPY_CHUNK_ROWS[scale]);
  const t = Object.fromEntries(
    Object.entries(COLUMNS).map(([table, columns]) => [table, batch.table(table, columns)]),
  ) as { [K in keyof typeof COLUMNS]: ReturnType<CopyBatch['table']> };

  for (const item of CATALOGUE) {
    t.products.add([item.itemCode, item.name, item.brand, item.category, item.packSize, item.bsa, true]);
  }

  const addUser = (u: UserRow) => {
    t.users.add([
      u.id,
      u.email,
      u.name,
      u.role,
      u.userType,
      u.ucube,
      u.reports,
      u.superUser,
      u.dtAccessCodes,
      u.countryCodes,
      u.home,
      u.phone,
      u.status,
      passwordHash,
      iso(u.passwordChangedAt),
      iso(u.lastLoginAt),
      iso(u.createdAt),
      iso(u.createdAt),
    ]);
    u.bsa.forEach((bsa, i) => t.user_bsa.add([u.id, bsa, i + 1]));
  };

  const ids: SeedIds = { member: 0, salesman: 0, outlet: 0 };
  const activityIds: ActivityIds = { visit: 0, order: 0 };
  const teams = new TeamMonths(seed);
  let superAdded = false;

  for (const cc of COUNTRY_CODES) {
    const marketStarted = performance.now();
    const size = SCALES[scale][cc];
    const lastDay = Math.floor((nowMs + UTC_OFFSET_MINUTES[cc] * 60_000) / DAY_MS);
    const firstDay = 'days' in size.history ? lastDay - size.history.days + 1 : epochDay(size.history.since);
    const ctx: OrgContext = { seed, ids, firstDay, lastDay, nowMs };
    if (!superAdded) {
      addUser(superUser(ctx));
      superAdded = true;
    }
    const org = buildMarketOrg(ctx, cc, size);
    const cal = new MarketCalendar(cc, firstDay, lastDay);

    for (const u of org.users) addUser(u);
    for (const p of org.products) t.product_prices.add([cc, p.item.itemCode, cents(p.priceCents), true]);
    for (const dt of org.distributors) {
      t.distributors.add([
        dt.dtCode,
        cc,
        dt.name,
        dt.city.name,
        dt.city.region,
        dt.active,
        iso((firstDay - 700) * DAY_MS),
      ]);
      for (const s of dt.sites) {
        t.dt_sites.add([s.code, dt.dtCode, cc, s.name, s.city.name, s.lat, s.lng, s.active]);
      }
    }
    for (const m of org.members) {
      t.hierarchy_members.add([
        m.id,
        cc,
        m.employeeCode,
        m.user.id,
        m.title,
        m.level,
        m.manager?.id ?? null,
        m.dt?.dtCode ?? null,
        m.site?.code ?? null,
        m.city.name,
        true,
      ]);
    }
    const validFrom = cal.date(firstDay - 28);
    for (const sm of org.salesmen) {
      t.salesmen.add([
        sm.id,
        sm.smCode,
        cc,
        sm.member.id,
        sm.member.user.id,
        sm.teamLeader.id,
        sm.dt.dtCode,
        sm.site.code,
        sm.name,
        sm.phone,
        sm.deviceId,
        sm.deviceId === null ? null : iso(sm.member.user.createdAt),
        sm.bsa,
        true,
        sm.geoFenceRequired,
        sm.geoFenceRadiusM,
      ]);
    }
    for (const sm of org.salesmen) {
      for (const o of sm.outlets) {
        t.outlets.add([
          o.id,
          o.code,
          cc,
          sm.dt.dtCode,
          sm.site.code,
          sm.id,
          o.name,
          o.type,
          o.subtype,
          o.channel,
          sm.site.city.name,
          o.address,
          o.lat,
          o.lng,
          o.active,
          o.geoCompliance,
          o.isOnline,
          o.createdOn,
        ]);
      }
      sm.beat.forEach((day, dow) =>
        day.forEach((o, i) => t.beat_plans.add([cc, sm.id, o.id, dow, i + 1, validFrom])),
      );
    }
    writeTargets(org, cal, size, seed, t.monthly_targets);
    writePromotions(org, cal, size, seed, t.promotions, t.promotion_outlets);
    writeInventory(org, cal, size, seed, t.dt_inventory);
    await batch.maybeFlush();

    const generator = new ActivityGenerator(
      org,
      cal,
      size,
      seed,
      teams,
      {
        visits: t.visits,
        orders: t.orders,
        invoiceLines: t.invoice_lines,
        gpsPoints: t.gps_points,
        demandCapture: t.demand_capture,
        orderLoss: t.order_loss,
      },
      activityIds,
      nowMs,
    );
    let workingDays = 0;
    for (let day = firstDay; day <= lastDay; day++) {
      if (!cal.isWorkingDay(day)) continue;
      generator.day(day);
      workingDays++;
      await batch.maybeFlush();
      if (scale === 'large' && workingDays % 50 === 0) {
        log(`${cc}: ${cal.date(day)}, ${t.invoice_lines.total.toLocaleString('en')} invoice lines loaded`);
      }
    }
    log(
      `${cc}: ${org.members.length} people, ${org.salesmen.length} salesmen, ` +
        `${org.salesmen.reduce((s, sm) => s + sm.outlets.length, 0)} outlets, ${workingDays} working days ` +
        `(${((performance.now() - marketStarted) / 1000).toFixed(1)} s)`,
    );
  }
  await batch.flush();

  for (const table of EXPLICIT_ID_TABLES) {
    await db.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
    );
  }
  log(`rows loaded (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const summariesStarted = performance.now();
  await refreshSummaries(db);
  log(`summaries rebuilt (${((performance.now() - summariesStarted) / 1000).toFixed(1)} s)`);
  await restoreDeferredDdl(db, log);
  for (const cc of COUNTRY_CODES.filter((c) => countryFlags(c).isCDA)) await seedMerchandizing(db, cc, today);
  await seedTasks(db, today);
  // Statistics for the planner, and the visibility map for index-only counts (a report's total):
  // without it they read every row from the heap until autovacuum comes round.
  await db.exec('VACUUM ANALYZE');
  // Estimated Best Price as of the seed's today, so /estimatedbestprice opens with figures (id has no
  // such tool); the same statement as the admin's Recompute. After the indexes and statistics: without
  // them the planner joins every invoice line to every outlet.
  for (const market of COUNTRY_CODES.filter((c) => c !== 'id')) {
    await recomputeBestPrices(db, market, today.toISOString().slice(0, 10));
  }
  // Sign-in state of the demo accounts: mfa.vn's TOTP enrolment, invitation codes in the outbox.
  await seedAuthDemo(db);

  const counts: Record<string, number> = { countries: COUNTRY_CODES.length, ...batch.counts() };
  for (const table of ['salesman_daily_kpis', 'outlet_daily_sales']) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0]?.n ?? 0;
  }
  const meta: [string, string][] = [
    ['seed_started_at', new Date(Date.now() - Math.round(performance.now() - started)).toISOString()],
    ['seed_scale', scale],
    ['seed_seed', String(seed)],
    ['seed_today', today.toISOString()],
    ['seed_rows', String(Object.values(counts).reduce((a, b) => a + b, 0))],
    // Wall-clock time of the load, not part of the generated data.
    ['seeded_at', new Date().toISOString()],
    // A new version of the business data: cached dashboard answers of the old one are dropped.
    [DATA_VERSION_KEY, randomUUID()],
  ];
  for (const [key, value] of meta) {
    await db.query(
      `INSERT INTO app_meta (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, value],
    );
  }
  counts.app_meta = meta.length;
  return { ms: Math.round(performance.now() - started), counts };
}
