import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { connectSocket, createTable, openReplica, samePub, waitFor } from '../test/harness';
import type { TestServer } from '../test/harness';
import { clusterTests, storedPub } from '../test/cluster-fixture';

// What a cluster does when what it stands on fails for a while: PostgreSQL stopped (the same
// storage-failure path as SQLite's full disk), and a node's Redis subscription cut (the
// updates published meanwhile never reach it, and it takes them from storage).

const { unavailable, services, cleanup, track } = clusterTests();

const texts = (doc: Parameters<typeof readTable>[0]) => readTable(doc).aspects.map((a) => a.text);

describe.skipIf(unavailable)('a cluster when what it stands on fails', () => {
  it('PostgreSQL stopped: commands refused with storage, nothing half-written, then it goes on', async () => {
    const cluster = await services.startCluster({ count: 2 });
    cleanup.push(() => cluster.close());
    const [one, two] = cluster.nodes as [TestServer, TestServer];
    const table = await createTable(one.url);
    const gm = track(await connectSocket(two.url, table.tokens.gm, 'gm'));
    const spectator = track(
      await openReplica(one.url, `table/${table.id}`, table.tokens.spectator),
    );
    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'Before' });

    await services.pg.halt();
    let refused;
    try {
      refused = await gm.send({
        id: 'lost-1',
        type: 'aspect.add',
        kind: 'situation',
        text: 'Lost',
      });
    } finally {
      await services.pg.resume();
    }
    // Refused, or unanswered because the table's connections were told to come back.
    if (refused.ok) throw new Error('a command was acknowledged while PostgreSQL was down');
    expect(refused.code).toBe('storage');
    expect(texts(await storedPub(cluster.reader, table.id))).toEqual(['Before']);

    // Back: the client's retry of the same command applies it once, and every replica agrees.
    let again;
    const back = Date.now();
    do {
      again = await gm
        .send({ id: 'lost-1', type: 'aspect.add', kind: 'situation', text: 'Lost' })
        .catch(() => undefined);
      if (!again?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
    } while (!again?.ok && Date.now() - back < 20_000);
    expect(again).toMatchObject({ ok: true });
    expect(texts(await storedPub(cluster.reader, table.id))).toEqual(['Before', 'Lost']);
    await waitFor(() => texts(spectator.doc).length === 2, 'the replica after the outage', 20_000);
    expect(samePub(await storedPub(cluster.reader, table.id), spectator.doc)).toBe(true);
  }, 60_000);

  it('a node whose Redis subscription was cut takes what it missed from storage', async () => {
    const cluster = await services.startCluster({ count: 2 });
    cleanup.push(() => cluster.close());
    const [one, two] = cluster.nodes as [TestServer, TestServer];
    const table = await createTable(one.url);
    const gm = track(await connectSocket(one.url, table.tokens.gm, 'gm'));
    // Node 1 writes the table; node 2 follows it for its spectator.
    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'Aspect 0' });
    const spectator = track(
      await openReplica(two.url, `table/${table.id}`, table.tokens.spectator),
    );
    await waitFor(() => texts(spectator.doc).length === 1, 'the first aspect on node 2');

    // Every subscriber connection is cut; the writer publishes while node 2 reconnects.
    const admin = new Redis(services.redis.url);
    cleanup.push(() => admin.disconnect());
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    const acks = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gm.ok({ type: 'aspect.add', kind: 'situation', text: `Aspect ${i + 1}` }),
      ),
    );
    expect(acks.every((a) => a.ok)).toBe(true);
    await waitFor(() => texts(spectator.doc).length === 11, 'node 2 caught up', 20_000);
    expect(samePub(await storedPub(cluster.reader, table.id), spectator.doc)).toBe(true);
  }, 60_000);
});
