// The cluster case's failover: SIGKILL of a table's writer → the first command acknowledged
// through another node.
import { performance } from 'node:perf_hooks';
import { LEASE_TIMINGS } from '@fateboard/server/testing';
import { Participant, createTable } from './clients';
import type { ClusterServices } from './cluster-services';
import type { ClusterConfig, ClusterNode, ClusterResults } from './cluster-shared';
import { expectOwner, ownerOf } from './cluster-shared';
import { median, repeated, round, sleep } from './stats';

/** The server's default lease TTL and renewal (cluster/leases.ts's LEASE_TIMINGS). */
export const LEASE_MS = LEASE_TIMINGS.ttlMs;
export const RENEW_MS = LEASE_TIMINGS.renewMs;

/**
 * Per try: a fresh table owned by one node (its GM commands there first), a second GM
 * connection on the next node, one command forwarded through it; then SIGKILL of the owner's
 * process, and from that moment the second connection sends a command every 20 ms (open
 * loop, a fresh id each) until one is acknowledged: failover is the kill → that
 * acknowledgement. Commands sent while the table has no writer are refused, most at once;
 * one forwarded to the dying node before Redis saw it go waits for the forward timeout
 * (5 s) and is counted apart. The killed node is started again before the next try.
 */
export async function clusterFailover(
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
