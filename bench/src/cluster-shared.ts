// The cluster case's figures, its setups' types and the helpers its parts share
// (cluster-case.ts runs them: cluster-latency.ts, cluster-throughput.ts, cluster-failover.ts).
import { readFileSync } from 'node:fs';
import type { Child } from './ipc';
import { summarize } from './open-loop';
import type { RoundPlan } from './open-loop';
import type { Repeated } from './stats';
import { repeated, round } from './stats';
import type { ClusterServices } from './cluster-services';

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
  /**
   * Commands each server process stores, unmeasured, before the throughput rounds (a
   * second's worth by default; BENCH_CLUSTER_COST's fifth field). Counted per process, not
   * in seconds: each node runs a third of the cluster's commands, and V8 optimises code by
   * how often it runs, so a node warms three times slower than the single node. Measured
   * cold, the cluster's first rounds cost up to 2.5x its later ones (BENCHMARKS.md).
   */
  warmCommands?: number;
}

export type Percentiles = { p50: Repeated; p99: Repeated };

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

export interface Single {
  base: string;
  proc: Child;
}

export interface ClusterNode {
  name: string;
  child: Child;
  base: string;
}

export const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** One core's jiffies from /proc/stat: busy (not idle or iowait) and in all. */
export function coreTicks(core: number | undefined): { busy: number; total: number } | undefined {
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
export async function ownerOf(
  services: ClusterServices,
  tableId: string,
): Promise<string | undefined> {
  const holder = await services.leaseHolder(tableId);
  return holder?.replace(/#[^#]*$/, '');
}

export async function expectOwner(
  services: ClusterServices,
  tableId: string,
  node: ClusterNode,
): Promise<void> {
  const owner = await ownerOf(services, tableId);
  if (owner !== node.name) {
    throw new Error(`table ${tableId}: expected ${node.name} to own it, Redis says ${owner}`);
  }
}

export const percentiles = (rounds: number[][]): Percentiles => ({
  p50: repeated(rounds.map((r) => summarize(r).p50)),
  p99: repeated(rounds.map((r) => summarize(r).p99)),
});

export const pair = (p: Percentiles) => `${round(p.p50.median)} / ${round(p.p99.median)} ms`;
