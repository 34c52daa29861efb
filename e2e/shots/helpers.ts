import { expect, type Browser, type Page } from '@playwright/test';
import { signIn } from '../auth-helpers';

// Shared setup of the review screenshots (e2e/shots/*.shots.ts): sign in, then one fresh browser context
// per viewport and language.

export type ShotLanguage = 'en' | 'vi';

/** The review sizes: desktop, tablet, small tablet, phone. */
export const REVIEW_VIEWPORTS = [
  [1440, 900],
  [768, 1024],
  [480, 900],
  [390, 844],
] as const satisfies readonly (readonly [number, number])[];

/** The review sizes of this run: SHOT_SIZES=1440,390 narrows them (the machine is shared), else all. */
const sizes = process.env.SHOT_SIZES?.split(',').map(Number);
export const SHOT_VIEWPORTS = sizes
  ? REVIEW_VIEWPORTS.filter(([width]) => sizes.includes(width))
  : REVIEW_VIEWPORTS;

export interface Shot {
  page: Page;
  width: number;
  height: number;
  language: ShotLanguage;
  /** `${width}-${language}`, for file names. */
  name: string;
  /** How far the page scrolls sideways (0 or less: not at all). */
  overflow(): Promise<number>;
}

/**
 * Signs in through the login form (the shared e2e helper, in English), then shows the portal in
 * `language` from the next navigation on.
 */
export async function signInAs(page: Page, email: string, language: ShotLanguage = 'en'): Promise<void> {
  try {
    await signIn(page, email);
  } catch {
    // On a busy machine the landing page can take longer than the shared helper's 5 s to show.
    await expect(page.getByRole('heading', { level: 1, name: 'Where would you like to start?' })).toBeVisible(
      {
        timeout: 30_000,
      },
    );
  }
  await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
}

/**
 * Runs `fn` once per viewport and language, each in a fresh browser context (its own cookies and storage)
 * signed in as `email` (the market admin by default), and closes the context afterwards.
 */
export async function eachViewport(
  browser: Browser,
  {
    viewports = SHOT_VIEWPORTS,
    languages = ['en', 'vi'],
    email = 'admin.vn@demo.test',
  }: {
    viewports?: readonly (readonly [number, number])[];
    languages?: readonly ShotLanguage[];
    email?: string;
  },
  fn: (shot: Shot) => Promise<void>,
): Promise<void> {
  for (const [width, height] of viewports) {
    for (const language of languages) {
      const context = await browser.newContext({ viewport: { width, height } });
      try {
        const page = await context.newPage();
        // A control that never shows fails the shot in 30 s instead of hanging it to the test's limit.
        page.setDefaultTimeout(30_000);
        await signInAs(page, email, language);
        await fn({
          page,
          width,
          height,
          language,
          name: `${width}-${language}`,
          overflow: () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        });
      } finally {
        await context.close();
      }
    }
  }
}
