/**
 * UCube on phones and tablets, as the screenshot review at 390-768 px looked at it: how the views'
 * tabs, breadcrumb, cards and table read on a narrow screen, and what a finger can hit.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

const PAGES = ['/homepage', '/teamlevels', '/distributorteamlevels', '/disciplinaryteamlevels'] as const;

async function signInAs(page: Page, language: 'en' | 'vi', email = 'super@demo.test') {
  await signIn(page, email);
  await page.evaluate((value) => localStorage.setItem('language', value), language);
}

/** The page has loaded its figures (the table, the cards or the home page's headline cards). */
async function figuresShown(page: Page) {
  await expect(page.locator('.ucube-table, .ucube-cards, .kpi-cards').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** The page itself never scrolls sideways. */
async function expectNoPageOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const width of [768, 480, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const language of ['en', 'vi'] as const) {
      test(`every UCube control is at least 44 px tall (${language})`, async ({ page }) => {
        await signInAs(page, language);
        for (const path of PAGES) {
          await page.goto(path);
          await figuresShown(page);
          const small = await page.evaluate(() =>
            [
              ...document.querySelectorAll<HTMLElement>(
                'main button, main a[href], main input, main select, main summary',
              ),
            ]
              .filter((el) => el.getClientRects().length > 0)
              .map((el) => ({ el, height: el.getBoundingClientRect().height }))
              .filter(({ height }) => height < 44)
              .map(
                ({ el, height }) => `${el.className || el.tagName} "${el.textContent?.trim()}" ${height}px`,
              ),
          );
          expect(small, `${path}: controls under 44 px`).toEqual([]);
        }
      });
    }
  });
}

test.describe('at 1440 px with a mouse', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the desktop keeps its compact period chips and tabs', async ({ page }) => {
    await signInAs(page, 'en');
    await page.goto('/teamlevels');
    await figuresShown(page);
    const chip = (await page.getByRole('button', { name: 'MTD' }).boundingBox())!;
    expect(chip.height).toBeLessThan(40);
    const tab = (await page.getByRole('link', { name: 'Team View' }).first().boundingBox())!;
    expect(tab.height).toBeLessThan(44);
  });
});

test.describe('at 390 px in Vietnamese', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test('the view tabs stay on one row, the page does not scroll sideways', async ({ page }) => {
    await signInAs(page, 'vi');
    for (const path of PAGES) {
      await page.goto(path);
      await figuresShown(page);
      const tabs = page.getByRole('navigation', { name: 'Các màn hình UCube' }).getByRole('link');
      await expect(tabs).toHaveCount(3);
      const boxes = await Promise.all((await tabs.all()).map(async (tab) => (await tab.boundingBox())!));
      for (const box of boxes) {
        expect(Math.abs(box.y - boxes[0]!.y)).toBeLessThan(1);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await expectNoPageOverflow(page);
    }
  });

  test('a wrapped breadcrumb indents the level after its first line', async ({ page }) => {
    await signInAs(page, 'vi');
    await page.goto('/distributorteamlevels');
    await figuresShown(page);
    const items = page.getByRole('navigation', { name: 'Cấp bậc' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    const first = (await items.nth(0).boundingBox())!;
    const second = (await items.nth(1).boundingBox())!;
    // 'Quản trị cấp cao: Demo Super User' does not leave room for '› Mã điểm NPP' on its line.
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height - 1);
    expect(second.x).toBeGreaterThan(first.x + 8);
    await expectNoPageOverflow(page);
  });
});

for (const language of ['en', 'vi'] as const) {
  test.describe(`DT View cards at 390 px (${language})`, () => {
    test.use({ viewport: { width: 390, height: 900 } });

    test('every row of a card starts its figures at the same x, achievement on the figures’ line', async ({
      page,
    }) => {
      await signInAs(page, language);
      await page.goto('/distributorteamlevels');
      const cards = page.locator('.ucube-card');
      await expect(cards.nth(1)).toBeVisible();
      for (const card of (await cards.all()).slice(0, 3)) {
        const figures = card.locator('.ucube-card__kpis dd');
        await expect(figures).toHaveCount(3);
        const xs = await figures.evaluateAll((dds) => dds.map((dd) => dd.getBoundingClientRect().x));
        for (const x of xs) expect(Math.abs(x - xs[0]!)).toBeLessThan(1);
        // Actual, target and achievement on one line (the Vietnamese 'Doanh số thứ cấp [TP]' wraps
        // in its own column instead).
        for (const dd of await figures.all()) {
          const actual = (await dd.locator('.ucube-card__actual').boundingBox())!;
          const achievement = (await dd.locator('strong').boundingBox())!;
          expect(Math.abs(achievement.y - actual.y)).toBeLessThan(4);
        }
      }
      if (language === 'vi') await expect(page.getByText('Tất cả nhân viên bán hàng')).toBeVisible();
      await expectNoPageOverflow(page);
    });
  });
}

for (const [width, language, path] of [
  [768, 'en', '/teamlevels'],
  [768, 'vi', '/distributorteamlevels'],
  [480, 'en', '/distributorteamlevels'],
  [480, 'vi', '/teamlevels'],
  [1440, 'en', '/distributorteamlevels'],
] as const) {
  test(`the total row's name cell is left-aligned, its '›' on its label's line (${width} px, ${language})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, language);
    await page.goto(path);
    await figuresShown(page);
    const cell = page.locator('.ucube-total th.ucube-pin');
    const drill = cell.locator('.ucube-total-drill');
    await expect(drill).toBeVisible();
    const { left, flag, button, text, mark } = await cell.evaluate((th) => {
      const rect = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return [...range.getClientRects()];
      };
      const padding = parseFloat(getComputedStyle(th).paddingLeft);
      const btn = th.querySelector('.ucube-total-drill')!;
      const label = [...btn.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
      return {
        left: th.getBoundingClientRect().left + padding,
        flag: th.querySelector('.ucube-flag')!.getBoundingClientRect().left,
        button: rect(label)[0]!.left,
        text: rect(label).at(-1)!.top,
        mark: rect(btn.querySelector('[aria-hidden]')!).at(-1)!.top,
      };
    });
    expect(Math.abs(flag - left)).toBeLessThan(1);
    expect(Math.abs(button - left)).toBeLessThan(1);
    expect(Math.abs(mark - text)).toBeLessThan(1);
  });
}

test.describe('at 480 px', () => {
  test.use({ viewport: { width: 480, height: 900 } });

  test('an email in the name column breaks only before its @ or after a dot', async ({ page }) => {
    await signInAs(page, 'en');
    await page.goto('/teamlevels');
    await figuresShown(page);
    const email = page.locator('.ucube-table tbody .ucube-pin .ucube-sub').first();
    await expect(email).toHaveText(/@/);
    // Where each character sits: a new line may begin only after a dot or at the '@'.
    const starts = await email.evaluate((el) => {
      const text = el.textContent ?? '';
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          tops.push(range.getBoundingClientRect().top);
        }
      }
      return { text, lines: tops.flatMap((top, i) => (i > 0 && top > tops[i - 1]! + 2 ? [i] : [])) };
    });
    for (const i of starts.lines) {
      const before = starts.text[i - 1];
      const at = starts.text[i];
      expect(before === '.' || at === '@', `break at ${i} in ${starts.text}`).toBe(true);
    }
  });
});
