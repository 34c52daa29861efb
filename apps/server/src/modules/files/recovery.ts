/**
 * Imports left behind by a server process that died (issue 11: "a job whose process died is retried or
 * marked failed with a message"). The process validating an upload ('parsing') or applying it
 * ('applying') holds the import by a lease (`locked_by`, `locked_until`, migration 0010; lib/lease.ts),
 * renewed every third of IMPORT_LEASE_MS while it works. Once the lease has run out the process is gone, and the
 * import is settled by what the database says:
 * - 'applying' whose apply transaction committed (the import's audit entry exists: it is written in that
 *   transaction) → 'applied', with the result the entry recorded;
 * - any other → 'failed' with TECHNICAL_ERROR, the message a failed apply in a live process gets. The
 *   apply is one transaction, so nothing of it was kept; the admin uploads the file again.
 * Every server runs this as the recurring job 'imports.recover' (at start, then every minute), and
 * file/checkstatus runs it for the import it is asked about, so the web's polling ends at once.
 */
import { importMessage, type ImportJob } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { stagingTableName } from '../../lib/imports/apply.js';
import { importDefinition } from '../../lib/imports/definition.js';

declare module '../../lib/jobs.js' {
  interface JobPayloads {
    'imports.recover': Record<string, never>;
  }
}

/** How long an import's lease holds without renewal (lib/imports/stored-import.ts). */
export { IMPORT_LEASE_MS } from '../../lib/imports/stored-import.js';

interface Abandoned {
  id: string;
  kind: string;
  market: string;
  state: 'parsing' | 'applying';
}

/**
 * Settles the imports whose lease ran out before `now` (all, or only `onlyId`), except those this
 * process is working on (`mine`). Returns how many it settled.
 */
export async function recoverAbandonedImports(
  db: Queryable,
  now: Date,
  options: { mine?: ReadonlySet<string>; onlyId?: string } = {},
): Promise<number> {
  const { rows } = await db.query<Abandoned>(
    `SELECT id, kind, market, state FROM imports
     WHERE state IN ('parsing', 'applying') AND (locked_until IS NULL OR locked_until < $1)
       AND ($2::text IS NULL OR id = $2)`,
    [now, options.onlyId ?? null],
  );
  let settled = 0;
  for (const row of rows) {
    if (options.mine?.has(row.id)) continue;
    const def = importDefinition(row.kind);
    let result: ImportJob['result'] = null;
    let appliedAt: Date | null = null;
    if (row.state === 'applying' && def) {
      const { rows: audit } = await db.query<{ after: Record<string, unknown> | null; at: Date }>(
        `SELECT after, at FROM audit_log
         WHERE market = $1 AND tool = $2 AND import_id = $3 AND action = $4 LIMIT 1`,
        [row.market, def.tool, row.id, def.auditAction],
      );
      const entry = audit[0];
      if (entry) {
        const count = (key: string) => Number(entry.after?.[key] ?? 0);
        result = { created: count('created'), updated: count('updated'), unchanged: count('unchanged') };
        appliedAt = new Date(entry.at);
      }
    }
    // Only while the lease is still out: a process that renewed it in the meantime keeps the import.
    const { rows: done } = await db.query(
      `UPDATE imports SET state = $2, result = $3::jsonb, message = $4::jsonb, applied_at = $5,
              locked_by = NULL, locked_until = NULL
       WHERE id = $1 AND state IN ('parsing', 'applying') AND (locked_until IS NULL OR locked_until < $6)
       RETURNING id`,
      [
        row.id,
        result ? 'applied' : 'failed',
        result ? JSON.stringify(result) : null,
        result ? null : JSON.stringify(importMessage('TECHNICAL_ERROR')),
        appliedAt,
        now,
      ],
    );
    settled += done.length;
    // The staging table a killed apply left behind (it is filled outside the apply's transaction).
    if (done.length > 0) await db.query(`DROP TABLE IF EXISTS ${stagingTableName(row.id)}`);
  }
  return settled;
}
