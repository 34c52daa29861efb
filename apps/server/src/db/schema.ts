/**
 * Drizzle description of every table the migrations create (migrations/*.sql are the source of
 * truth; schema.test.ts checks both agree column by column). The client parses bigint and numeric
 * as numbers on both drivers, so ids and money are numbers here too; dates are 'YYYY-MM-DD' strings.
 */
import type { CountryFlags, HierarchyVariant } from '@fieldforce/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps, tstz, updated, updatedAt } from './columns.js';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const day = (name: string) => date(name, { mode: 'string' });

// --- Markets ------------------------------------------------------------------------------------

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  flag: text('flag').notNull(),
  currencyCode: text('currency_code').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  dialCode: text('dial_code').notNull(),
  sortOrder: integer('sort_order').notNull(),
  timeZone: text('time_zone').notNull(),
  locale: text('locale').notNull(),
  hierarchyVariant: text('hierarchy_variant').$type<HierarchyVariant>().notNull(),
  flags: jsonb('flags')
    .$type<CountryFlags>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** Outlet Status is shown to admins whose email domain is listed here (migration 0007). */
  outletStatusEmailDomains: text('outlet_status_email_domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Whether the salesman app checks the device ID at sign-in (Salesman Device ID; migration 0014). */
  smDeviceIdValidation: boolean('sm_device_id_validation').notNull().default(true),
});

// --- Users --------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role').notNull().default('CD VP'),
    userType: text('user_type').$type<'admin' | 'user' | 'salesman'>().notNull().default('user'),
    accessToUcube: boolean('access_to_ucube').notNull().default(false),
    accessToOperationalDashboards: boolean('access_to_operational_dashboards').notNull().default(false),
    isSuperUser: boolean('is_super_user').notNull().default(false),
    /** Comma-separated DT codes, or 'All (Super Access)'. */
    dtAccessCodes: text('dt_access_codes').notNull().default(''),
    /** Comma-separated lowercased market codes. */
    countryCodes: text('country_codes').notNull(),
    homeCountryCode: text('home_country_code')
      .notNull()
      .references(() => countries.code),
    phone: text('phone'),
    status: text('status').$type<'active' | 'invited' | 'disabled'>().notNull().default('active'),
    passwordHash: text('password_hash'),
    passwordChangedAt: tstz('password_changed_at'),
    lastLoginAt: tstz('last_login_at'),
    ...timestamps(),
    /** User Access: when and by whom the user was deactivated (status 'disabled'; migration 0017). */
    deactivatedAt: tstz('deactivated_at'),
    deactivatedBy: text('deactivated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('users_home_country_idx').on(t.homeCountryCode), index('users_role_idx').on(t.role)],
);

export const userBsa = pgTable(
  'user_bsa',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bsa: text('bsa').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bsa] }), unique().on(t.userId, t.position)],
);

// --- Distributor network ------------------------------------------------------------------------

export const distributors = pgTable(
  'distributors',
  {
    dtCode: text('dt_code').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    name: text('name').notNull(),
    city: text('city').notNull(),
    region: text('region').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('distributors_country_idx').on(t.countryCode)],
);

export const dtSites = pgTable(
  'dt_sites',
  {
    dtSiteCode: text('dt_site_code').primaryKey(),
    dtCode: text('dt_code')
      .notNull()
      .references(() => distributors.dtCode),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    name: text('name').notNull(),
    city: text('city').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('dt_sites_dt_idx').on(t.dtCode), index('dt_sites_country_idx').on(t.countryCode)],
);

// --- Hierarchy and salesmen ---------------------------------------------------------------------

