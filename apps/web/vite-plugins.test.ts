/**
 * The login route's first download (issue 10, "First load"): at most 150 kB of JavaScript with brotli,
 * and no zod. The web uses the contracts' constants and pure rules, and pureContracts() lets the bundler
 * drop every schema no screen uses.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { brotliCompressSync, constants } from 'node:zlib';
import { firstLoadFiles, LOGIN_FIRST_LOAD, pureContracts } from './vite-plugins.js';

const root = path.dirname(fileURLToPath(import.meta.url));

async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return sourcesUnder(full);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
    }),
  );
  return files.flat();
}

/** The value names the web's sources import from @fieldforce/contracts (types left out). */
async function contractsValuesTheWebImports(): Promise<string[]> {
  const names = new Set<string>();
  const importRe = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@fieldforce\/contracts'/g;
  for (const file of await sourcesUnder(path.join(root, 'src'))) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(importRe)) {
      if (match[1]) continue;
      for (const spec of match[2]!.split(',')) {
        const name = spec.trim();
        if (!name || name.startsWith('type ')) continue;
        names.add(name.split(/\s+as\s+/)[0]!.trim());
      }
    }
  }
  return [...names].sort();
}

async function bundle(entry: string): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [
      {
        name: 'test-entry',
        resolveId: (id) => (id === 'virtual:entry' ? '\0virtual:entry' : null),
        load: (id) => (id === '\0virtual:entry' ? entry : null),
      },
      pureContracts(),
    ],
    build: {
      write: false,
      minify: false,
      rollupOptions: { input: 'virtual:entry', preserveEntrySignatures: 'strict' },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const outputs = Array.isArray(result) ? result : [result];
  return outputs
    .flatMap((o) => o.output)
    .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
    .join('\n');
}

describe('pureContracts', () => {
  it('leaves zod out of the constants and rules the web imports from the contracts', async () => {
    // A screen that validates with a schema (`…Schema`) brings zod into its own lazy chunk only, which
    // is allowed (docs/decisions.md, "Zod out of the web bundle"); the first load is held below.
    const names = (await contractsValuesTheWebImports()).filter((name) => !name.endsWith('Schema'));
    expect(names.length).toBeGreaterThan(10);
    const code = await bundle(`export { ${names.join(', ')} } from '@fieldforce/contracts';`);
    expect(code).toContain('sortable');
    expect(code).not.toMatch(/_zod|ZodType/);
  }, 60_000);

  it('drops the schemas of a module a constant is used from, object literals of schemas included', async () => {
    // usage-page.ts keeps its schemas' shared fields in an object literal (pageFields), tracking.ts too
    // (latLng): neither is a call, and both hold calls into zod.
    const code = await bundle(
      `export { USAGE_PERIODS, TRACKING_REPORT_KEY, COUNTRY_CODES } from '@fieldforce/contracts';`,
    );
    expect(code).toContain('salesman-tracking');
    expect(code).not.toMatch(/_zod|ZodType/);
  }, 60_000);
});

describe('the login route’s first load', () => {
  it(`is at most ${LOGIN_FIRST_LOAD.maxBytes / 1000} kB of JavaScript with brotli (issue 10)`, async () => {
    // The app's own build (its config, plugins and chunks), kept in memory: dist is not touched. Vitest
    // sets NODE_ENV=test, which would give React's development build; `npm run build` has production.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    let result: Rollup.RollupOutput[] | Rollup.RollupOutput;
    try {
      result = (await build({
        configFile: path.join(root, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'silent',
        build: { write: false },
      })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const output = (Array.isArray(result) ? result : [result]).flatMap((o) => o.output);
    const files = firstLoadFiles(output, LOGIN_FIRST_LOAD.screen);
    expect(files.some((f) => f.includes('login-page'))).toBe(true);
    const sizes = Object.fromEntries(
      output
        .filter((item): item is Rollup.OutputChunk => item.type === 'chunk' && files.includes(item.fileName))
        .map((chunk) => [
          chunk.fileName,
          brotliCompressSync(chunk.code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        ]),
    );
    const firstLoad = output.filter(
      (item): item is Rollup.OutputChunk => item.type === 'chunk' && files.includes(item.fileName),
    );
    expect(firstLoad.filter((chunk) => /_zod/.test(chunk.code)).map((chunk) => chunk.fileName)).toEqual([]);
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(LOGIN_FIRST_LOAD.maxBytes);
  }, 120_000);
});
