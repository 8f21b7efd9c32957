import { expect, onTestFailed } from 'vitest';
import pg from 'pg';
import type * as Y from 'yjs';
import { readTable } from '@fateboard/table';
import type { Ack } from '@fateboard/table';
import { openPostgresStorage } from '../storage';
import type { Storage } from '../storage';
import {
  Participant,
  createTable,
  openReplica,
  reconnectingSocket,
  samePub,
  sleep,
  waitFor,
} from './harness';
import type { Replica } from './harness';
import { LEASE_MS, startClusterNodes } from './cluster-nodes';
import { clusterTests, leaseOf, storedPub } from './cluster-fixture';
import { fateCoreSheet } from './sheets';

// What the failover tests (cluster/failover-*.test.ts) share: node processes on a fresh
// database, clients that reconnect and retry a command under its id as the app's client does,
// a journal of what was acknowledged and the check that PostgreSQL holds exactly that, the
// lease's holder watched over time. The load balancer in front of them: round-robin.ts.

/**
 * Failover must take less than this from the owner's death (docs/SCALING.md): its lease's TTL
 * (the lease outlives its holder by up to that), then a claim and a load.
 */
export const FAILOVER_MS = LEASE_MS + 1500;
/** How long one attempt of a command waits for its acknowledgement before the retry. */
export const ATTEMPT_MS = 1000;

type Ok = Extract<Ack, { ok: true }>;
type Command = Record<string, unknown> & { id: string; type: string };

/** One attempt: the acknowledgement, or 'timeout' after `timeoutMs`. */
export async function attempt(p: Participant, command: Command, timeoutMs = ATTEMPT_MS) {
  try {
    return (await p.socket.timeout(timeoutMs).emitWithAck('command', command)) as Ack;
  } catch {
    return 'timeout' as const;
  }
}

/**
 * Every command sent, by id, with its acknowledgement once it has one: what PostgreSQL must
 * hold at the end. Each command adds a situation aspect named after its id (or makes a
 * character), so that the stored document shows each one's effect, once.
 */
export class Journal {
  readonly acked = new Map<string, Ok>();
  readonly sent = new Map<string, Command>();
  private n = 0;

  aspect(label: string): Command {
    const id = `${label}-${++this.n}`;
    const command = { id, type: 'aspect.add', kind: 'situation', text: id };
    this.sent.set(id, command);
    return command;
  }

  character(label: string): Command {
    const id = `${label}-${++this.n}`;
    const command = { id, type: 'character.create', character: fateCoreSheet(id, 'Bold', 'Bad') };
    this.sent.set(id, command);
    return command;
  }

  note(id: string, ack: Ack | 'timeout'): void {
    if (ack === 'timeout' || !ack.ok) return;
    const before = this.acked.get(id);
    // A retry of an acknowledged command answers what its first attempt did.
    if (before) expect(ack, `the retry of ${id}`).toEqual(before);
    this.acked.set(id, ack);
  }

  /**
   * Sends until acknowledged, retrying under the same id on a `storage` refusal or a timeout;
   * answers the acknowledgement and when it came (performance.now()).
   */
  async until(
    p: Participant,
    command: Command,
    withinMs = 15_000,
  ): Promise<{ ack: Ok; at: number; attempts: number }> {
    const start = performance.now();
    for (let attempts = 1; ; attempts++) {
      const ack = await attempt(p, command);
      this.note(command.id, ack);
      if (ack !== 'timeout' && ack.ok) return { ack, at: performance.now(), attempts };
      if (ack !== 'timeout' && ack.code !== 'storage') {
        throw new Error(`${command.id} refused: ${ack.code} ${ack.message}`);
      }
      if (performance.now() - start > withinMs) {
        throw new Error(`${command.id} not acknowledged in ${withinMs} ms: ${JSON.stringify(ack)}`);
      }
      await sleep(100);
    }
  }

  /** `until` for a command that needs no retry. */
  async ok(p: Participant, command: Command): Promise<Ok> {
    return (await this.until(p, command, 0)).ack;
  }
}

/**
 * What PostgreSQL holds agrees with the journal: one gapless sequence; every acknowledged
 * command stored under its acknowledged seq; every stored command's effect in the stored
 * document exactly once. Answers the stored document.
 */