export const hierarchyMembers = pgTable(
  'hierarchy_members',
  {
    id: id(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    employeeCode: text('employee_code').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    /** The chain title (CHAIN_TITLES role), also the user's role. */
    title: text('title').notNull(),
    /** 0 is the top of the market's chain. */
    levelIndex: integer('level_index').notNull(),
    managerId: ref('manager_id').references((): AnyPgColumn => hierarchyMembers.id),
    dtCode: text('dt_code').references(() => distributors.dtCode),
    dtSiteCode: text('dt_site_code').references(() => dtSites.dtSiteCode),
    city: text('city').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('hierarchy_members_manager_idx').on(t.managerId),
    index('hierarchy_members_country_level_idx').on(t.countryCode, t.levelIndex),
    index('hierarchy_members_dt_idx').on(t.dtCode),
  ],
);

export const salesmen = pgTable(
  'salesmen',
  {
    id: id(),
    smCode: text('sm_code').notNull().unique(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    memberId: ref('member_id')
      .notNull()
      .unique()
      .references(() => hierarchyMembers.id),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    teamLeaderMemberId: ref('team_leader_member_id')
      .notNull()
      .references(() => hierarchyMembers.id),
    dtCode: text('dt_code')
      .notNull()
      .references(() => distributors.dtCode),
    dtSiteCode: text('dt_site_code')
      .notNull()
      .references(() => dtSites.dtSiteCode),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    deviceId: text('device_id'),
    deviceIdUpdatedAt: tstz('device_id_updated_at'),
    bsa: text('bsa').notNull().default('Distributor'),
    active: boolean('active').notNull().default(true),
    /** Device Geo-Compliance (migration 0014): visits must be recorded inside the outlet's radius. */
    geoFenceRequired: boolean('geo_fence_required').notNull().default(false),
    /** The radius in metres, 10 to 5000. */
    geoFenceRadiusM: integer('geo_fence_radius_m').notNull().default(100),
  },
  (t) => [
    index('salesmen_country_idx').on(t.countryCode),
    index('salesmen_dt_idx').on(t.dtCode, t.dtSiteCode),
    index('salesmen_team_leader_idx').on(t.teamLeaderMemberId),
    index('salesmen_phone_idx').on(t.phone),
    uniqueIndex('salesmen_device_id_key')
      .on(t.deviceId)
      .where(sql`device_id IS NOT NULL`),
  ],
);

// --- Outlets and products -----------------------------------------------------------------------

export const outlets = pgTable(
  'outlets',
  {
    id: id(),
    /** Customer code, digits only. */
    outletCode: text('outlet_code').notNull().unique(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    dtCode: text('dt_code')
      .notNull()
      .references(() => distributors.dtCode),
    dtSiteCode: text('dt_site_code')
      .notNull()
      .references(() => dtSites.dtSiteCode),
    salesmanId: ref('salesman_id').references(() => salesmen.id),
    name: text('name').notNull(),
    outletType: text('outlet_type').notNull(),
    outletSubtype: text('outlet_subtype').notNull(),
    channel: text('channel').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    active: boolean('active').notNull().default(true),
    geoCompliance: boolean('geo_compliance').notNull().default(true),
    isOnline: boolean('is_online').notNull().default(true),
    createdOn: day('created_on').notNull(),
  },
  (t) => [
    index('outlets_country_idx').on(t.countryCode),
    index('outlets_dt_idx').on(t.dtCode, t.dtSiteCode),
    index('outlets_salesman_idx').on(t.salesmanId),
  ],
);

export const products = pgTable('products', {
  itemCode: text('item_code').primaryKey(),
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  category: text('category').notNull(),
  packSize: text('pack_size').notNull(),
  bsa: text('bsa').notNull(),
  active: boolean('active').notNull().default(true),
});

export const productPrices = pgTable(
  'product_prices',
  {
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode),
    price: money('price').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.itemCode] }),
    index('product_prices_item_idx').on(t.itemCode),
  ],
);

// --- Field activity and sales -------------------------------------------------------------------

