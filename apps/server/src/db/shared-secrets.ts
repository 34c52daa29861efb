/**
 * Secrets every app server must agree on and no operator sets (table `shared_secrets`, migration 0026):
 * the first process that needs one makes it, every other reads the same value. Safe when several start
 * at once: the insert of a process that lost the race does nothing, and it reads the winner's value.
 */
import type { Queryable } from './client.js';

export async function sharedSecret(
  q: Queryable,
  name: string,
  make: () => string | Promise<string>,
): Promise<string> {
  const found = await q.query<{ value: string }>('SELECT value FROM shared_secrets WHERE name = $1', [name]);
  if (found.rows[0]) return found.rows[0].value;
  await q.query(
    `INSERT INTO shared_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
    [name, await make(), new Date()],
  );
  const { rows } = await q.query<{ value: string }>('SELECT value FROM shared_secrets WHERE name = $1', [
    name,
  ]);
  return rows[0]!.value;
}
