import { test, expect, type Page } from '@playwright/test';
import { connectBot } from './bot';
import { createTable, openAs, shot, PHONE } from './helpers';

// A long session's roll feed on a phone: "Load older" reads every page of the session's rolls,
// but the page never holds more than two pages of rows (40); "Show newer" goes back.

const ROLLS = 65;
const WINDOW = 40;
const pad = (n: number) => String(n).padStart(2, '0');
const feedRows = (page: Page) => page.getByTestId('roll-feed').getByTestId('feed-roll');

test('the roll feed draws a window of its rows, however many pages were read', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { links, context } = await createTable(browser, 'A long session', 'fate-core');
  const bot = await connectBot(baseURL ?? '', links.gm);
  const created = await bot.send({
    type: 'character.create',
    npc: true,
    character: {
      name: 'Brute',
      skills: [
        { id: 'fight', rating: 3 },
        { id: 'notice', rating: 1 },
      ],
    },
  });
  const brute = String(created.result?.characterId);
  await bot.send({ type: 'scene.start', name: 'The quay', characterIds: [brute] });
  for (let i = 0; i < ROLLS; i++) {
    await bot.send({
      type: 'roll',
      characterId: brute,
      skillId: i % 2 ? 'notice' : 'fight',
      action: 'overcome',
      difficulty: 1 + (i % 3),
      reason: `Swing ${pad(i)}`,
    });
    // Under the GM's command budget (20 a second).
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  bot.close();

  // A spectator on a phone opens the feed in the Rolls tab.
  const phone = await openAs(browser, links.spectator, PHONE);
  const page = phone.page;
  await page.getByRole('tab', { name: 'Rolls' }).click();
  await page.getByRole('button', { name: 'All rolls this session' }).click();
  await expect(feedRows(page)).toHaveCount(20);
  await expect(feedRows(page).first()).toContainText(`Swing ${pad(ROLLS - 1)}`);

  const older = page.getByTestId('roll-feed').getByRole('button', { name: 'Load older' });
  const newer = page.getByTestId('roll-feed').getByRole('button', { name: 'Show newer' });
  const reasons = async () =>
    (await feedRows(page).locator('.reason').allTextContents()).map((t) =>
      Number(/Swing (\d+)/.exec(t)?.[1]),
    );
  /** The rows in the page: at most the window, consecutive rolls, newest first. */
  const inOrder = async () => {
    const shown = await reasons();
    expect(shown.length).toBeLessThanOrEqual(WINDOW);
    expect(shown).toEqual(shown.map((_, k) => shown[0]! - k));
    return shown;
  };
  const seen = new Set<number>(await inOrder());
  while (await older.isVisible()) {
    const last = await feedRows(page).last().textContent();
    await older.click();
    await expect(feedRows(page).last()).not.toHaveText(last ?? '');
    for (const n of await inOrder()) seen.add(n);
  }
  expect((await inOrder()).at(-1)).toBe(0);
  // The oldest rolls at the window's end, "Show newer" below them.
  await newer.scrollIntoViewIfNeeded();
  await shot(page, 'feed-window-oldest', { fullPage: false });

  while (await newer.isVisible()) {
    await newer.click();
    for (const n of await inOrder()) seen.add(n);
  }
  expect((await inOrder())[0]).toBe(ROLLS - 1);
  expect(seen.size).toBe(ROLLS);
  await shot(page, 'feed-window-newest', { fullPage: false });

  await context.close();
  await phone.context.close();
});
