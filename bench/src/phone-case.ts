/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import type { CampaignSize } from './campaign';
import { ArrivalLog, Receiver, docUrl } from './clients';
import { startLatencyProxy } from './latency-proxy';
import type { LatencyProxy } from './latency-proxy';
import { BenchPage, DESK, PHONE } from './phone-page';
import type { Device } from './phone-page';
import { makePhoneTable } from './phone-tables';
import type { PhoneTable } from './phone-tables';
import type { Repeated } from './stats';
import { repeated, round, sleep } from './stats';

// A player's phone and a GM's laptop at a fresh table and at the long campaign's table, in
// Chromium: cold loads (until the table is drawn and the Roll button enabled), rolls arriving
// with the roll feed open, and "Load older" in the log and the feed. docs: BENCHMARKS.md.

export interface PhoneConfig {
  /** Cold loads per table and device (medians of these). */
  loads: number;
  /** Rolls made by another player while each page watches. */
  rolls: number;
  /** "Load older" clicks in the log and in the roll feed (the long table, on the phone). */
  olderPages: number;
  campaign: CampaignSize;
  /** Times the document a newcomer downloads is sampled while the campaign is played. */
  samples: number;
  /** The devices measured (quick mode: the phone only). */
  devices: ('desk' | 'phone')[];
}

export interface LoadFigures {
  drawnMs: Repeated;
  usableMs: Repeated;
  longestTaskMs: Repeated;
  syncBytes: Repeated;
}

export interface RollFigures {
  /** Main-thread time per incoming roll, the page's idle time subtracted. */
  busyMs: Repeated;
  /** Broadcast (a direct replica hears it) → the roll card added and its frame begun. */
  cardMs: Repeated;
  /** The same, from when the proxy handed the update to the browser. */
  cardAfterDeliveryMs: Repeated;
  /** Broadcast → the roll feed's new row (it reads its first page again over HTTP). */
  feedRowMs: Repeated;
  longestTaskMs: number;
}

export interface HistoryFigures {
  logOlderMs: Repeated;
  feedOlderMs: Repeated;
  logRows: number;
  feedRows: number;
  /** Elements inside the log's list and the roll feed's (rows and their contents). */
  logNodes: number;
  feedNodes: number;
  elements: number;
  heapBytes: number;
}

export interface PhoneResults {
  client: string;
  tables: Record<'fresh' | 'long', { commands: number; served: PhoneTable['served'] }>;
  loads: Record<string, LoadFigures>;
  rolls: Record<string, RollFigures>;
  /** On the phone (undefined when the phone is not among the devices). */
  history?: HistoryFigures;
  profiles: string[];
}

const ROOT = resolve(import.meta.dirname, '../..');