export const beatPlans = pgTable(
  'beat_plans',
  {
    id: id(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    /** ISO day of week, 1 = Monday. */
    dayOfWeek: smallint('day_of_week').notNull(),
    visitSequence: integer('visit_sequence').notNull(),
    validFrom: day('valid_from').notNull(),
  },
  (t) => [unique().on(t.salesmanId, t.dayOfWeek, t.outletId), index('beat_plans_outlet_idx').on(t.outletId)],
);

export const visits = pgTable(
  'visits',
  {
    id: id(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    dtCode: text('dt_code').notNull(),
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    visitDate: day('visit_date').notNull(),
    planned: boolean('planned').notNull(),
    actual: boolean('actual').notNull(),
    productive: boolean('productive').notNull(),
    visitSequence: integer('visit_sequence'),
    checkInAt: tstz('check_in_at'),
    checkOutAt: tstz('check_out_at'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [
    index('visits_country_date_id_idx').on(t.countryCode, t.visitDate, t.id),
    index('visits_dt_date_idx').on(t.dtCode, t.visitDate),
    index('visits_salesman_date_idx').on(t.salesmanId, t.visitDate),
    index('visits_outlet_date_idx').on(t.outletId, t.visitDate),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull().unique(),
    visitId: ref('visit_id').references(() => visits.id),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    dtCode: text('dt_code').notNull(),
    dtSiteCode: text('dt_site_code').notNull(),
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    invoiceDate: day('invoice_date').notNull(),
    bsa: text('bsa').notNull(),
    lineCount: integer('line_count').notNull(),
    grossAmount: money('gross_amount').notNull(),
    returnAmount: money('return_amount').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('orders_country_date_idx').on(t.countryCode, t.invoiceDate),
    index('orders_dt_date_idx').on(t.dtCode, t.invoiceDate),
    index('orders_salesman_date_idx').on(t.salesmanId, t.invoiceDate),
    index('orders_outlet_date_idx').on(t.outletId, t.invoiceDate),
    index('orders_visit_idx').on(t.visitId),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    countryCode: text('country_code').notNull(),
    dtCode: text('dt_code').notNull(),
    salesmanId: ref('salesman_id').notNull(),
    outletId: ref('outlet_id').notNull(),
    invoiceDate: day('invoice_date').notNull(),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode),
    quantity: integer('quantity').notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    returnQuantity: integer('return_quantity').notNull().default(0),
    returnPrice: money('return_price').notNull().default(0),
    returnAmount: money('return_amount').notNull().default(0),
  },
  (t) => [
    index('invoice_lines_order_idx').on(t.orderId),
    index('invoice_lines_country_date_idx').on(t.countryCode, t.invoiceDate),
    index('invoice_lines_dt_date_idx').on(t.dtCode, t.invoiceDate),
    index('invoice_lines_salesman_date_idx').on(t.salesmanId, t.invoiceDate),
    index('invoice_lines_outlet_date_idx').on(t.outletId, t.invoiceDate),
    index('invoice_lines_item_date_idx').on(t.itemCode, t.invoiceDate),
  ],
);

export const monthlyTargets = pgTable(
  'monthly_targets',
  {
    id: id(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    /** First day of the month. */
    month: day('month').notNull(),
    ecoTarget: integer('eco_target').notNull(),
    productiveCallsTarget: integer('productive_calls_target').notNull(),
    billsTarget: integer('bills_target').notNull(),
    gsvTarget: money('gsv_target').notNull(),
  },
  (t) => [
    unique().on(t.salesmanId, t.month),
    index('monthly_targets_country_month_idx').on(t.countryCode, t.month),
  ],
);

export const gpsPoints = pgTable(
  'gps_points',
  {
    id: id(),
    countryCode: text('country_code').notNull(),
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    pointDate: day('point_date').notNull(),
    geoLocationSequence: integer('geo_location_sequence').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    recordedAt: tstz('recorded_at').notNull(),
    /** The device reported a mock location (migration 0020; tracking flags it as suspicious). */
    mockLocation: boolean('mock_location').notNull().default(false),
  },
  (t) => [
    uniqueIndex('gps_points_salesman_date_seq_idx').on(t.salesmanId, t.pointDate, t.geoLocationSequence),
    index('gps_points_country_date_idx').on(t.countryCode, t.pointDate),
  ],
);

// --- Stock, promotions, demand capture, order loss ----------------------------------------------

export const dtInventory = pgTable(
  'dt_inventory',
  {
    id: id(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    dtCode: text('dt_code')
      .notNull()
      .references(() => distributors.dtCode),
    dtSiteCode: text('dt_site_code')
      .notNull()
      .references(() => dtSites.dtSiteCode),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode),
    snapshotDate: day('snapshot_date').notNull(),
    stockQty: integer('stock_qty').notNull(),
    stockValue: money('stock_value').notNull(),
  },
  (t) => [
    unique().on(t.dtSiteCode, t.itemCode, t.snapshotDate),
    index('dt_inventory_country_date_id_idx').on(t.countryCode, t.snapshotDate, t.id),
    index('dt_inventory_dt_date_idx').on(t.dtCode, t.snapshotDate),
    index('dt_inventory_item_idx').on(t.itemCode),
  ],
);

export const promotions = pgTable(
  'promotions',
  {
    promotionCode: text('promotion_code').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    name: text('name').notNull(),
    description: text('description').notNull(),
    promotionType: text('promotion_type').notNull(),
    bsa: text('bsa').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    /** NULL: every distributor of the market. */
    dtCode: text('dt_code').references(() => distributors.dtCode),
    status: text('status').$type<'scheduled' | 'active' | 'ended' | 'cancelled'>().notNull(),
  },
  (t) => [index('promotions_country_dates_idx').on(t.countryCode, t.startDate)],
);

export const promotionOutlets = pgTable(
  'promotion_outlets',
  {
    promotionCode: text('promotion_code')
      .notNull()
      .references(() => promotions.promotionCode),
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    countryCode: text('country_code').notNull(),
    dtCode: text('dt_code').notNull(),
    status: text('status').$type<'eligible' | 'applied' | 'not_applied'>().notNull(),
    timesApplied: integer('times_applied').notNull().default(0),
    lastAppliedOn: day('last_applied_on'),
  },
  (t) => [
    primaryKey({ columns: [t.promotionCode, t.outletId] }),
    index('promotion_outlets_outlet_idx').on(t.outletId),
    index('promotion_outlets_country_dt_idx').on(t.countryCode, t.dtCode),
  ],
);

export const demandCapture = pgTable(
  'demand_capture',
  {
    id: id(),
    countryCode: text('country_code').notNull(),
    dtCode: text('dt_code').notNull(),
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode),
    captureDate: day('capture_date').notNull(),
    qtyRequested: integer('qty_requested').notNull(),
  },
  (t) => [
    index('demand_capture_country_date_id_idx').on(t.countryCode, t.captureDate, t.id),
    index('demand_capture_dt_date_idx').on(t.dtCode, t.captureDate),
    index('demand_capture_outlet_idx').on(t.outletId),
    index('demand_capture_item_idx').on(t.itemCode),
  ],
);

export const orderLoss = pgTable(
  'order_loss',
  {
    id: id(),
    countryCode: text('country_code').notNull(),
    dtCode: text('dt_code').notNull(),
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode),
    lossDate: day('loss_date').notNull(),
    qtyLost: integer('qty_lost').notNull(),
    valueLost: money('value_lost').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    index('order_loss_country_date_id_idx').on(t.countryCode, t.lossDate, t.id),
    index('order_loss_dt_date_idx').on(t.dtCode, t.lossDate),
    index('order_loss_outlet_idx').on(t.outletId),
    index('order_loss_item_idx').on(t.itemCode),
  ],
);

// --- Daily summaries (seed/summaries.ts refreshSummaries) ---------------------------------------

export const salesmanDailyKpis = pgTable(
  'salesman_daily_kpis',
  {
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    kpiDate: day('kpi_date').notNull(),
    countryCode: text('country_code').notNull(),
    dtCode: text('dt_code').notNull(),
    plannedCalls: integer('planned_calls').notNull(),
    actualCalls: integer('actual_calls').notNull(),
    productiveCalls: integer('productive_calls').notNull(),
    bills: integer('bills').notNull(),
    outletsBilled: integer('outlets_billed').notNull(),
    lines: integer('lines').notNull(),
    gsv: money('gsv').notNull(),
    returns: money('returns').notNull(),
    /** Outlets this salesman billed on this day for the first time in the calendar month. */
    outletsFirstBilled: integer('outlets_first_billed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.salesmanId, t.kpiDate] }),
    index('salesman_daily_kpis_country_date_idx').on(t.countryCode, t.kpiDate),
    index('salesman_daily_kpis_dt_date_idx').on(t.dtCode, t.kpiDate),
  ],
);

export const outletDailySales = pgTable(
  'outlet_daily_sales',
  {
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    salesDate: day('sales_date').notNull(),
    countryCode: text('country_code').notNull(),
    dtCode: text('dt_code').notNull(),
    gsv: money('gsv').notNull(),
    returns: money('returns').notNull(),
    bills: integer('bills').notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.outletId, t.salesmanId, t.salesDate] }),
    index('outlet_daily_sales_country_date_idx').on(t.countryCode, t.salesDate),
    index('outlet_daily_sales_salesman_date_idx').on(t.salesmanId, t.salesDate),
    index('outlet_daily_sales_dt_date_idx').on(t.dtCode, t.salesDate),
  ],
);

