// Cluster mode (three nodes on one PostgreSQL and one Redis) next to the single-node server
// (SQLite) of the same run, measured in alternating rounds: push fan-out with the spectators
// spread over the nodes, the command round trip through the owner and through another node
// (forwarded over Redis), durable throughput over many tables owned by different nodes, and
// failover (SIGKILL of a table's owner → the first command acknowledged through another node).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Participant as ParticipantT, Receiver } from './clients';
import { Participant, createTable, docUrl, inBatches } from './clients';
import { LEASE_TIMINGS } from '@fateboard/server/testing';
import { startClusterServices, clusterUnavailable } from './cluster-services';
import type { ClusterServices } from './cluster-services';
import { addReceivers, setupFanoutTable } from './fanout';
import type { FanoutTable } from './fanout';
import { Child, cpuMicros } from './ipc';
import type { RoundPlan } from './open-loop';
import { openLoop, summarize } from './open-loop';
import type { Repeated } from './stats';
import { median, repeated, round, sleep } from './stats';
import type { Bench } from './throughput-case';
import { benchTable, drive } from './throughput-case';
import type { MeasuredRound, ServerUnderTest } from './under-test';
import { TABLE_RECEIVERS, fateboardUnderTest, measuredRound, spectatorsOf } from './under-test';

export interface ClusterConfig {
  nodes: number;
  fanoutSizes: number[];
  plan: RoundPlan;
  reps: number;
  throughputTables: number;
  throughputSeconds: number;
  /** Commands in flight per table in the throughput runs. */
  window: number;
  failovers: number;
  /**
   * Every connection of a throughput table on its writer (a load balancer routing by table),
   * rather than its replicas round the nodes (BENCH_CLUSTER_COST's fourth field, `routed`).
   */
  routed?: boolean;
}

/** The server's default lease TTL and renewal (cluster/leases.ts's LEASE_TIMINGS). */
export const LEASE_MS = LEASE_TIMINGS.ttlMs;
const RENEW_MS = LEASE_TIMINGS.renewMs;

type Percentiles = { p50: Repeated; p99: Repeated };

export interface ClusterFanout {
  spectators: number;
  receivers: number;
  /** The single-node server (SQLite), every receiver on it. */
  single: Percentiles;
  /** The cluster, every receiver on the table's owner node. */
  ownerOnly: Percentiles;
  /** The cluster, the spectators spread evenly over the nodes (the GM and players on the owner). */
  spread: Percentiles;
  /** The owner's group commit, per measured command, ms (p50 of each round): SQLite, PostgreSQL. */
  commitP50: { single: Repeated; cluster: Repeated };
}

export interface ClusterThroughputRun {
  perSecond: Repeated;
  ackP50: Repeated;
  ackP99: Repeated;
  /** Commands per group commit, over every node. */
  perCommit: Repeated;
  /** The server processes' CPU (user + system) ÷ wall time: cores they kept busy. */
  nodeCores: Repeated;
  /** Their CPU per stored command, µs: every process's together, and each one's. */
  cpuPerCommand: Repeated;
  cpuPerCommandByNode: Repeated[];
  /** How busy the servers' core was (every process on it: nodes, PostgreSQL, Redis), 0–1. */
  serverCoreBusy: Repeated | undefined;
}

export interface ClusterResults {
  nodes: number;
  /** The machine's load average at the section's start and end (other work skews it all). */
  loadavg: { start: number[]; end: number[] };
  fanout: ClusterFanout[];
  roundTrip: { single: Percentiles; owner: Percentiles; forwarded: Percentiles };
  throughput: {
    tables: number;
    window: number;
    /** How many of the tables each node owned (read from Redis). */
    owners: Record<string, number>;
    single: ClusterThroughputRun;
    cluster: ClusterThroughputRun;
  };
  failover: {
    ms: Repeated;
    /** Commands refused per try while the table had no writer. */
    refused: number[];
    /** Of those, the ones answered only by the forward timeout (sent to the dying owner). */
    timedOut: number[];
    leaseMs: number;
    renewMs: number;
  };
}

export type ClusterOutcome = ClusterResults | { skipped: string };

interface Single {
  base: string;
  proc: Child;
}

