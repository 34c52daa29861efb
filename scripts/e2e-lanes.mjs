// Splits the browser flows (e2e/*.spec.ts) into lanes of about equal running time for scripts/test.mjs:
// the longest files first, each to the lane with the least so far. The seconds below are each file's
// time in a full run (session 10's, this 2-core machine under the PostgreSQL pass); a file not listed
// counts as DEFAULT_SECONDS. They only balance the lanes: a stale figure costs minutes, never a test.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const SECONDS = {
  'no-sideways-scroll.spec.ts': 276,
  'admin-usage.spec.ts': 104,
  'admin-configuration.spec.ts': 83,
  'ucube-layout.spec.ts': 80,
  'admin-user-upload.spec.ts': 80,
  'admin-user-access.spec.ts': 70,
  'auth-login.spec.ts': 67,
  'responsive.spec.ts': 64,
  // Session 17's, estimated from their runs beside other work.
  'accessibility.spec.ts': 70,
  'ucube-small-screens.spec.ts': 45,
  'ucube-views.spec.ts': 60,
  'ucube-trend.spec.ts': 55,
  'routing.spec.ts': 52,
  'admin-salesman-device-id.spec.ts': 52,
  'usage-events.spec.ts': 45,
  'reports-flow.spec.ts': 43,
  'admin-outlet-geo-compliance.spec.ts': 43,
  'admin-merchandizing.spec.ts': 40,
  'admin-device-geo-compliance.spec.ts': 37,
  'auth-refresh.spec.ts': 35,
  'admin-outlet-status.spec.ts': 34,
  'ucube-drilldown.spec.ts': 28,
  'auth-mfa.spec.ts': 27,
  'auth-devices.spec.ts': 25,
  'tracking.spec.ts': 21,
  'admin-task-management.spec.ts': 20,
  'admin-estimated-best-price.spec.ts': 18,
  'admin-merch-images.spec.ts': 16,
  'admin-outlet-status-upload.spec.ts': 16,
  'auth-country.spec.ts': 14,
  'auth-forgot-password.spec.ts': 14,
  'frame-guard.spec.ts': 12,
  'i18n.spec.ts': 10,
  'offline.spec.ts': 5,
};
const DEFAULT_SECONDS = 30;

/** `count` lists of spec paths (e2e/…), together every spec file once. */
export function browserLanes(count, dir = 'e2e') {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ name, seconds: SECONDS[name] ?? DEFAULT_SECONDS }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const lanes = Array.from({ length: count }, () => ({ seconds: 0, files: [] }));
  for (const file of files) {
    const lane = lanes.reduce((least, next) => (next.seconds < least.seconds ? next : least));
    lane.files.push(path.join(dir, file.name));
    lane.seconds += file.seconds;
  }
  return lanes.map((lane) => lane.files);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const lane of browserLanes(Number(process.argv[2]) || 2)) console.log(lane.join(' '));
}
