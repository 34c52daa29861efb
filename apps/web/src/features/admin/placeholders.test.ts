import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/en';
import { vi } from '../../lib/i18n/vi';

// Issue 10: the portal speaks to its users (what they can do), never about the project's plans
// ("arrives with the user access issue").
const PROJECT_TALK = [/\bissues?\b/i, /\barrives? with\b/i, /hạng mục/i];

describe('placeholder texts', () => {
  for (const [language, messages] of [
    ['en', en],
    ['vi', vi],
  ] as const) {
    it(`no ${language} text talks about the project's plans`, () => {
      const offending = Object.entries(messages).filter(([, text]) =>
        PROJECT_TALK.some((pattern) => pattern.test(String(text))),
      );
      expect(offending).toEqual([]);
    });
  }
});
