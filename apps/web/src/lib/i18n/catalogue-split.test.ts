import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { enAdminTools } from './en-admin-tools';
import { enCore } from './en-core';
import { loadAdminWords, MESSAGES, translate } from './i18n';

// The first download carries the words of every screen but the admin tools' own (en-core.ts); those come
// with the admin screens (en-admin-tools.ts, loadAdminWords in app/pages.ts).
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the admin tools' words may be used: the admin screens and the parts only they render. */
const ADMIN_ONLY = [
  'features/admin/',
  'components/admin-tool/',
  'components/upload/',
  'components/activity-log/',
];

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return sources(full);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
    }),
  );
  return nested.flat();
}

describe('the English catalogue in two parts', () => {
  it('the two parts share no key', () => {
    expect(Object.keys(enAdminTools).filter((key) => Object.hasOwn(enCore, key))).toEqual([]);
  });

  it("no screen outside the admin tools uses an admin tool's word (it would show its key until an admin screen opened)", async () => {
    const keys = Object.keys(enAdminTools);
    const used: string[] = [];
    for (const file of await sources(src)) {
      const relative = path.relative(src, file).split(path.sep).join('/');
      if (relative.startsWith('lib/i18n/') || ADMIN_ONLY.some((dir) => relative.startsWith(dir))) continue;
      const text = await readFile(file, 'utf8');
      for (const key of keys)
        if (text.includes(`'${key}'`) || text.includes(`\`${key}`)) used.push(`${relative}: ${key}`);
    }
    expect(used).toEqual([]);
  });

  it('loadAdminWords adds the admin tools’ words to English', async () => {
    await loadAdminWords();
    const [key, text] = Object.entries(enAdminTools)[0]!;
    expect(MESSAGES.en?.[key as keyof typeof enAdminTools]).toBe(text);
    expect(translate('en', key as keyof typeof enAdminTools)).toBe(text);
  });
});
