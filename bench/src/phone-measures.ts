/// <reference lib="dom" />
import { performance } from 'node:perf_hooks';
import { ArrivalLog, Receiver, docUrl } from './clients';
import { deliveredAfter } from './latency-proxy';
import type { LatencyProxy } from './latency-proxy';
import type { BenchPage, Profiling } from './phone-page';
import type { PhoneTable } from './phone-tables';
import type { HistoryFigures, RollFigures } from './phone-figures';
import { repeated, sleep } from './stats';

// What the phone case measures on a page left open after its loads: rolls arriving with the
// roll feed open, and "Load older" in the log and the feed.

/** Brings the dice section to the front (a phone tab) and opens the session's roll feed. */
async function openFeed(page: BenchPage): Promise<void> {
  if (page.device.name === 'phone') await page.press('#tab-dice');
  // Open already (the rolls were measured on this page): the button would close it.
  if ((await page.page.locator('[data-testid=roll-feed]').count()) > 0) return;
  await page.press(page.page.getByRole('button', { name: 'All rolls this session' }));
  await page.waitFor('[data-testid=roll-feed] [aria-live=polite]:not(:empty)', 30_000);
  await sleep(1000);
}

/**
 * Where the reader looks while rolls arrive: the roll feed (opened under the recent rolls, the
 * page scrolled to it, the new cards above the screen) or the recent rolls' cards (the page
 * scrolled back up to them, the feed still open below), where a new card lands its dice.
 */
export type RollWatching = 'feed' | 'cards';

/** Scrolls the recent rolls' newest card to the middle of the screen, as a reader would. */
async function lookAtCards(page: BenchPage): Promise<void> {
  await page.page.evaluate(() =>
    document.querySelector('[data-testid=roll-card]')?.scrollIntoView({ block: 'center' }),
  );
  await sleep(1000);
}

export async function measureRolls(
  page: BenchPage,
  proxy: LatencyProxy,
  serverBase: string,
  table: PhoneTable,
  rolls: number,
  watching: RollWatching,
  profiling: Profiling | undefined,
  profiles: string[],
): Promise<RollFigures> {
  const device = page.device;
  await openFeed(page);
  if (watching === 'cards') await lookAtCards(page);
  // The broadcast, as a replica on loopback hears it.
  const direct = new Receiver(docUrl(serverBase, table.id, table.tokens.spectator));
  await direct.connect();
  await page.page.evaluate(() => {
    (window as unknown as { __bench: { watch: boolean } }).__bench.watch = true;
  });
  const gap = 2000;
  const idleStart = await page.busyMs();
  await sleep(gap);
  const idle = (await page.busyMs()) - idleStart;
  const busy: number[] = [];
  const card: number[] = [];
  const delivered: number[] = [];
  const feed: number[] = [];
  const pageOrigin = await page.page.evaluate(() => performance.timeOrigin);
  const windows: [number, number][] = [];
  for (let i = 0; i < rolls; i++) {
    const profile = i === rolls - 1 ? profiling : undefined;
    if (profile) await page.startProfile(profile.cpu);
    const before = await page.record();
    const busy0 = await page.busyMs();
    const log = new ArrivalLog(1);
    direct.startRound(log);
    const sentAt = performance.timeOrigin + performance.now();
    await table.bob.ok({
      type: 'roll',
      characterId: table.bobCharacterId,
      skillId: i % 2 === 0 ? 'fight' : 'notice',
      action: 'overcome',
      difficulty: 1 + (i % 3),
    });
    await sleep(gap);
    busy.push((await page.busyMs()) - busy0 - idle);
    if (profile)
      profiles.push(
        await page.stopProfile(
          profile.dir,
          `roll-${watching}-${device.name}-${String(table.commands)}`,
        ),
      );
    const after = await page.record();
    const broadcast = performance.timeOrigin + log.lastArrival[0]!;
    const newCard = after.cards[before.cards.length];
    // The roll's update as the page's document socket got it: the first message the server
    // sent it after Bob's command (not the proxy's latest delivery, which by now is whatever
    // came in the two seconds after the card, and made this figure negative).
    const delivery = deliveredAfter(proxy.counters, 'yjs', sentAt);
    if (newCard) {
      card.push(newCard[1] - broadcast);
      if (delivery !== undefined) delivered.push(newCard[1] - delivery);
    }
    const newRow = after.feedRows[before.feedRows.length];
    if (newRow) feed.push(newRow[1] - broadcast);
    windows.push([sentAt - pageOrigin, sentAt - pageOrigin + gap]);
  }
  const record = await page.record();
  const longest = Math.max(
    0,
    ...record.longTasks
      .filter(([start]) => windows.some(([from, to]) => start >= from && start < to))
      .map(([, d]) => d),
  );
  await direct.close();
  await page.page.evaluate(() => {
    (window as unknown as { __bench: { watch: boolean } }).__bench.watch = false;
  });
  return {
    busyMs: repeated(busy),
    cardMs: repeated(card),
    cardAfterDeliveryMs: repeated(delivered),
    feedRowMs: repeated(feed),
    longestTaskMs: longest,
  };
}

/** Clicks the "Load older" of `within` `pages` times; answers each click's time to drawn. */
async function older(page: BenchPage, within: string, pages: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < pages; i++) {
    const found = await page.page.evaluate((selector) => {
      const section = document.querySelector(selector)?.closest('section');
      const button = Array.from(section?.querySelectorAll('button') ?? []).find(
        (b) => b.textContent?.trim() === 'Load older' && !b.disabled,
      );
      if (!button) return false;
      button.setAttribute('data-bench-older', '');
      return true;
    }, within);
    if (!found) break;
    times.push(await page.clickUntilChanged('[data-bench-older]', within));
    await page.page.evaluate(() =>
      document.querySelector('[data-bench-older]')?.removeAttribute('data-bench-older'),
    );
    await sleep(800);
  }
  return times;
}

export async function measureHistory(page: BenchPage, pages: number): Promise<HistoryFigures> {
  await page.press('#tab-log');
  await page.waitFor('[data-testid=log]', 30_000);
  const logOlder = await older(page, '[data-testid=log]', pages);
  await openFeed(page);
  const feedOlder = await older(page, '[data-testid=roll-feed] ol', pages);
  const counts = await page.page.evaluate(() => ({
    logRows: document.querySelectorAll('[data-testid=log] li').length,
    feedRows: document.querySelectorAll('[data-testid=feed-roll]').length,
    logNodes: document.querySelector('[data-testid=log]')?.getElementsByTagName('*').length ?? 0,
    feedNodes:
      document.querySelector('[data-testid=roll-feed]')?.getElementsByTagName('*').length ?? 0,
  }));
  const heap = await page.heap();
  return {
    logOlderMs: repeated(logOlder),
    feedOlderMs: repeated(feedOlder),
    ...counts,
    ...heap,
  };
}
