// Cluster mode (three nodes on one PostgreSQL and one Redis) next to the single-node server
// (SQLite) of the same run, measured in alternating rounds: push fan-out with the spectators
// spread over the nodes, the command round trip through the owner and through another node
// (forwarded over Redis), durable throughput over many tables owned by different nodes, and
// failover (SIGKILL of a table's owner → the first command acknowledged through another node).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startClusterServices, clusterUnavailable } from './cluster-services';
import { clusterFailover } from './cluster-failover';
import { clusterFanout, clusterRoundTrip } from './cluster-latency';
import type { ClusterConfig, ClusterNode, ClusterOutcome, Single } from './cluster-shared';
import { clusterThroughput } from './cluster-throughput';
import { Child } from './ipc';

export type { ClusterConfig, ClusterOutcome, ClusterResults } from './cluster-shared';

const here = import.meta.dirname;

/**
 * `BENCH_CLUSTER_COST=tables,seconds,rounds[,routed|spread[,warm]]`: the section measures the
 * throughput rounds alone, with these many tables, seconds and rounds (what the nodes' CPU per
 * command needs: quick mode's 6 tables for half a second are too few to compare two versions);
 * with `routed`, every connection of a table on its writer (`spread`: round the nodes, the
 * default); `warm`: commands each server process stores unmeasured first (30,000 by default:
 * after 10,000 an idle machine's cluster figure still fell by a quarter over four rounds; see
 * ClusterConfig's `warmCommands`).
 */
function costOnly():
  { tables: number; seconds: number; reps: number; routed: boolean; warm: number } | undefined {
  const raw = process.env.BENCH_CLUSTER_COST;
  if (!raw) return undefined;
  const fields = raw.split(',');
  const [tables, seconds, reps] = fields.slice(0, 3).map(Number);
  const routed = fields[3];
  const warm = fields[4] === undefined ? 30_000 : Number(fields[4]);
  if (
    !(tables! >= 1 && seconds! > 0 && reps! >= 1 && warm >= 0) ||
    ![undefined, 'routed', 'spread'].includes(routed) ||
    fields.length > 5
  ) {
    throw new Error(
      'BENCH_CLUSTER_COST is tables,seconds,rounds[,routed|spread[,warm commands]]: positive numbers',
    );
  }
  return { tables: tables!, seconds: seconds!, reps: reps!, routed: routed === 'routed', warm };
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
      const { tables, seconds, reps, routed, warm } = cost;
      const costConfig = {
        ...config,
        throughputTables: tables,
        throughputSeconds: seconds,
        reps,
        routed,
        warmCommands: warm,
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
