// Which server test files open no database, derived from their imports (scripts/test.mjs leaves them
// out of the PostgreSQL pass, where they would only repeat the first pass). A file opens a database
// when anything it imports, followed through relative imports (not `import type`), reaches the
// database client (apps/server/src/db/client.ts), or when it starts the server or a cluster itself
// (spawns a process, reads DATABASE_URL). Derived rather than listed, so a file that starts using a
// database keeps its PostgreSQL run without anyone remembering to move it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const STARTS_SOMETHING = /\b(DATABASE_URL|child_process|pg-cluster|openDatabase)\b/;

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

function testFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(full));
    else if (entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** The server's test files (relative to apps/server) that open no database, sorted. */
export function databaseFreeTests(serverDir = 'apps/server') {
  const root = path.resolve(serverDir);
  const client = path.join(root, 'src/db/client.ts');
  const opens = new Map();
  const visit = (file) => {
    if (opens.has(file)) return opens.get(file);
    opens.set(file, false); // a cycle adds nothing
    const text = readFileSync(file, 'utf8');
    let result = file === client || STARTS_SOMETHING.test(text);
    if (!result) {
      for (const pattern of [IMPORT, DYNAMIC]) {
        for (const match of text.matchAll(pattern)) {
          const target = resolve(file, match[1]);
          if (target && visit(target)) {
            result = true;
            break;
          }
        }
        if (result) break;
      }
    }
    opens.set(file, result);
    return result;
  };
  return ['src', 'test']
    .flatMap((dir) => testFiles(path.join(root, dir)))
    .filter((file) => !visit(file))
    .map((file) => path.relative(root, file))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(databaseFreeTests().join('\n'));
