/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { startLatencyProxy } from './latency-proxy';
import type { LatencyProxy } from './latency-proxy';
import { BenchPage, DESK, PHONE } from './phone-page';
import type { Device, Profiling } from './phone-page';
import { makePhoneTable } from './phone-tables';
import type { PhoneTable } from './phone-tables';
import { repeated, round, sleep } from './stats';

// A player's phone and a GM's laptop at a fresh table and at the long campaign's table, in
// Chromium: cold loads (until the table is drawn and the Roll button enabled), rolls arriving
// with the roll feed open (read, the new cards above the screen; then scrolled back up to the
// cards, where the dice land), and "Load older" in the log and the feed. docs: BENCHMARKS.md.

import type { LoadFigures, PhoneConfig, PhoneResults } from './phone-figures';
import { msOr, olderText } from './phone-figures';
import { measureHistory, measureRolls } from './phone-measures';

export type { PhoneConfig, PhoneResults } from './phone-figures';
export { phoneRows } from './phone-figures';

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
  profiling: Profiling | undefined,
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
  if (profiling) {
    // One more load, profiled (the profiler's own cost would colour the figures above).
    const page = await BenchPage.open(browser, device);
    await page.startProfile(profiling.cpu);
    proxy.reset();
    await page.page.goto(link(base, table, device));
    await page.waitFor(
      'form[aria-label="Roll the dice"] button[type=submit]:not([disabled])',
      90_000,
    );
    await sleep(1000);
    profiles.push(
      await page.stopProfile(profiling.dir, `load-${device.name}-${String(table.commands)}`),
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
  // BENCH_PHONE_PROFILE=<dir>: a profiled load and roll; BENCH_PHONE_PROFILE_CPU=0 traces them
  // without the CPU profiler, whose overhead doubles the script's share on the slowed phone.
  const profileDir = process.env.BENCH_PHONE_PROFILE;
  const profiling = profileDir
    ? { dir: profileDir, cpu: process.env.BENCH_PHONE_PROFILE_CPU !== '0' }
    : undefined;
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
          profiling,
          profiles,
        );
        results.loads[`${name} ${device.name}`] = figures;
        say(
          `  ${name} ${device.name}: drawn ${round(figures.drawnMs.median, 0)} ms, usable ${round(figures.usableMs.median, 0)} ms, ` +
            `longest task ${round(figures.longestTaskMs.median, 0)} ms, sync ${round(figures.syncBytes.median / 1024, 1)} KB`,
        );
        try {
          if (table !== long) continue;
          // The feed first (the figure the phone's roll goal is set for), then the cards, where
          // the dice land.
          for (const watching of ['feed', 'cards'] as const) {
            const rolls = await measureRolls(
              page,
              proxy,
              serverBase,
              long,
              config.rolls,
              watching,
              profiling,
              profiles,
            );
            const key = `long ${device.name}${watching === 'cards' ? ', cards on screen' : ''}`;
            results.rolls[key] = rolls;
            say(
              `  roll on the long table, ${device.name}, ${watching === 'feed' ? 'the feed read' : 'the cards on screen'}: ` +
                `main thread ${round(rolls.busyMs.median, 0)} ms, card ${round(rolls.cardMs.median, 0)} ms ` +
                `after the broadcast (${msOr(rolls.cardAfterDeliveryMs, 'no delivery seen')} after delivery), feed row ${round(rolls.feedRowMs.median, 0)} ms, ` +
                `longest task ${round(rolls.longestTaskMs, 0)} ms`,
            );
          }
          if (device !== PHONE) continue;
          results.history = await measureHistory(page, config.olderPages);
          const h = results.history;
          say(
            `  history on the phone: "Load older" ${olderText(h)}; ` +
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
