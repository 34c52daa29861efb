// Build-only plugins of the web app (see docs/architecture.md, "Compression and first load").
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

interface AstNode {
  type: string;
  start: number;
  end: number;
  declaration?: AstNode | null;
  declarations?: AstNode[];
  init?: AstNode | null;
}

const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

/** Top-level initialisers that may run code: calls, `new`, and object or array literals holding calls. */
const WRAPPED_INITS = new Set(['CallExpression', 'NewExpression', 'ObjectExpression', 'ArrayExpression']);

/**
 * Lets the bundler drop what the web does not use from @fieldforce/contracts, zod above all.
 *
 * The package is side-effect free (`"sideEffects": false`), but a bundler cannot know that a
 * top-level `export const loginRequestSchema = z.object({...})` is: it keeps the call, and with it
 * all of zod (about 90 kB), although the web validates nothing with zod. This wraps each top-level
 * `const` initialised by a call, `new`, or an object or array literal holding a call (the shared
 * fields of several schemas, `const latLng = { lat: z.number(), … }`) in an IIFE marked pure, so an
 * unused one is dropped; a used one is evaluated exactly as before. Only the contracts' own sources are touched, only in builds.
 */
export function pureContracts(): Plugin {
  return {
    name: 'fieldforce:pure-contracts',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACTS_SOURCE.test(id) || /\.test\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const inits: AstNode[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations ?? []) {
          const init = declarator.init;
          if (!init || !WRAPPED_INITS.has(init.type)) continue;
          // An object or array literal only when it holds a call (`{ lat: z.number() }`): the bundler
          // keeps a literal's calls although nothing reads the literal, and with them all of zod.
          const text = code.slice(init.start, init.end);
          if ((init.type === 'ObjectExpression' || init.type === 'ArrayExpression') && !/[(]/.test(text))
            continue;
          // An arrow function cannot hold a top-level await; leave such an initialiser alone.
          if (/\bawait\b/.test(text)) continue;
          inits.push(init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/** Issue 10: the login route's JavaScript at most 150 kB compressed (npm run bench -- web measures it). */
export const LOGIN_FIRST_LOAD: FirstLoadBudget = {
  screen: 'features/auth/components/login-page.tsx',
  maxBytes: 150_000,
};

interface BundleItem {
  type: string;
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
}

/**
 * The JavaScript files a first visit to one screen fetches: the entry and what it imports statically,
 * then the screen's chunk (its module path ends with `screen`) and what that imports.
 */
export function firstLoadFiles(bundle: readonly BundleItem[], screen: string): string[] {
  const chunks = bundle.filter((item) => item.type === 'chunk');
  const loaded = new Set<string>();
  const visit = (fileName: string) => {
    if (loaded.has(fileName)) return;
    loaded.add(fileName);
    const chunk = chunks.find((c) => c.fileName === fileName);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) {
    if (chunk.isEntry || chunk.facadeModuleId?.endsWith(screen)) visit(chunk.fileName);
  }
  return [...loaded];
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve(entry.isFile() ? [full] : []);
    }),
  );
  return nested.flat();
}

export interface FirstLoadBudget {
  /** The lazily loaded screen whose JavaScript counts beside the entry's, by its source path's end. */
  screen: string;
  /** Brotli bytes the entry, its static imports and the screen's chunks may weigh together. */
  maxBytes: number;
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text file of the
 * build, the server's @fastify/static sends them to browsers that accept them (`preCompressed`).
 * A compressed copy that would not save at least 5 % (tiny files) is not written. With a `budget`,
 * it prints the JavaScript one screen's first load fetches, compressed, and warns above the budget.
 */
export function precompress(budget?: FirstLoadBudget): Plugin {
  let outDir = '';
  return {
    name: 'fieldforce:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      let original = 0;
      let compressed = 0;
      const brotliBytes = new Map<string, number>();
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: (await stat(file)).size,
              },
            }),
            gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          const worth = (packed: Buffer) => packed.length <= body.length * 0.95;
          if (worth(br)) await writeFile(`${file}.br`, br);
          if (worth(gz)) await writeFile(`${file}.gz`, gz);
          original += body.length;
          compressed += worth(br) ? br.length : body.length;
          brotliBytes.set(
            path.relative(outDir, file).split(path.sep).join('/'),
            Math.min(br.length, body.length),
          );
        }),
      );
      this.info(
        `precompressed ${files.length} files: ${Math.round(original / 1000)} kB, ${Math.round(compressed / 1000)} kB with brotli`,
      );
      if (!budget) return;
      const loaded = firstLoadFiles(Object.values(bundle), budget.screen);
      const bytes = loaded.reduce((sum, fileName) => sum + (brotliBytes.get(fileName) ?? 0), 0);
      const line = `${budget.screen}: ${(bytes / 1000).toFixed(1)} kB of JavaScript with brotli (budget ${budget.maxBytes / 1000} kB)`;
      if (bytes > budget.maxBytes) this.warn(`over budget: ${line}`);
      else this.info(line);
    },
  };
}
