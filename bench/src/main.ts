import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Child, canPin, pinSelf } from './ipc';
import { FULL, QUICK } from './config';
import { runFanout } from './fanout-case';
import { runLongTable } from './longtable-case';
import { runThroughput } from './throughput-case';
import { runTables } from './tables-case';
import { clientSize } from './client-size';
import { markdownTable } from './report';

const quick = process.argv.includes('--quick');
const config = quick ? QUICK : FULL;
const here = import.meta.dirname;
const started = Date.now();
const say = (line: string) => console.log(line);

const cores = availableParallelism();
const pin = canPin(cores);
if (pin) pinSelf(1);

const results: Record<string, unknown> = {
  when: new Date().toISOString(),
  mode: quick ? 'quick' : 'full',
  machine: { cores, loadavgAtStart: loadavg(), pinned: pin, node: process.version },
};
const errors: string[] = [];

// BENCH_ONLY=fanout,throughput runs only those sections (for profiling one case).
const only = process.env.BENCH_ONLY?.split(',');

async function section(name: string, run: () => Promise<unknown>): Promise<void> {
  if (only && !only.includes(name)) return;
  say(`\n## ${name}`);
  const t = Date.now();
  try {
    results[name] = await run();
  } catch (error) {
    errors.push(`${name}: ${String(error)}`);
    console.error(`${name} failed:`, error);
  }
  say(`  (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

const { child: server, ready: serverReady } = await Child.start(
  'server',
  join(here, 'server-process.ts'),
  pin ? 0 : undefined,
);
const { child: relay, ready: relayReady } = await Child.start(
  'relay',
  join(here, 'baseline-relay.ts'),
  pin ? 0 : undefined,
);
const base = `http://127.0.0.1:${String(serverReady.port)}`;
const relayBase = `http://127.0.0.1:${String(relayReady.port)}`;

try {
  await section('fanout', () =>
    runFanout(
      base,
      relayBase,
      server,
      relay,
      config.fanoutSizes,
      config.idleAt,
      config.plan,
      config.reps,
      say,
    ),
  );
  await section('longTable', () =>
    runLongTable(base, server, config.campaign, config.coldJoins, config.storm, config.reps, say),
  );
  await section('throughput', () =>
    runThroughput(
      base,
      config.throughputTables,
      config.throughputSeconds,
      config.window,
      config.reps,
      say,
    ),
  );
  // Tables per process in a fresh server, so that its RSS is the tables' and not the
  // leftovers of the cases before.
  await section('tables', async () => {
    const { child, ready } = await Child.start(
      'tables-server',
      join(here, 'server-process.ts'),
      pin ? 0 : undefined,
    );
    try {
      return await runTables(`http://127.0.0.1:${String(ready.port)}`, child, config.tables, say);
    } finally {
      await child.stop();
    }
  });
  await section('client', () => Promise.resolve(clientSize(resolve(here, '../..'))));
} finally {
  await Promise.all([server.stop(), relay.stop()]);
}

results.machine = { ...(results.machine as object), loadavgAtEnd: loadavg() };
results.seconds = (Date.now() - started) / 1000;
results.errors = errors;
say(`\n${markdownTable(results)}`);
const dir = resolve(here, '../results');
mkdirSync(dir, { recursive: true });
const file = join(
  dir,
  `${new Date().toISOString().replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`,
);
writeFileSync(file, JSON.stringify(results, null, 2));
say(`\nwrote ${file} in ${results.seconds as number} s`);
if (errors.length > 0) {
  console.error(`\n${errors.length} section(s) failed:\n${errors.join('\n')}`);
  process.exit(1);
}
process.exit(0);
