import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { readTable } from '@fateboard/table';
import { connectSocket, createTable, openReplica, samePub, sleep, waitFor } from '../test/harness';
import type { TestServer } from '../test/harness';
import {
  UPDATE_FRAME_WIRE,
  clusterTests,
  counter,
  expireLease,
  storedPub,
  tableWithGms,
} from '../test/cluster-fixture';
import { COMMIT_AT_ONCE } from '../storage/postgres-at-once';

// Followers are exact: every replica a node serves ends equal to what storage holds, whatever
// happened to the node's lease or to the messages between the nodes, and without waiting for
// a later command to show that something is missing. A TCP proxy in front of one node's
// PostgreSQL or Redis holds its commit or loses its message at the chosen moment.

const { unavailable, services, cleanup, track } = clusterTests();

const texts = (doc: Y.Doc) => readTable(doc).aspects.map((a) => a.text);
const aspect = (text: string) => ({ id: text, type: 'aspect.add', kind: 'situation', text });

describe.skipIf(unavailable)('followers are exact', () => {
  it('a writer that loses its lease with a commit under way brings its own spectators to what is stored', async () => {
    const cluster = await services.startProxied('postgres', { count: 2 });
    cleanup.push(() => cluster.close());
    const { proxy } = cluster;
    const { one, two, table, gmOne, gmTwo } = await tableWithGms(cluster, track);
    const name = `table/${table.id}`;
    const spectatorOne = track(await openReplica(one.url, name, table.tokens.spectator));
    const spectatorTwo = track(await openReplica(two.url, name, table.tokens.spectator));
    // Node 1 writes the table.
    for (const text of ['a1', 'a2', 'a3']) await gmOne.ok(aspect(text));

    // Its next commit is held on the way to PostgreSQL with three commands applied in memory.
    const held = proxy.holdNext(COMMIT_AT_ONCE);
    const late = ['held-1', 'held-2', 'held-3'].map((text) => gmOne.send(aspect(text)));
    await held;
    // Meanwhile its lease ends (a stall), and node 2 writes five commands: seqs 4 to 8, past
    // what node 1 applied without storing.
    await expireLease(cluster.databaseUrl, table.id);
    for (let i = 0; (await counter(one.url, 'fateboard_lease_changes_total', 'lost')) === 0; i++) {
      if (i > 50) throw new Error('node 1 kept its lease');
      await sleep(100);
    }
    for (const text of ['b1', 'b2', 'b3', 'b4', 'b5']) await gmTwo.untilOk(aspect(text));
    proxy.release();
    // The held commands are fenced out on node 1 and written by node 2 (or refused).
    await Promise.all(late);

    const stored = await storedPub(cluster.reader, table.id);
    expect(texts(stored).slice(0, 8)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'b4', 'b5']);
    for (const [where, replica] of [
      ['node 1', spectatorOne],
      ['node 2', spectatorTwo],
    ] as const) {
      await waitFor(() => samePub(stored, replica.doc), `the spectator on ${where}`, 3000);
    }
    // Still equal a moment later, and a fresh replica on node 1 agrees.
    await sleep(500);
    expect(samePub(stored, spectatorOne.doc)).toBe(true);
    const fresh = track(await openReplica(one.url, name, table.tokens.spectator));
    expect(samePub(stored, fresh.doc)).toBe(true);
  }, 60_000);

  it('an update lost on its way to the other nodes reaches them within 2 s, with nothing after it', async () => {
    const cluster = await services.startProxied('redis', { count: 2 });
    cleanup.push(() => cluster.close());
    const { proxy } = cluster;
    const [one, two] = cluster.nodes as [TestServer, TestServer];
    const table = await createTable(one.url);
    const gm = track(await connectSocket(one.url, table.tokens.gm, 'gm'));
    const spectator = track(
      await openReplica(two.url, `table/${table.id}`, table.tokens.spectator),
    );
    await gm.ok(aspect('first'));
    await waitFor(() => texts(spectator.doc).includes('first'), 'the first update on node 2');

    // The writer's publish of the next update is lost with its connection to Redis.
    const dropped = proxy.dropNext(UPDATE_FRAME_WIRE);
    await gm.ok(aspect('lost'));
    await dropped;
    const committed = performance.now();
    await waitFor(() => texts(spectator.doc).includes('lost'), 'the lost update on node 2', 2500);
    console.info(
      `a lost update reached the other node ${Math.round(performance.now() - committed)} ms after its commit`,
    );
    expect(samePub(await storedPub(cluster.reader, table.id), spectator.doc)).toBe(true);
  }, 60_000);
});
