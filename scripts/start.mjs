// npm start: builds the web app when its sources changed since the last build, then runs the
// server (API and web app on one port) in this same process.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];
const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))))) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@fieldforce/web', '--silent'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The demo portal runs in development mode so that the built-in SSO provider (/oidc) and the email
// outbox (/dev/outbox) work out of the box. It listens on 127.0.0.1 unless HOST says otherwise, the
// outbox answers only this machine or a signed-in admin, and the server's start banner lists each
// development helper that is on with how to turn it off. A real deployment sets NODE_ENV=production,
// SMTP_URL and OIDC_ISSUER.
process.env.NODE_ENV ??= 'development';
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/server/src/server.ts');
await main();
