/**
 * Drizzle description of the Merchandizing Sets tables (migrations/0023_merchandizing.sql is the source
 * of truth; schema.test.ts compares them column by column).
 */
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, created, updatedAt } from './columns.js';
import { countries, outlets, products, visits } from './schema.js';

const day = (name: string) => date(name, { mode: 'string' });
const ref = (name: string) => bigint(name, { mode: 'number' });
const rate = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

export const merchSets = pgTable(
  'merch_sets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    setId: text('set_id').notNull(),
    version: integer('version').notNull().default(1),
    buAssetType: text('bu_asset_type').notNull(),
    subRegion: text('sub_region').notNull(),
    setName: text('set_name').notNull(),
    osaHurdle: rate('osa_hurdle').notNull(),
    facingsHurdle: rate('facings_hurdle').notNull(),
    stockHurdle: rate('stock_hurdle').notNull(),
    goLive: day('go_live').notNull(),
    endDate: day('end_date').notNull(),
    ...created(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.countryCode, t.setId, t.version),
    index('merch_sets_country_idx').on(t.countryCode, t.goLive),
  ],
);

export const merchDisplays = pgTable(
  'merch_displays',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    setPk: ref('set_pk')
      .notNull()
      .references(() => merchSets.id, { onDelete: 'cascade' }),
    displayId: text('display_id').notNull(),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.setPk, t.displayId),
    index('merch_displays_market_idx').on(t.countryCode, t.displayId),
  ],
);

export const merchDisplayProducts = pgTable(
  'merch_display_products',
  {
    displayPk: ref('display_pk')
      .notNull()
      .references(() => merchDisplays.id, { onDelete: 'cascade' }),
    productOrder: integer('product_order').notNull(),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode),
    facings: integer('facings').notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.displayPk, t.productOrder] })],
);

export const merchSetOutlets = pgTable(
  'merch_set_outlets',
  {
    setPk: ref('set_pk')
      .notNull()
      .references(() => merchSets.id, { onDelete: 'cascade' }),
    displayPk: ref('display_pk')
      .notNull()
      .references(() => merchDisplays.id, { onDelete: 'cascade' }),
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    times: integer('times').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.displayPk, t.outletId] }),
    index('merch_set_outlets_set_idx').on(t.setPk),
    index('merch_set_outlets_outlet_idx').on(t.outletId),
  ],
);

export const merchAudits = pgTable(
  'merch_audits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    setPk: ref('set_pk')
      .notNull()
      .references(() => merchSets.id, { onDelete: 'cascade' }),
    displayPk: ref('display_pk')
      .notNull()
      .references(() => merchDisplays.id, { onDelete: 'cascade' }),
    visitId: ref('visit_id')
      .notNull()
      .references(() => visits.id),
    outletId: ref('outlet_id')
      .notNull()
      .references(() => outlets.id),
    auditDate: day('audit_date').notNull(),
    productsExpected: integer('products_expected').notNull(),
    productsOnShelf: integer('products_on_shelf').notNull(),
    facingsExpected: integer('facings_expected').notNull(),
    facingsCounted: integer('facings_counted').notNull(),
    stockExpected: integer('stock_expected').notNull(),
    stockCounted: integer('stock_counted').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.visitId, t.displayPk),
    index('merch_audits_set_date_idx').on(t.setPk, t.auditDate),
    index('merch_audits_outlet_idx').on(t.outletId, t.auditDate),
    index('merch_audits_display_idx').on(t.displayPk),
  ],
);
