import { test, expect } from '@playwright/test';
import { createTable, openAs, shot } from './helpers';
import { connectBot } from './bot';

// The public document keeps only the newest 100–150 log entries; "Load older" pages the rest
// from GET /api/tables/:id/log (docs/PROTOCOL.md). The spectator, with the weakest token,
// reads the whole history back in order.

const MARKERS = 170;
const pad = (n: number) => String(n).padStart(3, '0');

test('log: "Load older" brings back the entries the document no longer keeps, in order', async ({
  browser,
  baseURL,
}) => {
  const { links, context } = await createTable(browser, 'A long campaign', 'fate-core');
  const spectator = await openAs(browser, links.spectator);
  const page = spectator.page;

  // 171 numbered entries from the command API: an aspect added, then renamed 170 times.
  const bot = await connectBot(baseURL ?? '', links.gm);
  const added = await bot.send({ type: 'aspect.add', kind: 'situation', text: 'Marker 000' });
  const aspectId = added.result?.aspectId;
  for (let i = 1; i <= MARKERS; i++) {
    await bot.send({ type: 'aspect.edit', ref: { aspectId }, text: `Marker ${pad(i)}` });
  }
  bot.close();

  const log = page.getByTestId('log');
  const markers = log.locator('li').filter({ hasText: /Marker \d{3}/ });
  await expect(markers.first()).toContainText(
    `Aspect "Marker ${pad(MARKERS - 1)}" renamed "Marker ${pad(MARKERS)}".`,
  );
  // The oldest entries are no longer in the document: not even "Show all" lists them.
  await page.getByRole('button', { name: /^Show all \d+/ }).click();
  await expect(markers.first()).toBeVisible();
  const kept = await markers.count();
  expect(kept).toBeGreaterThanOrEqual(100);
  expect(kept).toBeLessThanOrEqual(150);
  await expect(log.getByText('Aspect added: "Marker 000".')).toHaveCount(0);
  await expect(log.getByText('renamed "Marker 001".')).toHaveCount(0);

  // Every entry, newest first, each once: the renames from 170 down to 1, then the aspect.
  const expected = [
    ...Array.from(
      { length: MARKERS },
      (_, k) => `Aspect "Marker ${pad(MARKERS - k - 1)}" renamed "Marker ${pad(MARKERS - k)}".`,
    ),
    'Aspect added: "Marker 000".',
  ];
  const texts = log.locator('li > span:first-of-type').filter({ hasText: /Marker \d{3}/ });

  // However many pages were read, the page draws at most 150 rows, a run of the entries in order.
  const WINDOW = 150;
  const rows = log.locator('li');
  const shownInOrder = async () => {
    expect(await rows.count()).toBeLessThanOrEqual(WINDOW);
    const shown = (await texts.allTextContents()).map((t) => t.trim());
    const from = expected.indexOf(shown[0]!);
    expect(from).toBeGreaterThanOrEqual(0);
    expect(shown).toEqual(expected.slice(from, from + shown.length));
    return shown;
  };

  // Load older until there is nothing older (50 entries a page).
  const older = page.getByRole('button', { name: 'Load older' });
  while (await older.isVisible()) {
    const last = await rows.last().textContent();
    await older.click();
    await expect(rows.last()).not.toHaveText(last ?? '');
    await shownInOrder();
  }
  await expect(older).toHaveCount(0);
  // The window reached the oldest entry.
  const oldestShown = await shownInOrder();
  expect(oldestShown.at(-1)).toBe('Aspect added: "Marker 000".');
  const seen = new Set(oldestShown);

  // "Show newer" walks back to the newest; every entry was in some window.
  const newer = page.getByRole('button', { name: 'Show newer' });
  while (await newer.isVisible()) {
    await newer.click();
    for (const t of await shownInOrder()) seen.add(t);
  }
  expect(await markers.first().textContent()).toContain(expected[0]!);
  expect(expected.filter((t) => !seen.has(t))).toEqual([]);
  await shot(page, 'log-load-older');

  await context.close();
  await spectator.context.close();
});
