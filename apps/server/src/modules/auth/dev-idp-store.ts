/**
 * The development identity provider's storage in PostgreSQL (issue 16): oidc-provider's adapter over the
 * `oidc_payloads` table (migration 0026), in place of its in-memory default, so a sign-in started on one
 * app server (interaction, session, grant, authorization code) finishes on another. Each model's rows are
 * keyed by (model, id); the secondary lookups the provider makes (by session uid, by user code, every token
 * of a grant) are columns. Expired rows are never answered and are deleted now and then.
 */
import type { Queryable } from '../../db/client.js';

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string };

const SWEEP_EVERY_MS = 60_000;

/** The models a grant's revocation removes (as oidc-provider's memory adapter). */
const GRANTABLE = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
];

/** The adapter class oidc-provider's `adapter` option takes (one instance per model name). */
export function databaseOidcAdapter(db: Queryable) {
  let lastSweep = 0;
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    void db.query('DELETE FROM oidc_payloads WHERE expires_at < $1', [new Date(now)]).catch(() => undefined);
  };
  const live = 'AND (expires_at IS NULL OR expires_at > $3)';

  return class DatabaseOidcAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
      await db.query(
        `INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresAt,
        ],
      );
      sweep();
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<Payload | undefined> {
      const { rows } = await db.query<{ payload: Payload; consumed_at: Date | null }>(
        `SELECT payload, consumed_at FROM oidc_payloads WHERE model = $1 AND ${column} = $2 ${live} LIMIT 1`,
        [this.model, value, new Date()],
      );
      const row = rows[0];
      if (!row) return undefined;
      const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Payload) : row.payload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : payload;
    }

    find(id: string) {
      return this.findBy('id', id);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.query(`UPDATE oidc_payloads SET consumed_at = $3 WHERE model = $1 AND id = $2`, [
        this.model,
        id,
        new Date(),
      ]);
    }

    async destroy(id: string): Promise<void> {
      await db.query(`DELETE FROM oidc_payloads WHERE model = $1 AND id = $2`, [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query(`DELETE FROM oidc_payloads WHERE grant_id = $1 AND model = ANY($2::text[])`, [
        grantId,
        GRANTABLE,
      ]);
    }
  };
}
