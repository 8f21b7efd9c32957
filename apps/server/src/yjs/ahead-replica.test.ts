import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CLOSE, readTable } from '@fateboard/table';
import {
  Replica,
  connectSocket,
  createTable,
  openReplica,
  samePub,
  waitFor,
} from '../test/harness';
import type { TestServer } from '../test/harness';
import { UPDATE_FRAME_WIRE, clusterTests, storedPub } from '../test/cluster-fixture';

// A replica can be ahead of the node it connects to: the writer served it an update that never
// reached this node (the writer died, or its publish was lost, before a heartbeat told the
// followers). The node catches up with storage before it answers, rather than closing the
// replica as if it came from another epoch.

const { unavailable, services, cleanup, track } = clusterTests();

const texts = (doc: Y.Doc) => readTable(doc).aspects.map((a) => a.text);
const aspect = (text: string) => ({ id: text, type: 'aspect.add', kind: 'situation', text });

describe.skipIf(unavailable)('a replica ahead of its node', () => {
  it('is answered after the node catches up with storage, not closed as another epoch', async () => {
    const cluster = await services.startProxied('redis', { count: 2 });
    cleanup.push(() => cluster.close());
    const { proxy } = cluster;
    const [one, two] = cluster.nodes as [TestServer, TestServer];
    const table = await createTable(one.url);
    const name = `table/${table.id}`;
    const gm = track(await connectSocket(one.url, table.tokens.gm, 'gm'));
    const onWriter = track(await openReplica(one.url, name, table.tokens.spectator));
    const onFollower = track(await openReplica(two.url, name, table.tokens.spectator));
    await gm.ok(aspect('first'));
    await waitFor(() => texts(onFollower.doc).includes('first'), 'the first update on node 2');

    // The writer's publish of the next update is lost, and then the writer falls silent (no
    // heartbeat tells node 2): node 2 lags storage while node 1's replica holds the update.
    const dropped = proxy.dropNext(UPDATE_FRAME_WIRE);
    await gm.ok(aspect('lost'));
    await dropped;
    proxy.hang();
    cleanup.push(() => proxy.heal()); // before the nodes stop: they say goodbye through Redis
    await waitFor(() => texts(onWriter.doc).includes('lost'), 'the lost update on node 1');
    expect(texts(onFollower.doc)).toEqual(['first']);

    // The writer's replica moves to node 2 (as a browser does when its node goes away).
    const moved = new Replica(two.url, name, table.tokens.spectator);
    track(moved);
    Y.applyUpdate(moved.doc, Y.encodeStateAsUpdate(onWriter.doc));
    await moved.synced(5000);

    expect(moved.closeEvents.map((e) => e.code)).not.toContain(CLOSE.rebuilt);
    const stored = await storedPub(cluster.reader, table.id);
    expect(texts(stored)).toEqual(['first', 'lost']);
    expect(samePub(stored, moved.doc)).toBe(true);
    // The catch-up reached the replicas node 2 already served too.
    await waitFor(() => samePub(stored, onFollower.doc), 'the older replica on node 2', 2000);
  }, 60_000);
});
