import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@fieldforce/contracts';
import { DEMO_SIGN_INS } from '../src/db/seed/demo-users.js';

const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');

describe('README', () => {
  it('starts with the two commands', () => {
    const firstBlock = readme.slice(readme.indexOf('```'), readme.indexOf('```', readme.indexOf('```') + 3));
    expect(firstBlock).toContain('npm install && npm start');
    expect(firstBlock).toContain('npm test');
  });

  it('documents the demo password and every kind of demo sign-in', () => {
    expect(readme).toContain(DEMO_PASSWORD);
    for (const signIn of DEMO_SIGN_INS) {
      const documented =
        signIn.market === 'all' ? signIn.email : signIn.email.replace(`.${signIn.market}@`, '.CC@');
      expect(readme.includes(documented) || readme.includes(signIn.email), signIn.email).toBe(true);
    }
  });
});
