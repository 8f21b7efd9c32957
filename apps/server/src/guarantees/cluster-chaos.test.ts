import { describe, expect, it, onTestFailed } from 'vitest';
import pg from 'pg';
import { readTable } from '@fateboard/table';
import type { Ack } from '@fateboard/table';
import {
  Participant,
  createTable,
  reconnectingSocket,
  openReplica,
  samePub,
  sleep,
  waitFor,
} from '../test/harness';
import type { Replica } from '../test/harness';
import type { ClusterNode } from '../test/cluster-nodes';
import { clusterTests, storedPub } from '../test/cluster-fixture';
import { openPostgresStorage } from '../storage';
import { SOAK } from './support';

// The cluster under chaos (`pnpm test:soak` only): three node processes on one PostgreSQL
// (behind a TCP proxy the test hangs and cuts) and one Redis, a GM's client on each node
// streaming commands and retrying each under its id as the web client does, a spectator's
// replica on each node; for CHAOS_MS, one fault after another at random: a node SIGSTOPped
// (0.5-6 s) or SIGKILLed and restarted, Redis restarted empty, PostgreSQL's connections cut
// or hung (1-5 s). Then, faults over: every acknowledged command stored once under its seq,
// one gapless sequence, and every replica on every node equal to storage.

const { unavailable, services, cleanup } = clusterTests();
const CHAOS_MS = Number(process.env.FATEBOARD_CHAOS_MS ?? 120_000);
/** How long one attempt waits for its answer before it is sent again (the client's timeout). */
const ATTEMPT_MS = 2000;

type Ok = Extract<Ack, { ok: true }>;

/** What every client did, for the report and the final check. */
class Tally {
  readonly acked = new Map<string, Ok>();
  readonly refused = new Map<string, number>();
  retried = 0;
  timeouts = 0;
  duplicatedAnswers = 0;

  answer(id: string, ack: Ack | 'timeout'): void {
    if (ack === 'timeout') {
      this.timeouts++;
      return;
    }
    if (!ack.ok) {
      this.refused.set(ack.code, (this.refused.get(ack.code) ?? 0) + 1);
      return;
    }
    const before = this.acked.get(id);
    if (before && before.seq !== ack.seq) this.duplicatedAnswers++;
    this.acked.set(id, ack);
  }
}

/** A GM's client on one node: sends aspect after aspect, each until acknowledged. */
async function stream(
  node: ClusterNode,
  token: string,
  label: string,
  tally: Tally,
  until: () => boolean,
): Promise<void> {
  const socket = reconnectingSocket(node.url, token);
  cleanup.push(() => socket.disconnect());
  const p = new Participant(socket, label);
  for (let n = 1; !until(); n++) {
    const id = `${label}-${n}`;
    const command = { id, type: 'aspect.add', kind: 'situation', text: id };
    // Sent under its id until acknowledged; only a refusal that says nothing was stored and
    // nothing will be (the rules') would end it, and an aspect.add meets none.
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) tally.retried++;
      let ack: Ack | 'timeout';
      try {
        ack = socket.connected
          ? ((await p.socket.timeout(ATTEMPT_MS).emitWithAck('command', command)) as Ack)
          : 'timeout';
      } catch {
        ack = 'timeout';
      }
      tally.answer(id, ack);
      if (ack !== 'timeout' && ack.ok) break;
      if (ack !== 'timeout' && !['storage', 'unknown-outcome', 'rate-limited'].includes(ack.code)) {
        throw new Error(`${id}: ${ack.code} ${ack.message}`);
      }
      await sleep(ack === 'timeout' ? 100 : 250);
    }
  }
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

/** A fault that lasts `ms`: `begin`, then `end`. */
async function during(ms: number, begin: () => void, end: () => void): Promise<void> {
  begin();
  await sleep(ms);
  end();
}

