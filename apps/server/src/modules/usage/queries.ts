/**
 * Usage events SQL: one statement stores a batch (the rows arrive as one JSON parameter) and keeps the
 * daily rollup in step, in the same transaction, so the usage page reads the rollup, never the log.
 */
import { COUNTRIES, type CountryCode, type UsageEvent } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';

export interface EventActor {
  userId: string | null;
  role: string | null;
}

/** Stores the events of one market for one actor (or none: before sign-in) and updates the rollup. */
export async function storeUsageEvents(
  q: Queryable,
  market: CountryCode,
  actor: EventActor,
  events: readonly UsageEvent[],
  receivedAt: Date,
): Promise<void> {
  const rows = JSON.stringify(
    events.map((e) => ({
      at: e.at,
      event: e.event,
      screen: e.screen,
      device_type: e.deviceType,
      browser: e.browser,
      os: e.os,
      device_model: e.deviceModel,
      properties: e.properties,
    })),
  );
  const timeZone = COUNTRIES[market].timeZone;
  await q.query(
    `WITH input AS (
       SELECT * FROM json_to_recordset($1::json) AS x(
         at timestamptz, event text, screen text, device_type text, browser text, os text,
         device_model text, properties jsonb)
     ), stored AS (
       INSERT INTO usage_events (market, at, received_at, event, screen, user_id, role, device_type, browser, os,
                                 device_model, properties)
       SELECT $2, at, $3, event, screen, $4, $5, device_type, browser, os, device_model, coalesce(properties, '{}')
       FROM input
       RETURNING (at AT TIME ZONE $6)::date AS day, event
     ), daily AS (
       INSERT INTO usage_daily (day, market, event, role, events)
       SELECT day, $2, event, coalesce($5, ''), count(*) FROM stored GROUP BY day, event
       ON CONFLICT (day, market, event, role) DO UPDATE SET events = usage_daily.events + excluded.events
     )
     INSERT INTO usage_daily_users (day, market, user_id, role)
     SELECT DISTINCT day, $2, $4::text, coalesce($5, '') FROM stored WHERE $4::text IS NOT NULL
     ON CONFLICT (day, market, user_id) DO NOTHING`,
    [rows, market, receivedAt, actor.userId, actor.role, timeZone],
  );
}
