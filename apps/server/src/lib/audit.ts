/**
 * The audit log (table `audit_log`, migration 0007): one row per change, written with the change's own
 * transaction so a change and its record commit or roll back together. Route handlers call
 * `ctx.audit(entry)` (lib/route.ts), which fills in the actor, session, market and request id.
 */
import { randomUUID } from 'node:crypto';
import type { AdminToolKey } from '@fieldforce/contracts';
import type { Queryable } from '../db/client.js';

export interface AuditEntry {
  actorId: string;
  sessionId: string | null;
  market: string;
  tool: AdminToolKey;
  /** What happened, as `<thing>.<field>.<verb>`: outlet.status.update, outlet.status.import, ... */
  action: string;
  /** What it happened to (an outlet code, a user id, a file name); null for a whole-tool action. */
  target: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  importId?: string | null;
  requestId: string | null;
  /** Defaults to the database's now(); pass the app clock's time where tests move it. */
  at?: Date;
}

/** Writes one audit row with `q` (the change's transaction). Returns its id. */
export async function writeAudit(q: Queryable, entry: AuditEntry): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO audit_log (id, actor_id, session_id, market, tool, action, target, before, after, import_id,
                            request_id, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, coalesce($12::timestamptz, now()))`,
    [
      id,
      entry.actorId,
      entry.sessionId,
      entry.market,
      entry.tool,
      entry.action,
      entry.target,
      entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === null ? null : JSON.stringify(entry.after),
      entry.importId ?? null,
      entry.requestId,
      entry.at ?? null,
    ],
  );
  return id;
}
