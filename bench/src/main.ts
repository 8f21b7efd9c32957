import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Child, canPin, pinSelf } from './ipc';
import { FULL, QUICK } from './config';
import { runFanout } from './fanout-case';
import { runBoard } from './board-case';
import { runLongTable } from './longtable-case';
import { runThroughput } from './throughput-case';
import { runTables } from './tables-case';
import { runCluster } from './cluster-case';
import { runDoors } from './doors-case';
import { runBudgets } from './budgets-case';
import { clientSize, overBudget } from './client-size';
import { TEXT_BUDGET_MS, runText } from './text-case';
import { phoneClientDir, runPhone } from './phone-case';
import { markdownTable } from './report';

interface Started {
  proc: Child;
  base: string;
}

const quick = process.argv.includes('--quick');
// BENCH_SIZES=500 runs the fan-out at those spectator counts only (for profiling one size).
const sizes = process.env.BENCH_SIZES?.split(',').map(Number);
// BENCH_PHONE_DEVICES=desk,phone runs the browser case on those devices (the quick mode's
// phone only, the full mode's both).
const devices = process.env.BENCH_PHONE_DEVICES?.split(',') as ('desk' | 'phone')[] | undefined;
// BENCH_PHONE_ROLLS=8 measures that many incoming rolls (the quick mode's two give a noisy
// median on a shared machine).
const rolls = Number(process.env.BENCH_PHONE_ROLLS) || undefined;
const preset = quick ? QUICK : FULL;
const config = {
  ...preset,
  ...(sizes ? { fanoutSizes: sizes, idleAt: Math.max(...sizes) } : {}),
  phone: { ...preset.phone, ...(devices ? { devices } : {}), ...(rolls ? { rolls } : {}) },
};
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

// The children, started together: the server under test, the baseline relay, the two peers
// (Hocuspocus, y-websocket), and a second server for the tables-per-process case (so that
// its RSS holds only those tables).
const core = pin ? 0 : undefined;
const children = await Promise.all(
  (
    [
      ['server', 'server-process.ts'],
      ['relay', 'baseline-relay.ts'],
      ['hocuspocus', 'peer-hocuspocus.ts'],
      ['ywebsocket', 'peer-ywebsocket.ts'],
      ['tables-server', 'server-process.ts'],
      ['doors-server', 'server-process.ts'],
    ] as const
  ).map(([name, file]) =>
    // The file doors' server is not pinned: its file worker thread takes the second core, as
    // in production, where a pinned process would have it share the event loop's.
    Child.start(name, join(here, file), name === 'doors-server' ? undefined : core),
  ),
);
const [server, relay, hocuspocus, ywebsocket, tablesServer, doorsServer] = children.map((c) => ({
  proc: c.child,
  base: `http://127.0.0.1:${String(c.ready.port)}`,
})) as [Started, Started, Started, Started, Started, Started];
const base = server.base;

try {
  await section('fanout', () =>
    runFanout(
      { fateboard: server, relay, hocuspocus, ywebsocket },
      config.fanoutSizes,
      config.idleAt,
      config.plan,
      config.reps,
      say,
    ),
  );
  // Beside the fan-out, on its server: a board move and a zone's aspect against a scene
  // aspect's push, in the same rounds.
  await section('board', () =>
    runBoard(base, server.proc, config.boardSizes, config.plan, config.reps, say),
  );
  await section('longTable', () =>
    runLongTable(
      base,
      server.proc,
      config.campaign,
      config.coldJoins,
      config.storm,
      config.reps,
      say,
    ),
  );
  await section('throughput', () =>
    runThroughput(
      server.proc,
      base,
      config.throughputTables,
      config.throughputSeconds,
      config.window,
      config.reps,
      config.quick ? 10 : 60,
      say,
    ),
  );
  // Its own PostgreSQL, Redis and three nodes (stopped at its end), next to `server`.
  await section('cluster', () => runCluster(server, config.cluster, core, say));
  await section('tables', () =>
    runTables(tablesServer.base, tablesServer.proc, config.tables, say),
  );
  await section('doors', () => runDoors(doorsServer.base, config.doorSeconds, say));
  // Its own server on the default limits (the others raise them), stopped at its end.
  await section('budgets', async () => {
    const { child, ready } = await Child.start(
      'budgets-server',
      join(here, 'server-process.ts'),
      core,
      ['default-limits'],
    );
    try {
      return await runBudgets(`http://127.0.0.1:${String(ready.port)}`, config.quick, say);
    } finally {
      await child.stop();
    }
  });
  // Its own server on a deployment's limits serving the built client, a phone and a laptop in
  // Chromium (stopped at its end).
  await section('phone', async () => {
    const client = phoneClientDir(say);
    process.env.BENCH_CLIENT_DIR = client;
    const { child, ready } = await Child.start(
      'phone-server',
      join(here, 'server-process.ts'),
      core,
      ['phone'],
    );
    try {
      const port = Number(ready.port);
      return await runPhone(`http://127.0.0.1:${String(port)}`, port, client, config.phone, say);
    } finally {
      await child.stop();
    }
  });
  // The client's up-front JavaScript, failing past its budget (when built).
  await section('client', () => {
    const figures = clientSize(resolve(here, '../..'));
    const over = overBudget(figures);
    return over ? Promise.reject(new Error(over)) : Promise.resolve(figures);
  });
  // In this process: the text cleaners on 1 MiB of adversarial text, failing past their budget
  // (past twice it in quick mode: text-case.ts says why).
  await section('text', () =>
    Promise.resolve(
      config.quick ? runText(2, say, 2 * TEXT_BUDGET_MS) : runText(3, say, TEXT_BUDGET_MS),
    ),
  );
} finally {
  await Promise.all(children.map((c) => c.child.stop()));
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