/** The built client: BENCH_CLIENT_DIR, else apps/client/dist, else a build of its own. */
export function phoneClientDir(say: (line: string) => void): string {
  const given = process.env.BENCH_CLIENT_DIR;
  if (given) return given;
  const dist = join(ROOT, 'apps/client/dist');
  if (existsSync(join(dist, 'index.html'))) return dist;
  const out = mkdtempSync(join(tmpdir(), 'fateboard-bench-client-'));
  say(`  building the client into ${out}`);
  execFileSync(
    'pnpm',
    ['--filter', '@fateboard/client', 'build', '--outDir', out, '--emptyOutDir'],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
  return out;
}

function browserPath(): string | undefined {
  return ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
}

/** The link each device opens: the phone is Ann (a seated player), the laptop the GM. */
function link(base: string, table: PhoneTable, device: Device): string {
  const token = device.name === 'phone' ? table.seats[0]!.token : table.tokens.gm;
  return `${base}/t/${table.id}#token=${encodeURIComponent(token)}`;
}

async function openTable(
  browser: Browser,
  proxy: LatencyProxy,
  base: string,
  table: PhoneTable,
  device: Device,
): Promise<{
  page: BenchPage;
  load: { drawn: number; usable: number; longest: number; sync: number };
}> {
  proxy.shape(
    device.network
      ? {
          rttMs: device.network.latencyMs,
          downBytesPerSecond: device.network.downBytesPerSecond,
          upBytesPerSecond: device.network.upBytesPerSecond,
        }
      : undefined,
  );
  proxy.reset();
  const page = await BenchPage.open(browser, device);
  await page.page.goto(link(base, table, device));
  await page.page.waitForFunction(
    () => (window as unknown as { __bench: { marks: { usable?: number } } }).__bench.marks.usable,
    undefined,
    { timeout: 90_000, polling: 250 },
  );
  // What settles after the Roll button: counted with the load's tasks.
  await sleep(1000);
  const record = await page.record();
  const usable = record.marks.usable ?? NaN;
  const longest = Math.max(
    0,
    ...record.longTasks.filter(([start]) => start < usable + 1000).map(([, d]) => d),
  );
  return {
    page,
    load: {
      drawn: record.marks.drawn ?? NaN,
      usable,
      longest,
      sync: proxy.counters.down.get('yjs') ?? 0,
    },
  };
}

async function measureLoads(
  browser: Browser,
  proxy: LatencyProxy,
  base: string,
  table: PhoneTable,
  device: Device,
  loads: number,
  profileDir: string | undefined,
  profiles: string[],
): Promise<{ figures: LoadFigures; page: BenchPage }> {
  const runs = {
    drawn: [] as number[],
    usable: [] as number[],
    longest: [] as number[],
    sync: [] as number[],
  };
  let last: BenchPage | undefined;
  for (let i = 0; i < loads; i++) {
    await last?.close();
    const { page, load } = await openTable(browser, proxy, base, table, device);
    last = page;
    runs.drawn.push(load.drawn);
    runs.usable.push(load.usable);
    runs.longest.push(load.longest);
    runs.sync.push(load.sync);
  }
  if (profileDir) {
    // One more load, profiled (the profiler's own cost would colour the figures above).
    const page = await BenchPage.open(browser, device);
    await page.startProfile();
    proxy.reset();
    await page.page.goto(link(base, table, device));
    await page.waitFor(
      'form[aria-label="Roll the dice"] button[type=submit]:not([disabled])',
      90_000,
    );
    await sleep(1000);
    profiles.push(
      await page.stopProfile(profileDir, `load-${device.name}-${String(table.commands)}`),
    );
    await page.close();
  }
  return {
    figures: {
      drawnMs: repeated(runs.drawn),
      usableMs: repeated(runs.usable),
      longestTaskMs: repeated(runs.longest),
      syncBytes: repeated(runs.sync),
    },
    // The last cold load's page, left open: the rolls and the history are measured on it.
    page: last!,
  };
}

/** Brings the dice section to the front (a phone tab) and opens the session's roll feed. */
async function openFeed(page: BenchPage): Promise<void> {
  if (page.device.name === 'phone') await page.page.click('#tab-dice');
  // Open already (the rolls were measured on this page): the button would close it.
  if ((await page.page.locator('[data-testid=roll-feed]').count()) > 0) return;
  await page.page.getByRole('button', { name: 'All rolls this session' }).click();
  await page.waitFor('[data-testid=roll-feed] [aria-live=polite]:not(:empty)', 30_000);
  await sleep(1000);
}

async function measureRolls(
  page: BenchPage,
  proxy: LatencyProxy,
  serverBase: string,
  table: PhoneTable,
  rolls: number,
  profileDir: string | undefined,
  profiles: string[],
): Promise<RollFigures> {
  const device = page.device;
  await openFeed(page);
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
    const profiling = profileDir !== undefined && i === rolls - 1;
    if (profiling) await page.startProfile();
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
    if (profiling)
      profiles.push(
        await page.stopProfile(profileDir, `roll-${device.name}-${String(table.commands)}`),
      );
    const after = await page.record();
    const broadcast = performance.timeOrigin + log.lastArrival[0]!;
    const newCard = after.cards[before.cards.length];
    if (newCard) {
      card.push(newCard[1] - broadcast);
      delivered.push(newCard[1] - proxy.counters.lastDelivery);
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

async function measureHistory(page: BenchPage, pages: number): Promise<HistoryFigures> {
  await page.page.click('#tab-log');
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

export async function runPhone(
  serverBase: string,
  serverPort: number,
  client: string,
  config: PhoneConfig,
  say: (line: string) => void,
): Promise<PhoneResults> {
  const t = performance.now();
  const fresh = await makePhoneTable(
    serverBase,
    'A fresh table',
    { fatePointMoves: 0, aspectEdits: 0, rolls: 0 },
    0,
  );
  const long = await makePhoneTable(serverBase, 'A long campaign', config.campaign, config.samples);
  const ratio = (s: PhoneTable['served'][number]) => s.bytes / s.contentBytes;
  const ratios = long.served.map(ratio);
  say(
    `  tables made in ${round((performance.now() - t) / 1000, 1)} s; the long one (${long.commands} commands) served at ` +
      `${ratios.map((r) => round(r, 2)).join(', ')}× its content`,
  );
  const proxy = await startLatencyProxy(serverPort);
  const base = `http://127.0.0.1:${String(proxy.port)}`;
  const browser = await chromium.launch({
    ...(browserPath() ? { executablePath: browserPath() } : {}),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  const profileDir = process.env.BENCH_PHONE_PROFILE;
  const profiles: string[] = [];
  const results: PhoneResults = {
    client,
    tables: {
      fresh: { commands: fresh.commands, served: fresh.served },
      long: { commands: long.commands, served: long.served },
    },
    loads: {},
    rolls: {},
    profiles,
  };
  try {
    const devices = [DESK, PHONE].filter((d) => config.devices.includes(d.name));
    for (const [name, table] of [
      ['fresh', fresh],
      ['long', long],
    ] as const) {
      for (const device of devices) {
        const { figures, page } = await measureLoads(
          browser,
          proxy,
          base,
          table,
          device,
          config.loads,
          profileDir,
          profiles,
        );
        results.loads[`${name} ${device.name}`] = figures;
        say(
          `  ${name} ${device.name}: drawn ${round(figures.drawnMs.median, 0)} ms, usable ${round(figures.usableMs.median, 0)} ms, ` +
            `longest task ${round(figures.longestTaskMs.median, 0)} ms, sync ${round(figures.syncBytes.median / 1024, 1)} KB`,
        );
        try {
          if (table !== long) continue;
          const rolls = await measureRolls(
            page,
            proxy,
            serverBase,
            long,
            config.rolls,
            profileDir,
            profiles,
          );
          results.rolls[`long ${device.name}`] = rolls;
          say(
            `  roll on the long table, ${device.name}: main thread ${round(rolls.busyMs.median, 0)} ms, card ${round(rolls.cardMs.median, 0)} ms ` +
              `after the broadcast (${round(rolls.cardAfterDeliveryMs.median, 0)} ms after delivery), feed row ${round(rolls.feedRowMs.median, 0)} ms, ` +
              `longest task ${round(rolls.longestTaskMs, 0)} ms`,
          );
          if (device !== PHONE) continue;
          results.history = await measureHistory(page, config.olderPages);
          const h = results.history;
          say(
            `  history on the phone: log "Load older" ${round(h.logOlderMs.median, 0)} ms, feed ${round(h.feedOlderMs.median, 0)} ms; ` +
              `${h.logRows} log rows (${h.logNodes} nodes) and ${h.feedRows} feed rows (${h.feedNodes} nodes) in the page, ` +
              `${h.elements} elements, heap ${round(h.heapBytes / 2 ** 20, 1)} MB`,
          );
        } finally {
          await page.close();
        }
      }
    }
    if (profiles.length > 0) say(`  profiles: ${profiles.join(', ')}`);
  } finally {
    await browser.close();
    await proxy.close();
    for (const table of [fresh, long]) {
      table.bob.close();
      table.gm.close();
    }
  }
  return results;
}

/** The phone case's rows for the report: targets shown, never enforced (figures of a page). */
export function phoneRows(p: PhoneResults | undefined): string[][] {
  if (!p) return [];
  const ms = (r: Repeated) => `${round(r.median, 0)} ms`;
  const rows: string[][] = [];
  for (const [key, l] of Object.entries(p.loads)) {
    const phone = key.endsWith('phone');
    const long = key.startsWith('long');
    rows.push([
      `browser: ${key}, table drawn / Roll enabled`,
      `${ms(l.drawnMs)} / ${ms(l.usableMs)}`,
      `longest task ${ms(l.longestTaskMs)}; sync ${round(l.syncBytes.median / 1024, 1)} KB`,
      phone ? `report (goal ≤ 2.5 s / ≤ ${long ? '3.5' : '3'} s)` : 'report',
    ]);
  }
  for (const [key, r] of Object.entries(p.rolls)) {
    rows.push([
      `browser: ${key}, main thread per incoming roll`,
      ms(r.busyMs),
      `card ${ms(r.cardMs)} after the broadcast; feed row ${ms(r.feedRowMs)}; longest task ${round(r.longestTaskMs, 0)} ms`,
      key.endsWith('phone') ? 'report (goal ≤ 100 ms)' : 'report',
    ]);
  }
  const h = p.history;
  if (h) {
    rows.push([
      'browser: phone, "Load older" in the log / the feed',
      `${ms(h.logOlderMs)} / ${ms(h.feedOlderMs)}`,
      `${h.logRows} log rows (${h.logNodes} nodes), ${h.feedRows} feed rows (${h.feedNodes} nodes)`,
      'report (goal ≤ 200 ms)',
    ]);
  }
  const last = p.tables.long.served.at(-1);
  if (last) {
    rows.push([
      'document a newcomer downloads ÷ its content (long table)',
      `${round(last.bytes / last.contentBytes, 2)}×`,
      `${round(last.bytes / 1024, 1)} KB against ${round(last.contentBytes / 1024, 1)} KB`,
      'report (goal ≤ 1.25×)',
    ]);
  }
  return rows;
}
