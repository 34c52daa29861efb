import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COUNTRIES, COUNTRY_CODES, countryFlags, MARKET_VARIANT } from '@fieldforce/contracts';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../test/helpers/database.js';

interface DbColumn {
  table_name: string;
  column_name: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
  identity: boolean;
}

/**
 * Every Drizzle table of the server: the exports of each `*schema.ts` module next to this file
 * (schema.ts, and the ones other domains add, such as auth-schema.ts).
 */
async function loadDrizzleTables(): Promise<PgTable[]> {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const found = new Map<string, PgTable>();
  for (const file of readdirSync(dir)
    .filter((f) => /(^|-)schema\.ts$/.test(f))
    .sort()) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (is(value, PgTable)) found.set(getTableConfig(value).name, value);
    }
  }
  return [...found.values()];
}

const tables = await loadDrizzleTables();
const normaliseType = (type: string) =>
  type.replace(/\s+/g, '').replace('timestampwithtimezone', 'timestamptz');

let database: TestDatabase;
let columns: DbColumn[];

beforeAll(async () => {
  database = await freshDatabase();
  ({ rows: columns } = await database.db.query<DbColumn>(
    `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS not_null, a.atthasdef AS has_default, a.attidentity <> '' AS identity
     FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
       AND c.relname <> 'schema_migrations'
     ORDER BY c.relname, a.attnum`,
  ));
});

afterAll(async () => {
  await database.cleanup();
});

describe('Drizzle schema and migrations', () => {
  it('describe the same tables', () => {
    const inDb = [...new Set(columns.map((c) => c.table_name))].sort();
    const inSchema = tables.map((t) => getTableConfig(t).name).sort();
    expect(inSchema).toEqual(inDb);
  });

  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))(
    '%s has the same columns, types and nullability',
    (name, table) => {
      const config = getTableConfig(table);
      const expected = config.columns
        .map((c) => ({
          column: c.name,
          type: normaliseType(c.getSQLType()),
          notNull: c.notNull,
          hasDefault: c.hasDefault || c.generatedIdentity !== undefined,
        }))
        .sort((a, b) => a.column.localeCompare(b.column));
      const actual = columns
        .filter((c) => c.table_name === name)
        .map((c) => ({
          column: c.column_name,
          type: normaliseType(c.type),
          notNull: c.not_null,
          hasDefault: c.has_default || c.identity,
        }))
        .sort((a, b) => a.column.localeCompare(b.column));
      expect(actual).toEqual(expected);
    },
  );

  it('has every index the Drizzle schema names', async () => {
    const { rows } = await database.db.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()`,
    );
    const present = new Set(rows.map((r) => r.indexname));
    const named = tables.flatMap((t) => getTableConfig(t).indexes.map((i) => i.config.name!));
    expect(named.filter((n) => !present.has(n))).toEqual([]);
  });

  it('has the same foreign keys', async () => {
    const { rows } = await database.db.query<{ tbl: string; col: string; ref: string; refcol: string }>(
      `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col, c.confrelid::regclass::text AS ref,
              af.attname AS refcol
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
       WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
    );
    const inDb = rows.map((r) => `${r.tbl}.${r.col} -> ${r.ref}.${r.refcol}`).sort();
    const inSchema = tables
      .flatMap((t) => {
        const config = getTableConfig(t);
        return config.foreignKeys.map((fk) => {
          const ref = fk.reference();
          return `${config.name}.${ref.columns[0]!.name} -> ${getTableConfig(ref.foreignTable).name}.${ref.foreignColumns[0]!.name}`;
        });
      })
      .sort();
    expect(inSchema).toEqual(inDb);
  });
});

describe('countries reference data', () => {
  it('matches @fieldforce/contracts on a freshly migrated database', async () => {
    const { rows } = await database.db.query<Record<string, unknown>>(
      `SELECT code, name, flag, currency_code, currency_symbol, dial_code, sort_order, time_zone, locale,
              hierarchy_variant, flags
       FROM countries ORDER BY sort_order`,
    );
    expect(rows).toEqual(
      COUNTRY_CODES.map((code) => {
        const c = COUNTRIES[code];
        return {
          code,
          name: c.name,
          flag: c.flag,
          currency_code: c.currencyCode,
          currency_symbol: c.currencySymbol,
          dial_code: c.dialCode,
          sort_order: c.sortOrder,
          time_zone: c.timeZone,
          locale: c.locale,
          hierarchy_variant: MARKET_VARIANT[code],
          flags: countryFlags(code),
        };
      }),
    );
  });
});
