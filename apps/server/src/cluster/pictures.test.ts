import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, readTable } from '@fateboard/table';
import { connectSocket, createTable, openReplica, sleep, waitFor } from '../test/harness';
import type { TestServer } from '../test/harness';
import { clusterTests } from '../test/cluster-fixture';
import { pngPicture } from '../test/png';

// Pictures in cluster mode, three nodes in this process on a real PostgreSQL and Redis: a
// picture uploaded through one node is stored in PostgreSQL, never on that node's disk, and
// read through any other; a handout pushed through one node shows on a spectator's screen
// served by another, and its picture opens for that spectator there; removed, its picture is
// dropped from PostgreSQL by the table's writer once its grace is over.

const { unavailable, services, cleanup, track } = clusterTests();

/** Every file under `dir` (a node's data directory), read whole. */
function filesUnder(dir: string): Buffer[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path)];
  });
}

async function read(node: TestServer, tableId: string, hash: string, token: string) {
  const response = await fetch(`${node.url}/api/tables/${tableId}/images/${hash}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe.skipIf(unavailable)('pictures on a cluster of three nodes', () => {
  it('upload through one node, read through the others, a handout pushed to a spectator on a third, then dropped', async () => {
    let now = 1_800_000_000_000;
    const cluster = await services.startCluster({
      count: 3,
      // The maintenance that drops unnamed pictures after every command, on the test's clock.
      server: { clock: () => now, limits: { rebuildCheckEvery: 1 } },
    });
    cleanup.push(() => cluster.close());
    const [one, two, three] = cluster.nodes as [TestServer, TestServer, TestServer];
    const table = await createTable(one.url);
    const gm = track(await connectSocket(one.url, table.tokens.gm, 'gm'));
    const spectator = track(
      await openReplica(three.url, `table/${table.id}`, table.tokens.spectator),
    );

    const response = await fetch(`${one.url}/api/tables/${table.id}/images?kind=handout`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${table.tokens.gm}` },
      body: pngPicture(640, 400, [180, 40, 40], [240, 220, 180]),
    });
    expect(response.status).toBe(201);
    const { hash } = (await response.json()) as { hash: string };

    // Stored in PostgreSQL: what the cluster's database holds is what every node serves.
    const stored = await cluster.reader.readImage(table.id, hash, 'full');
    expect(stored?.hash).toBe(hash);
    const fromDb = Buffer.from(stored!.bytes);
    for (const node of [one, two, three]) {
      const got = await read(node, table.id, hash, table.tokens.gm);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(fromDb)).toBe(true);
    }
    // On no node's disk.
    for (const node of [one, two, three]) {
      for (const file of filesUnder(node.dataDir)) expect(file.includes(fromDb)).toBe(false);
    }

    // Prepared through node 1: the spectator on node 3 sees nothing of it, and cannot open it.
    const prepared = await gm.ok({ type: 'handout.prepare', image: hash, title: 'Wanted: Vex' });
    const handoutId = (prepared.result as { handoutId: string }).handoutId;
    expect(readTable(spectator.doc).handout).toBeNull();
    expect((await read(three, table.id, hash, table.tokens.spectator)).status).toBe(404);

    // Pushed through node 1: it shows on node 3.
    await gm.ok({ type: 'handout.push', handoutId });
    await waitFor(
      () => readTable(spectator.doc).handout?.image === hash,
      'the handout on the spectator’s screen on node 3',
      5000,
    );
    expect(readTable(spectator.doc).handout?.title).toBe('Wanted: Vex');
    const seen = await read(three, table.id, hash, table.tokens.spectator);
    expect(seen.status).toBe(200);
    expect(seen.bytes.equals(fromDb)).toBe(true);

    // Removed through node 2, past its grace: the writer drops it from PostgreSQL, and no node
    // serves it any more.
    const gmTwo = track(await connectSocket(two.url, table.tokens.gm, 'gm2'));
    await gmTwo.ok({ type: 'handout.remove', handoutId });
    now += IMAGE_LIMITS.unnamedGraceMs + 1000;
    await gmTwo.ok({ type: 'gm.note', text: 'Later' });
    await gmTwo.ok({ type: 'gm.note', text: 'Later still' });
    for (let i = 0; (await cluster.reader.readImage(table.id, hash, 'full')) !== undefined; i++) {
      if (i > 50) throw new Error('the picture stayed in PostgreSQL');
      await sleep(100);
    }
    for (const node of [one, two, three]) {
      expect((await read(node, table.id, hash, table.tokens.gm)).status).toBe(404);
    }
  }, 60_000);
});