/**
 * Outlets billed by two or more salesmen in a calendar month, with each one's first day: what the
 * per-salesman first-billing counts overcount when a team's ECO sums them (migration 0005).
 */
export const outletSharedBilling = pgTable(
  'outlet_shared_billing',
  {
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    month: day('month').notNull(),
    countryCode: text('country_code').notNull(),
    firstDay: day('first_day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.outletId, t.month, t.salesmanId] }),
    index('outlet_shared_billing_salesman_month_idx').on(t.salesmanId, t.month),
  ],
);

/** Add Salesman BG Mapping (migration 0018): the business groups a salesman is mapped to. */
export const salesmanBusinessGroups = pgTable(
  'salesman_business_groups',
  {
    salesmanId: ref('salesman_id')
      .notNull()
      .references(() => salesmen.id, { onDelete: 'cascade' }),
    businessGroup: text('business_group').notNull().$type<'Distributor' | 'New Channel' | 'Ice Cream'>(),
    ...updated(),
  },
  (t) => [primaryKey({ columns: [t.salesmanId, t.businessGroup] })],
);

/** Estimated Best Price (migration 0022): per item and outlet type, the estimate and the admin's override. */
export const bestPrices = pgTable(
  'best_prices',
  {
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode),
    outletType: text('outlet_type').notNull(),
    estimatedPrice: money('estimated_price'),
    spread: numeric('spread', { precision: 10, scale: 4, mode: 'number' }).notNull().default(0),
    flagged: boolean('flagged').notNull().default(false),
    invoices: integer('invoices').notNull().default(0),
    trimmed: integer('trimmed').notNull().default(0),
    computedAt: tstz('computed_at'),
    overridePrice: money('override_price'),
    overrideBy: text('override_by').references(() => users.id),
    overrideAt: tstz('override_at'),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.itemCode, t.outletType] }),
    index('best_prices_flagged_idx').on(t.countryCode, t.flagged),
  ],
);

// --- Metadata -----------------------------------------------------------------------------------

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Every table, for tests and tooling that walk the schema. */
export const allTables = {
  countries,
  users,
  userBsa,
  distributors,
  dtSites,
  hierarchyMembers,
  salesmen,
  outlets,
  products,
  productPrices,
  beatPlans,
  visits,
  orders,
  invoiceLines,
  monthlyTargets,
  gpsPoints,
  dtInventory,
  promotions,
  promotionOutlets,
  demandCapture,
  orderLoss,
  salesmanDailyKpis,
  outletDailySales,
  outletSharedBilling,
  salesmanBusinessGroups,
  bestPrices,
  appMeta,
} as const;
