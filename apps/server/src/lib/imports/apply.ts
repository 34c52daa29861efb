/**
 * Step 5 of the import pipeline: apply the validated rows in one transaction. The rows go into a
 * staging table of their own by COPY (PostgreSQL through pg-copy-streams, PGlite through /dev/blob:
 * both far faster than INSERT batches; rows a streamed validation did not keep are read again from the
 * stored file, a COPY per batch) and analysed, then the definition's set-based SQL moves them into the
 * business tables inside one transaction that also bumps the data version and writes the audit
 * entry; once it has committed, this process forgets the data version it knew (transactionThatChangesData),
 * so its next dashboard answer shows the import. The staging table is not business data: it is filled
 * before the transaction and dropped after it, whatever happens, so a failure anywhere leaves every
 * business table as it was.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { transactionThatChangesData } from '../../db/data-version.js';
import { writeAudit } from '../audit.js';
import { csvField } from './csv.js';
import type { ImportContext, ImportDefinition, ImportResult, ValidRow } from './definition.js';
import type { ValidRows } from './validate.js';

/** Rows per COPY into the staging table when the rows are read again from the file. */
export const STAGING_COPY_ROWS = 65_536;

/**
 * The staging table is analysed from this many rows on. Below it the planner's guess for a new table
 * costs nothing worth measuring (the business tables' side of the join dominates), and a small upload
 * does not pay for the statistics.
 */
export const ANALYZE_STAGING_FROM_ROWS = 1_000;

/**
 * The staging table of one import, named after it so a table left behind by a process killed
 * mid-apply can be found and dropped when the import is settled (modules/files/recovery.ts).
 */
export function stagingTableName(importId: string): string {
  return `import_stage_${
    importId
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 40) || randomUUID().replace(/-/g, '')
  }`;
}

export interface ApplyOptions {
  sessionId: string | null;
  requestId: string | null;
  fileName: string;
}

export async function applyImport<V>(
  db: Database,
  def: ImportDefinition<V>,
  rows: ReadonlyArray<ValidRow<V>> | ValidRows<V>,
  ctx: ImportContext,
  options: ApplyOptions,
): Promise<ImportResult> {
  const staging = stagingTableName(ctx.importId);
  const columns = def.staging.columns;
  // One left by a process killed mid-apply is dropped here at the latest (and by imports.recover).
  await db.exec(`DROP TABLE IF EXISTS ${staging}`);
  await db.exec(
    `CREATE UNLOGGED TABLE ${staging} (${columns.map((c) => `"${c.name}" ${c.type}`).join(', ')})`,
  );
  try {
    const copy = async (batch: ReadonlyArray<ValidRow<V>>) => {
      const lines: string[] = [];
      for (const r of batch) {
        lines.push(
          def.staging
            .toRow(r.value)
            .map((v) => (v === null ? '' : csvField(String(v)) || '""'))
            .join(','),
        );
      }
      if (lines.length > 0)
        await db.copyCsv(
          staging,
          columns.map((c) => c.name),
          lines.join('\n') + '\n',
        );
    };
    // Kept rows go in one COPY; rows validated as a stream are read from the stored file again and
    // go in a COPY per STAGING_COPY_ROWS, so memory holds one batch, never the file's rows.
    if (Array.isArray(rows)) await copy(rows);
    else await (rows as Exclude<ValidRows<V>, unknown[]>).forEachBatch(STAGING_COPY_ROWS, copy);
    // The staging table is new: without statistics the planner guesses its size and shape (52,542 rows
    // for Outlet Status's 100,000) and builds the join's hash on the business table instead (every
    // outlet of the market). Analysed, the apply statement took 25-45% less of the server's CPU for
    // 100,000 outlet statuses, for about 50 ms of ANALYZE (docs/admin.md, "Speed"). Small files skip it.
    if (rows.length >= ANALYZE_STAGING_FROM_ROWS) await db.exec(`ANALYZE ${staging}`);
    return await transactionThatChangesData(
      db,
      async (tx) => {
        const result = await def.apply(tx, staging, ctx);
        await writeAudit(tx, {
          actorId: ctx.user.id,
          sessionId: options.sessionId,
          market: ctx.market,
          tool: def.tool,
          action: def.auditAction,
          target: options.fileName,
          before: null,
          after: { ...result, rows: rows.length },
          importId: ctx.importId,
          requestId: options.requestId,
          at: ctx.now,
        });
        return result;
      },
      (result) => result.created + result.updated > 0,
    );
  } finally {
    await db.exec(`DROP TABLE IF EXISTS ${staging}`);
  }
}
