// The cluster case's durable throughput: many tables written by different nodes, closed loop,
// with each node's CPU per stored command beside the single node's, in alternating rounds.
import { performance } from 'node:perf_hooks';
import { inBatches } from './clients';
import type { ClusterServices } from './cluster-services';
import type {
  ClusterConfig,
  ClusterNode,
  ClusterResults,
  ClusterThroughputRun,
  Single,
} from './cluster-shared';
import { coreTicks, ownerOf, sum } from './cluster-shared';
import type { Child } from './ipc';
import { cpuMicros } from './ipc';
import { repeated, round, sleep } from './stats';
import type { Bench } from './throughput-case';
import { benchTable, drive } from './throughput-case';

export async function clusterThroughput(
  single: Single,
  nodes: ClusterNode[],
  services: ClusterServices,
  config: ClusterConfig,
  core: number | undefined,
  say: (line: string) => void,
): Promise<ClusterResults['throughput']> {
  const n = config.throughputTables;
  const singles: Bench[] = [];
  const clustered: Bench[] = [];
  const tableIds: string[] = [];
  await inBatches(
    Array.from({ length: n }, (_, i) => i),
    10,
    async (i) => {
      singles.push(await benchTable(single.base, `Throughput ${i}`));
    },
  );
  // Table i is created and commanded on node i % 3 (which claims it); its seven replicas go
  // round the nodes from there, so that every node follows tables it does not own.
  await inBatches(
    Array.from({ length: n }, (_, i) => i),
    10,
    async (i) => {
      const rotated = nodes.map((_, j) => nodes[(i + j) % nodes.length]!.base);
      // Routed by table (a load balancer that sends a table's people to its writer): all on it.
      const receivers = config.routed ? [rotated[0]!] : rotated;
      const bench = await benchTable(rotated[0]!, `Throughput ${i}`, receivers);
      clustered.push(bench);
      tableIds.push(bench.tableId);
    },
  );
  const owners: Record<string, number> = {};
  for (const id of tableIds) {
    const owner = (await ownerOf(services, id)) ?? 'nobody';
    owners[owner] = (owners[owner] ?? 0) + 1;
  }
  type Run = Awaited<ReturnType<typeof drive>> & {
    perCommit: number;
    nodeCores: number;
    cpuPerCommand: number[];
    serverCoreBusy: number | undefined;
  };
  type Commits = { batches: number; commands: number };
  const counted = async (benches: Bench[], procs: Child[]): Promise<Run> => {
    const sum = async () => {
      const all = await Promise.all(procs.map((p) => p.request<Commits>('commit-timings')));
      return all.reduce((a, b) => ({
        batches: a.batches + b.batches,
        commands: a.commands + b.commands,
      }));
    };
    const cpu = () => Promise.all(procs.map((p) => p.stats()));
    const before = await sum();
    const cpu0 = await cpu();
    const core0 = coreTicks(core);
    const t0 = performance.now();
    const run = await drive(benches, config.throughputSeconds, config.window);
    const wall = (performance.now() - t0) * 1000;
    const core1 = coreTicks(core);
    const cpu1 = await cpu();
    const after = await sum();
    const perCommit =
      (after.commands - before.commands) / Math.max(1, after.batches - before.batches);
    const each = cpu1.map((s, i) => cpuMicros(cpu0[i]!, s));
    const micros = each.reduce((a, b) => a + b, 0);
    const stored = Math.max(1, after.commands - before.commands);
    const serverCoreBusy =
      core0 && core1
        ? (core1.busy - core0.busy) / Math.max(1, core1.total - core0.total)
        : undefined;
    const cpuPerCommand = each.map((m) => m / stored);
    return { ...run, perCommit, nodeCores: micros / wall, cpuPerCommand, serverCoreBusy };
  };
  const usage = (r: Run) =>
    `node CPU ${round(r.nodeCores, 2)} cores, ` +
    `${round(sum(r.cpuPerCommand), 0)} µs a command (${r.cpuPerCommand.map((m) => round(m, 0)).join(' + ')})` +
    (r.serverCoreBusy === undefined
      ? ''
      : `, server core ${round(100 * r.serverCoreBusy, 0)}% busy`);
  const runs = { single: [] as Run[], cluster: [] as Run[] };
  const procs = nodes.map((node) => node.child);
  try {
    // Warmed alike: each server process stores as many commands, unmeasured (`warmCommands`),
    // the two setups in turn a second at a time, so that the machine's load falls on both.
    const want = config.warmCommands;
    if (want === undefined) {
      await drive(singles, 0.5, config.window);
      await drive(clustered, 0.5, config.window);
    } else {
      const stored = async (ps: Child[]) => {
        const all = await Promise.all(ps.map((p) => p.request<Commits>('commit-timings')));
        return all.reduce((a, b) => a + b.commands, 0) / ps.length;
      };
      const setups = [
        { benches: singles, ps: [single.proc], from: await stored([single.proc]) },
        { benches: clustered, ps: procs, from: await stored(procs) },
      ];
      const t0 = performance.now();
      for (let left = setups; left.length > 0;) {
        for (const s of left) await drive(s.benches, 1, config.window);
        const done = await Promise.all(
          left.map(async (s) => (await stored(s.ps)) - s.from >= want),
        );
        left = left.filter((_, i) => !done[i]);
      }
      say(
        `  warmed: each process stored ${want} commands, unmeasured, before the rounds ` +
          `(${round((performance.now() - t0) / 1000, 0)} s)`,
      );
    }
    for (let rep = 0; rep < config.reps; rep++) {
      await sleep(200);
      const a = await counted(singles, [single.proc]);
      await sleep(200);
      const b = await counted(clustered, procs);
      runs.single.push(a);
      runs.cluster.push(b);
      say(
        `  throughput, ${n} tables, round ${rep + 1}: ${nodes.length} nodes ${round(b.perSecond, 0)}/s ` +
          `(ack p99 ${round(b.p99)} ms, ${round(b.perCommit, 1)} a commit, ${usage(b)}); ` +
          `one node ${round(a.perSecond, 0)}/s ` +
          `(ack p99 ${round(a.p99)} ms, ${round(a.perCommit, 1)} a commit, ${usage(a)})`,
      );
    }
  } finally {
    for (const b of [...singles, ...clustered]) {
      b.gm.close();
      await Promise.all(b.receivers.map((r) => r.close()));
    }
  }
  const fig = (rs: Run[]): ClusterThroughputRun => ({
    perSecond: repeated(rs.map((r) => r.perSecond)),
    ackP50: repeated(rs.map((r) => r.p50)),
    ackP99: repeated(rs.map((r) => r.p99)),
    perCommit: repeated(rs.map((r) => r.perCommit)),
    nodeCores: repeated(rs.map((r) => r.nodeCores)),
    cpuPerCommand: repeated(rs.map((r) => sum(r.cpuPerCommand))),
    cpuPerCommandByNode: rs[0]!.cpuPerCommand.map((_, i) =>
      repeated(rs.map((r) => r.cpuPerCommand[i]!)),
    ),
    serverCoreBusy: core === undefined ? undefined : repeated(rs.map((r) => r.serverCoreBusy!)),
  });
  const result = {
    tables: n,
    window: config.window,
    owners,
    single: fig(runs.single),
    cluster: fig(runs.cluster),
  };
  say(
    `  throughput, ${n} tables, medians of ${config.reps}: ${nodes.length} nodes ` +
      `${round(result.cluster.perSecond.median, 0)}/s, one node ${round(result.single.perSecond.median, 0)}/s ` +
      `(owners: ${Object.entries(owners)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`,
  );
  return result;
}