interface ClusterNode {
  name: string;
  child: Child;
  base: string;
}

const here = import.meta.dirname;

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** One core's jiffies from /proc/stat: busy (not idle or iowait) and in all. */
function coreTicks(core: number | undefined): { busy: number; total: number } | undefined {
  if (core === undefined) return undefined;
  try {
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`cpu${core} `));
    if (!line) return undefined;
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - ticks[3]! - ticks[4]!, total };
  } catch {
    return undefined;
  }
}

/** The node that holds the table's write lease (its holder is `<name>#<hex>`). */
async function ownerOf(services: ClusterServices, tableId: string): Promise<string | undefined> {
  const holder = await services.leaseHolder(tableId);
  return holder?.replace(/#[^#]*$/, '');
}

async function expectOwner(
  services: ClusterServices,
  tableId: string,
  node: ClusterNode,
): Promise<void> {
  const owner = await ownerOf(services, tableId);
  if (owner !== node.name) {
    throw new Error(`table ${tableId}: expected ${node.name} to own it, Redis says ${owner}`);
  }
}

const percentiles = (rounds: number[][]): Percentiles => ({
  p50: repeated(rounds.map((r) => summarize(r).p50)),
  p99: repeated(rounds.map((r) => summarize(r).p99)),
});

const pair = (p: Percentiles) => `${round(p.p50.median)} / ${round(p.p99.median)} ms`;

/**
 * Fateboard in the cluster: the fan-out table's GM, players and probe on its owner, the
 * spectators on `spectatorBases` in turn. CPU per delivered update is the owner's alone, so
 * the cluster's is not reported.
 */
function clusterUnderTest(
  owner: ClusterNode,
  t: FanoutTable,
  spectatorBases: string[],
): ServerUnderTest {
  const sut = fateboardUnderTest(owner.base, t, owner.child);
  let added = 0;
  return {
    ...sut,
    grow: (n) =>
      addReceivers(sut.receivers, n - spectatorsOf(sut), () => {
        const base = spectatorBases[added++ % spectatorBases.length]!;
        return docUrl(base, t.table.id, t.table.tokens.spectator);
      }),
  };
}

/**
 * `BENCH_CLUSTER_COST=tables,seconds,rounds[,routed]`: the section measures the throughput
 * rounds alone, with these many tables, seconds and rounds (what the nodes' CPU per command
 * needs: quick mode's 6 tables for half a second are too few to compare two versions); with
 * `routed`, every connection of a table on its writer.
 */
function costOnly():
  { tables: number; seconds: number; reps: number; routed: boolean } | undefined {
  const raw = process.env.BENCH_CLUSTER_COST;
  if (!raw) return undefined;
  const [tables, seconds, reps] = raw.split(',').slice(0, 3).map(Number);
  const routed = raw.split(',')[3];
  if (!(tables! >= 1 && seconds! > 0 && reps! >= 1) || ![undefined, 'routed'].includes(routed)) {
    throw new Error('BENCH_CLUSTER_COST is tables,seconds,rounds[,routed]: positive numbers');
  }
  return { tables: tables!, seconds: seconds!, reps: reps!, routed: routed === 'routed' };
}

export async function runCluster(
  single: Single,
  config: ClusterConfig,
  core: number | undefined,
  say: (line: string) => void,
): Promise<ClusterOutcome> {
  const missing = clusterUnavailable();
  if (missing) {
    // CI installs both (.ci/run): there a missing one is an error, never a skip.
    if (process.env.CI) throw new Error(`${missing}, and CI must run the cluster case`);
    say(`  skipped: ${missing}`);
    return { skipped: missing };
  }
  const loadStart = loadavg();
  const services = await startClusterServices(core);
  const nodes: ClusterNode[] = [];
  let started = 0;
  const startNode = async (name: string): Promise<ClusterNode> => {
    const dataDir = join(services.dir, `${name}-${++started}`);
    const { child, ready } = await Child.start(name, join(here, 'cluster-node-process.ts'), core, [
      services.databaseUrl,
      services.redisUrl,
      name,
      dataDir,
    ]);
    return { name, child, base: `http://127.0.0.1:${String(ready.port)}` };
  };
  try {
    // One at a time: the first creates the schema, and three tsx starts on one core are slow.
    for (let i = 0; i < config.nodes; i++) nodes.push(await startNode(`node-${i + 1}`));
    say(
      `  ${nodes.length} nodes (${nodes.map((n) => n.base).join(', ')}), PostgreSQL (fsync on), Redis`,
    );
    const cost = costOnly();
    if (cost) {
      // The nodes' CPU per command alone, longer than quick mode's (BENCH_CLUSTER_COST).
      const { tables, seconds, reps, routed } = cost;
      const costConfig = {
        ...config,
        throughputTables: tables,
        throughputSeconds: seconds,
        reps,
        routed,
      };
      say(`  throughput alone${routed ? ', every connection on the writer of its table' : ''}`);
      await clusterThroughput(single, nodes, services, costConfig, core, say);
      return { skipped: `BENCH_CLUSTER_COST=${process.env.BENCH_CLUSTER_COST}: throughput alone` };
    }
    const fanout = await clusterFanout(single, nodes, services, config, say);
    const roundTrip = await clusterRoundTrip(single, nodes, services, config, say);
    const throughput = await clusterThroughput(single, nodes, services, config, core, say);
    const failover = await clusterFailover(nodes, services, config, startNode, say);
    return {
      nodes: config.nodes,
      loadavg: { start: loadStart, end: loadavg() },
      fanout,
      roundTrip,
      throughput,
      failover,
    };
  } finally {
    await Promise.all(
      nodes
        .filter((n) => n.child.proc.exitCode === null && n.child.proc.signalCode === null)
        .map((n) => n.child.stop()),
    );
    await services.stop();
  }
}

async function clusterFanout(
  single: Single,
  nodes: ClusterNode[],
  services: ClusterServices,
  config: ClusterConfig,
  say: (line: string) => void,
): Promise<ClusterFanout[]> {
  const owner = nodes[0]!;
  const bases = nodes.map((n) => n.base);
  const tSingle = await setupFanoutTable(single.base);
  const tOwner = await setupFanoutTable(owner.base);
  const tSpread = await setupFanoutTable(owner.base);
  await expectOwner(services, tOwner.table.id, owner);
  await expectOwner(services, tSpread.table.id, owner);
  const suts = {
    single: fateboardUnderTest(single.base, tSingle, single.proc),
    ownerOnly: clusterUnderTest(owner, tOwner, [owner.base]),
    spread: clusterUnderTest(owner, tSpread, bases),
  };
  const kinds = Object.keys(suts) as (keyof typeof suts)[];
  const warm = { warm: 0, measured: config.plan.measured > 20 ? 20 : 6, rateHz: 50 };
  const cases: ClusterFanout[] = [];
  try {
    for (const kind of kinds) await measuredRound(suts[kind], warm);
    for (const size of config.fanoutSizes) {
      for (const kind of kinds) await suts[kind].grow(size);
      const rounds = { single: [], ownerOnly: [], spread: [] } as Record<
        keyof typeof suts,
        MeasuredRound[]
      >;
      for (let rep = 0; rep < config.reps; rep++) {
        for (const kind of kinds) {
          rounds[kind].push(await measuredRound(suts[kind], config.plan));
          await sleep(200);
        }
        const line = kinds.map((k) => {
          const s = summarize(rounds[k][rep]!.latencies);
          return `${k} ${round(s.p50)}/${round(s.p99)} ms`;
        });
        say(`  fan-out, ${size} spectators, round ${rep + 1}: push p50/p99 ${line.join('; ')}`);
      }
      const of = (k: keyof typeof suts) => percentiles(rounds[k].map((r) => r.latencies));
      const commit = (k: keyof typeof suts) =>
        repeated(rounds[k].map((r) => r.inServer?.commit.p50 ?? NaN));
      const c: ClusterFanout = {
        spectators: size,
        receivers: suts.spread.receivers.length,
        single: of('single'),
        ownerOnly: of('ownerOnly'),
        spread: of('spread'),
        commitP50: { single: commit('single'), cluster: commit('spread') },
      };
      say(
        `  fan-out, ${size} spectators + ${TABLE_RECEIVERS}, medians of ${config.reps}: ` +
          `spread over ${nodes.length} nodes ${pair(c.spread)}; all on the owner ${pair(c.ownerOnly)}; ` +
          `one node (SQLite) ${pair(c.single)}; commit p50 PostgreSQL ${round(c.commitP50.cluster.median)} ms, ` +
          `SQLite ${round(c.commitP50.single.median)} ms`,
      );
      cases.push(c);
    }
  } finally {
    await Promise.all(kinds.map((k) => suts[k].close()));
  }
  return cases;
}

/**
 * A table with a GM connection on the owner and another on a second node (the same GM link),
 * and a replica on every node, so that every node follows it. One open-loop round sends
 * `spotlight.push` alternately through the owner and through the other node, at twice the
 * plan's rate (each path at the plan's rate); the single node gets its own round.
 */
async function clusterRoundTrip(
  single: Single,
  nodes: ClusterNode[],
  services: ClusterServices,
  config: ClusterConfig,
  say: (line: string) => void,
): Promise<ClusterResults['roundTrip']> {
  const owner = nodes[0]!;
  const other = nodes[1]!;
  const setup = async (bases: string[]) => {
    const table = await createTable(bases[0]!, 'Round trip');
    const gms: ParticipantT[] = [];
    for (const base of bases.slice(0, 2))
      gms.push(await Participant.connect(base, table.tokens.gm, 'gm'));
    const aspects: string[] = [];
    for (const text of ['On Fire', 'Collapsing Roof']) {
      const ack = await gms[0]!.ok({ type: 'aspect.add', kind: 'situation', text, freeInvokes: 1 });
      aspects.push(String(ack.result?.aspectId));
    }
    const receivers: Receiver[] = [];
    for (const base of bases) {
      await addReceivers(receivers, 1, () => docUrl(base, table.id, table.tokens.gm));
    }
    return { table, gms, aspects, receivers };
  };
  const s = await setup([single.base]);
  const c = await setup([owner.base, other.base, ...nodes.slice(2).map((n) => n.base)]);
  await expectOwner(services, c.table.id, owner);
  // k even: through the owner ('push'), k odd: through the other node ('give'): openLoop keeps
  // the acknowledgements of the two kinds apart.
  const push = (
    gm: ParticipantT,
    aspects: string[],
    k: number,
    acked: (ok: boolean, why?: string) => void,
  ) =>
    gm.emit({ type: 'spotlight.push', ref: { aspectId: aspects[k % 2] } }, (ack) =>
      acked(ack.ok, `${ack.code ?? ''} ${ack.message ?? ''}`),
    );
  const plan = config.plan;
  const both = { warm: 2 * plan.warm, measured: 2 * plan.measured, rateHz: 2 * plan.rateHz };
  const rounds = { single: [] as number[][], owner: [] as number[][], forwarded: [] as number[][] };
  try {
    const oneRound = async (p: RoundPlan) => {
      const a = await openLoop(p, [], single.proc, (k, acked) => {
        push(s.gms[0]!, s.aspects, k, acked);
        return 'push';
      });
      await sleep(200);
      const b = await openLoop(both, [], owner.child, (k, acked) => {
        push(c.gms[k % 2]!, c.aspects, k >> 1, acked);
        return k % 2 === 0 ? 'push' : 'give';
      });
      return { single: a.acks.push, owner: b.acks.push, forwarded: b.acks.give };
    };
    await oneRound({ warm: 0, measured: plan.measured > 20 ? 20 : 6, rateHz: 50 });
    for (let rep = 0; rep < config.reps; rep++) {
      await sleep(200);
      const r = await oneRound(plan);
      rounds.single.push(r.single);
      rounds.owner.push(r.owner);
      rounds.forwarded.push(r.forwarded);
      const line = (xs: number[]) => `${round(summarize(xs).p50)}/${round(summarize(xs).p99)} ms`;
      say(
        `  round trip, round ${rep + 1}: through another node ${line(r.forwarded)}; ` +
          `through the owner ${line(r.owner)}; one node (SQLite) ${line(r.single)}`,
      );
    }
  } finally {
    for (const t of [s, c]) {
      for (const gm of t.gms) gm.close();
      await Promise.all(t.receivers.map((r) => r.close()));
    }
  }
  const result = {
    single: percentiles(rounds.single),
    owner: percentiles(rounds.owner),
    forwarded: percentiles(rounds.forwarded),
  };
  say(
    `  round trip, medians of ${config.reps}: through another node ${pair(result.forwarded)}; ` +
      `through the owner ${pair(result.owner)}; one node (SQLite) ${pair(result.single)}`,
  );
  return result;
}

async function clusterThroughput(
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
  const counted = async (benches: Bench[], procs: Child[]): Promise<Run> => {
    type Commits = { batches: number; commands: number };
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
    await drive(singles, 0.5, config.window);
    await drive(clustered, 0.5, config.window);
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

/**
 * Per try: a fresh table owned by one node (its GM commands there first), a second GM
 * connection on the next node, one command forwarded through it; then SIGKILL of the owner's
 * process, and from that moment the second connection sends a command every 20 ms (open
 * loop, a fresh id each) until one is acknowledged: failover is the kill → that
 * acknowledgement. Commands sent while the table has no writer are refused, most at once;
 * one forwarded to the dying node before Redis saw it go waits for the forward timeout
 * (5 s) and is counted apart. The killed node is started again before the next try.
 */
async function clusterFailover(
  nodes: ClusterNode[],
  services: ClusterServices,
  config: ClusterConfig,
  startNode: (name: string) => Promise<ClusterNode>,
  say: (line: string) => void,
): Promise<ClusterResults['failover']> {
  const times: number[] = [];
  const refusals: number[] = [];
  const timedOut: number[] = [];
  for (let attempt = 0; attempt < config.failovers; attempt++) {
    const at = attempt % nodes.length;
    const owner = nodes[at]!;
    const other = nodes[(at + 1) % nodes.length]!;
    const table = await createTable(owner.base, 'Failover');
    const gmOwner = await Participant.connect(owner.base, table.tokens.gm, 'gm');
    const aspect = await gmOwner.ok({
      type: 'aspect.add',
      kind: 'situation',
      text: 'On Fire',
      freeInvokes: 1,
    });
    const ref = { aspectId: String(aspect.result?.aspectId) };
    await expectOwner(services, table.id, owner);
    const gmOther = await Participant.connect(other.base, table.tokens.gm, 'gm');
    await gmOther.ok({ type: 'spotlight.push', ref });
    await sleep(300);
    let refused = 0;
    let slow = 0;
    let pending = 0;
    let ms: number | undefined;
    const codes = new Set<string>();
    const t0 = performance.now();
    owner.child.proc.kill('SIGKILL');
    while (ms === undefined && performance.now() - t0 < 30_000) {
      const sent = performance.now();
      pending++;
      gmOther.emit({ type: 'spotlight.push', ref }, (ack) => {
        pending--;
        const now = performance.now();
        if (ack.ok) {
          ms = Math.min(ms ?? Infinity, now - t0);
          return;
        }
        refused++;
        codes.add(ack.code ?? '?');
        // Waited for an answer that never came: forwarded to the node as it died.
        if (now - sent > 1000) slow++;
      });
      await sleep(20);
    }
    // The stragglers (a forward to the dead node waits up to its timeout).
    const deadline = performance.now() + 6000;
    while (pending > 0 && performance.now() < deadline) await sleep(20);
    gmOwner.close();
    gmOther.close();
    await owner.child.exited;
    if (ms === undefined) throw new Error(`failover: no command acknowledged 30 s after SIGKILL`);
    const now = await ownerOf(services, table.id);
    say(
      `  failover ${attempt + 1}: SIGKILL ${owner.name} → first ack through ${other.name} in ${round(ms, 0)} ms ` +
        `(${refused} refused: ${[...codes].join(', ') || 'none'}, ${slow} of them after a forward timeout; owner now ${now})`,
    );
    times.push(ms);
    refusals.push(refused);
    timedOut.push(slow);
    nodes[at] = await startNode(owner.name);
  }
  say(
    `  failover, median of ${times.length}: ${round(median(times), 0)} ms ` +
      `(lease TTL ${LEASE_MS} ms, renewed every ${RENEW_MS} ms)`,
  );
  return { ms: repeated(times), refused: refusals, timedOut, leaseMs: LEASE_MS, renewMs: RENEW_MS };
}