export async function checkStored(
  journal: Journal,
  reader: Storage,
  sql: pg.Client,
  tableId: string,
): Promise<Y.Doc> {
  const { rows } = await sql.query<{ command_id: string; seq: string; type: string }>(
    'SELECT command_id, seq, type FROM commands WHERE table_id = $1 ORDER BY seq',
    [tableId],
  );
  const seqs = rows.map((r) => Number(r.seq));
  expect(new Set(seqs).size, 'seqs unique').toBe(seqs.length);
  expect(seqs, 'one gapless sequence').toEqual(seqs.map((_, i) => seqs[0]! + i));
  const storedSeq = new Map(rows.map((r) => [r.command_id, Number(r.seq)]));
  for (const [id, ack] of journal.acked) {
    expect(storedSeq.get(id), `acknowledged ${id} stored under its seq`).toBe(ack.seq);
  }
  const pub = await storedPub(reader, tableId);
  const table = readTable(pub);
  const aspects = table.aspects.map((a) => a.text).sort();
  const storedAspects = rows
    .filter((r) => r.type === 'aspect.add')
    .map((r) => r.command_id)
    .sort();
  expect(aspects, 'each stored aspect.add once in the document').toEqual(storedAspects);
  const characters = table.characters.map((c) => c.name).sort();
  const storedCharacters = rows
    .filter((r) => r.type === 'character.create')
    .map((r) => r.command_id)
    .sort();
  expect(characters, 'each stored character.create once').toEqual(storedCharacters);
  return pub;
}

/** Every replica ends up with what is stored (the same state vector and content). */
export async function converge(stored: Y.Doc, replicas: Record<string, Replica>): Promise<void> {
  for (const [name, r] of Object.entries(replicas)) {
    await waitFor(() => samePub(stored, r.doc), `the replica on ${name} to converge`, 5000);
  }
}

export const ms = (x: number) => Math.round(x);

/**
 * What a failover test file sets up: the services (skipped when `unavailable`), `cleanup`, and
 * the helpers that leave what they open to it.
 */
export function failoverTests() {
  const { unavailable, services, cleanup } = clusterTests();

  /** Three (or `count`) node processes on a fresh database, and what reads it behind them. */
  async function startNodes(count = 3) {
    const databaseUrl = await services.pg.createDatabase();
    const cluster = await startClusterNodes({ count, databaseUrl, redisUrl: services.redis.url });
    cleanup.push(() => cluster.close());
    onTestFailed(() => console.error(`the nodes' last lines:\n${cluster.output()}`));
    const reader = await openPostgresStorage(databaseUrl);
    cleanup.push(() => reader.close());
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    cleanup.push(() => sql.end());
    return { cluster, nodes: cluster.nodes, reader, sql, databaseUrl };
  }

  /** A socket.io participant that reconnects on its own, as the app's does. */
  function connect(url: string, token: string, name: string): Promise<Participant> {
    const socket = reconnectingSocket(url, token);
    cleanup.push(() => socket.disconnect());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not connect`)), 10_000);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(new Participant(socket, name));
      });
    });
  }

  async function replica(url: string, name: string, token: string): Promise<Replica> {
    const r = await openReplica(url, name, token);
    cleanup.push(() => r.destroy());
    return r;
  }

  /** The table's lease holder as PostgreSQL names it (its node's NODE_ID), polled in the background. */
  function watchLease(databaseUrl: string, tableId: string) {
    const changes: { at: number; node: string | undefined; epoch: number | undefined }[] = [];
    let stopped = false;
    const poll = async () => {
      while (!stopped) {
        const lease = await leaseOf(databaseUrl, tableId).catch(() => ({
          node: 'error',
          epoch: undefined,
        }));
        const node = lease?.node;
        const epoch = lease?.epoch;
        const last = changes[changes.length - 1];
        if (!last || last.node !== node || last.epoch !== epoch) {
          changes.push({ at: performance.now(), node, epoch });
        }
        await sleep(20);
      }
    };
    const polling = poll();
    cleanup.push(async () => {
      stopped = true;
      await polling;
    });
    return {
      changes,
      /** When the leases first named a holder other than `node` after `since`. */
      movedFrom(node: string, since: number): number | undefined {
        return changes.find((c) => c.at >= since && c.node !== undefined && c.node !== node)?.at;
      },
      holder: () => changes[changes.length - 1],
    };
  }

  /**
   * `count` node processes and a table node 1 writes (its first command came through node 1): its
   * GM on nodes 1 and 2, a spectator on each node of `watchedOn`, its lease watched.
   */
  async function writtenByNodeOne(count: number, watchedOn: number[]) {
    const started = await startNodes(count);
    const { nodes, databaseUrl } = started;
    const table = await createTable(nodes[0]!.url);
    const journal = new Journal();
    const gmOnOne = await connect(nodes[0]!.url, table.tokens.gm, 'gm1');
    const gmOnTwo = await connect(nodes[1]!.url, table.tokens.gm, 'gm2');
    const spectators: Record<string, Replica> = {};
    for (const n of watchedOn) {
      spectators[`node ${n}`] = await replica(
        nodes[n - 1]!.url,
        `table/${table.id}`,
        table.tokens.spectator,
      );
    }
    const lease = watchLease(databaseUrl, table.id);
    await journal.ok(gmOnOne, journal.aspect('first'));
    await waitFor(() => lease.holder()?.node === 'node-1', 'node 1 holding the lease');
    return { ...started, table, journal, gmOnOne, gmOnTwo, spectators, lease };
  }

  return {
    unavailable,
    services,
    cleanup,
    startNodes,
    connect,
    replica,
    watchLease,
    writtenByNodeOne,
  };
}
