import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { io } from 'socket.io-client';
import { Participant, createTable, openReplica, sleep, waitFor } from '../test/harness';
import type { Replica } from '../test/harness';
import type { ClusterNode } from '../test/cluster-nodes';
import { clusterServices, clusterUnavailable } from '../test/cluster-fixture';

// What an operator relies on, with the nodes as real processes: /healthz says the process
// answers and /readyz whether it can work (a load balancer drains a node that lost PostgreSQL
// or Redis), every lease change is one JSON log line and a metric, stdout carries nothing but
// JSON lines, and a lease that moves as expected logs no error.

const unavailable = clusterUnavailable();
const services = clusterServices(unavailable);
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()!();
});

/** Two node processes at LOG_LEVEL=info on a fresh database reached through a TCP proxy. */
async function startNodes() {
  const { cluster, proxy, close } = await services.startProxiedProcesses(2, { LOG_LEVEL: 'info' });
  cleanup.push(close);
  onTestFailed(() => console.error(`the nodes' last lines:\n${cluster.output()}`));
  return { proxy, nodes: cluster.nodes as [ClusterNode, ClusterNode] };
}

async function readyz(node: ClusterNode) {
  const response = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(3000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls /readyz until `status`; answers how long that took. */
async function readyzBecomes(node: ClusterNode, status: number, withinMs = 5000) {
  const start = performance.now();
  for (;;) {
    const answer = await readyz(node);
    if (answer.status === status) return { ...answer, ms: performance.now() - start };
    if (performance.now() - start > withinMs) {
      throw new Error(
        `${node.name} /readyz stayed ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
    }
    await sleep(100);
  }
}

function connect(url: string, token: string, name: string): Promise<Participant> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true });
  cleanup.push(() => socket.disconnect());
  return new Promise((resolve) =>
    socket.once('connect', () => resolve(new Participant(socket, name))),
  );
}

async function replica(url: string, name: string, token: string): Promise<Replica> {
  const r = await openReplica(url, name, token);
  cleanup.push(() => r.destroy());
  return r;
}

type Line = { level?: number; lease?: string; reason?: string; table?: string; msg?: string };

/** A node's stdout as JSON lines; fails the test on any line that is not one. */
function logLines(node: ClusterNode): Line[] {
  return node.stdout().map((line) => {
    try {
      return JSON.parse(line) as Line;
    } catch {
      throw new Error(`${node.name} wrote a line that is not JSON on stdout: ${line}`);
    }
  });
}

/** The node's lease-change counter, by `change/reason`. */
async function leaseMetrics(node: ClusterNode): Promise<Record<string, number>> {
  const text = await (await fetch(`${node.url}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(
    /^fateboard_lease_changes_total\{change="(\w+)",reason="(\w+)"[^}]*\} (\d+)/gm,
  )) {
    counts[`${match[1]}/${match[2]}`] = Number(match[3]);
  }
  return counts;
}

describe.skipIf(unavailable)('an operable cluster', () => {
  it('/readyz fails while the node cannot reach PostgreSQL or Redis, and recovers; /healthz answers all along', async () => {
    const { proxy, nodes } = await startNodes();
    for (const node of nodes) {
      expect(await readyz(node)).toEqual({
        status: 200,
        body: { ready: true, services: { postgres: 'ok', redis: 'ok' } },
      });
    }

    services.redis.pause();
    cleanup.push(() => services.redis.resume());
    for (const node of nodes) {
      const down = await readyzBecomes(node, 503);
      expect(down.body).toMatchObject({ ready: false, services: { redis: 'unreachable' } });
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      console.info(`${node.name}: not ready ${Math.round(down.ms)} ms after Redis paused`);
    }
    services.redis.resume();
    for (const node of nodes) await readyzBecomes(node, 200, 3000);

    proxy.hang();
    for (const node of nodes) {
      const down = await readyzBecomes(node, 503);
      expect(down.body).toMatchObject({ ready: false, services: { postgres: 'unreachable' } });
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      console.info(`${node.name}: not ready ${Math.round(down.ms)} ms after PostgreSQL hung`);
    }
    proxy.heal();
    for (const node of nodes) await readyzBecomes(node, 200, 3000);
  }, 60_000);

  it('every lease change is one JSON line and a metric; stdout is JSON only; an expected move logs no error', async () => {
    const { nodes } = await startNodes();
    const [one, two] = nodes;
    const table = await createTable(one.url);
    const name = `table/${table.id}`;
    // Node 1 writes; node 2 follows it for its spectator (as Yjs sees it, a second client
    // with the writer's own id, until now a line on stdout).
    const gmOnOne = await connect(one.url, table.tokens.gm, 'gm1');
    const spectator = await replica(two.url, name, table.tokens.spectator);
    for (let i = 0; i < 3; i++) {
      await gmOnOne.untilOk({ type: 'aspect.add', kind: 'situation', text: `One ${i}` });
    }
    await waitFor(() => spectator.doc.getMap('aspects').size === 3, 'node 2 following node 1');

    // An expected move: node 1 is stopped (a deploy), node 2 takes the table.
    await one.kill('SIGTERM');
    const gmOnTwo = await connect(two.url, table.tokens.gm, 'gm2');
    await gmOnTwo.untilOk({ type: 'aspect.add', kind: 'situation', text: 'Two' });
    // Another: node 2 stalls past its lease, node 1 (back) takes the table, node 2 wakes.
    await one.restart();
    const gmBack = await connect(one.url, table.tokens.gm, 'gm1b');
    two.stop();
    await gmBack.untilOk({ type: 'aspect.add', kind: 'situation', text: 'Back' }, 15_000);
    two.cont();
    await sleep(1500);

    const linesOne = logLines(one);
    const linesTwo = logLines(two);
    const leaseLines = (lines: Line[]) =>
      lines.filter((l) => l.lease !== undefined && l.table === table.id).map((l) => l.reason);
    console.info(
      `lease lines: node 1 ${JSON.stringify(leaseLines(linesOne))}, node 2 ${JSON.stringify(leaseLines(linesTwo))}`,
    );
    // Node 1 (both of its processes): acquired, released at SIGTERM, acquired again.
    expect(leaseLines(linesOne)).toEqual(['new', 'released', 'new']);
    // Node 2: acquired, then lost while it slept.
    expect(leaseLines(linesTwo)).toEqual(['new', 'expired']);
    // Each line is a metric too (node 2's process saw both).
    expect(await leaseMetrics(two)).toEqual({ 'acquired/new': 1, 'lost/expired': 1 });
    // Nothing of this is an error.
    const errors = [...linesOne, ...linesTwo].filter((l) => (l.level ?? 0) >= 50);
    expect(errors.map((l) => l.msg)).toEqual([]);
  }, 90_000);
});
