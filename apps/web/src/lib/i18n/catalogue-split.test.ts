import { describe, expect, it } from 'vitest';
import { enAdminTools } from './en-admin-tools';
import { enCore } from './en-core';
import { loadAdminWords, MESSAGES, translate } from './i18n';

// The first download carries the words of every screen but the admin tools' own (en-core.ts); those come
// with the admin screens (en-admin-tools.ts, loadAdminWords in app/pages.ts).
/** Every source file of the web app but the tests, by its path under src/. */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([file, text]) => [new URL(file, 'file:///src/lib/i18n/').pathname.replace('/src/', ''), text]),
);
/** Where the admin tools' words may be used: the admin screens and the parts only they render. */
const ADMIN_ONLY = [
  'features/admin/',
  'components/admin-tool/',
  'components/upload/',
  'components/activity-log/',
];

describe('the English catalogue in two parts', () => {
  it('the two parts share no key', () => {
    expect(Object.keys(enAdminTools).filter((key) => Object.hasOwn(enCore, key))).toEqual([]);
  });

  it("no screen outside the admin tools uses an admin tool's word (it would show its key until an admin screen opened)", () => {
    const keys = Object.keys(enAdminTools);
    const used: string[] = [];
    expect(Object.keys(SOURCES)).toContain('app/pages.ts');
    for (const [relative, text] of Object.entries(SOURCES)) {
      if (relative.startsWith('lib/i18n/') || ADMIN_ONLY.some((dir) => relative.startsWith(dir))) continue;
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