describe.skipIf(!SOAK || unavailable)('the cluster under chaos', () => {
  it(
    `loses nothing, stores nothing twice, and leaves no replica stale`,
    async () => {
      const { cluster, proxy, databaseUrl, close } = await services.startProxiedProcesses(3);
      cleanup.push(close);
      onTestFailed(() => console.error(`the nodes' last lines:\n${cluster.output()}`));
      const nodes = cluster.nodes;
      const table = await createTable(nodes[0]!.url);
      const replicas: Replica[] = [];
      for (const node of nodes) {
        const r = await openReplica(node.url, `table/${table.id}`, table.tokens.spectator);
        cleanup.push(() => r.destroy());
        replicas.push(r);
      }

      const tally = new Tally();
      const faults = new Map<string, number>();
      let over = false;
      const clients = nodes.map((node, i) =>
        stream(node, table.tokens.gm, `gm${i + 1}`, tally, () => over),
      );

      const start = performance.now();
      while (performance.now() - start < CHAOS_MS) {
        const fault = pick(['sigstop', 'sigkill', 'redis', 'pg-hang', 'pg-cut'] as const);
        faults.set(fault, (faults.get(fault) ?? 0) + 1);
        const node = pick(nodes);
        switch (fault) {
          case 'sigstop':
            await during(
              between(500, 6000),
              () => node.stop(),
              () => node.cont(),
            );
            break;
          case 'sigkill':
            await node.kill('SIGKILL');
            await sleep(between(500, 3000));
            await node.restart();
            break;
          case 'redis':
            await services.redis.restart({ downMs: Math.round(between(0, 3000)) });
            break;
          case 'pg-hang':
            await during(
              between(1000, 5000),
              () => proxy.hang(),
              () => proxy.heal(),
            );
            break;
          case 'pg-cut':
            proxy.cutAll();
            break;
        }
        await sleep(between(1000, 4000));
      }
      over = true;
      await Promise.all(clients);

      // The judge: PostgreSQL, read behind the proxy.
      const reader = await openPostgresStorage(databaseUrl);
      cleanup.push(() => reader.close());
      const sql = new pg.Client({ connectionString: databaseUrl });
      await sql.connect();
      cleanup.push(() => sql.end());
      const { rows } = await sql.query<{ command_id: string; seq: string }>(
        'SELECT command_id, seq FROM commands WHERE table_id = $1 ORDER BY seq',
        [table.id],
      );
      const seqs = rows.map((r) => Number(r.seq));
      const storedSeq = new Map(rows.map((r) => [r.command_id, Number(r.seq)]));
      const lost = [...tally.acked].filter(([id, ack]) => storedSeq.get(id) !== ack.seq);
      const pub = await storedPub(reader, table.id);
      const texts = readTable(pub).aspects.map((a) => a.text);
      const duplicated = texts.length - new Set(texts).size;
      let stale = 0;
      for (const replica of replicas) {
        try {
          await waitFor(() => samePub(pub, replica.doc), 'a replica equal to storage', 10_000);
        } catch {
          stale++;
        }
      }
      console.info(
        `chaos ${Math.round(CHAOS_MS / 1000)} s, faults ${JSON.stringify(Object.fromEntries(faults))}: ` +
          `acked ${tally.acked.size}, retried ${tally.retried} (timeouts ${tally.timeouts}), ` +
          `refused by code ${JSON.stringify(Object.fromEntries(tally.refused))}, stored ${rows.length}, ` +
          `lost ${lost.length}, duplicated ${duplicated + tally.duplicatedAnswers}, stale replicas ${stale}`,
      );
      expect(seqs, 'one gapless sequence').toEqual(seqs.map((_, i) => seqs[0]! + i));
      expect(lost, 'every acknowledged command stored under its seq').toEqual([]);
      expect(duplicated + tally.duplicatedAnswers, 'nothing stored twice').toBe(0);
      expect(texts.sort(), 'each stored command once in the document').toEqual(
        rows
          .map((r) => r.command_id)
          .filter((id) => id.startsWith('gm'))
          .sort(),
      );
      expect(stale, 'replicas equal to storage').toBe(0);
    },
    CHAOS_MS + 240_000,
  );
});
