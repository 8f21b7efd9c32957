import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { NotStoredError, openSqliteStorage } from '../storage';
import type { Storage } from '../storage';
import {
  TestServer,
  connectSocket,
  createTable,
  openReplica,
  storedDocs,
  samePub,
  waitFor,
} from '../test/harness';

// Group commit over real sockets: a burst is acknowledged in order in fewer commits, and a
// replica that joins mid-commit reads only what is stored.

describe('group commit over real sockets', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('a burst of commands is acknowledged in order, in fewer commits, and every replica agrees', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const gmSocket = await connectSocket(server.url, table.tokens.gm, 'gm');
    const replica = await openReplica(server.url, `table/${table.id}`, table.tokens.spectator);
    const before = server.server.commitStats();
    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        gmSocket.ok({ type: 'aspect.add', kind: 'situation', text: `Burst ${i}` }),
      ),
    );
    const after = server.server.commitStats();
    expect(acks.map((a) => a.seq)).toEqual(acks.map((_, i) => acks[0]!.seq + i));
    expect(after.commands - before.commands).toBe(30);
    expect(after.batches - before.batches).toBeLessThan(30);
    await waitFor(() => readTable(replica.doc).aspects.length === 30, 'the burst on the replica');
    const texts = readTable(replica.doc).aspects.map((a) => a.text);
    expect(texts.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `Burst ${i}`).sort());
    // The replica holds exactly what is stored.
    expect(samePub(storedDocs(server.dataDir, table.id).pub, replica.doc)).toBe(true);
    gmSocket.close();
    replica.destroy();
  });

  it('a replica that joins while a batch is being stored gets its change only once stored, and never a failed one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fateboard-barrier-'));
    const real = openSqliteStorage(dataDir);
    let hold: Promise<void> | undefined;
    let entered = false;
    let fail = false;
    // A slow database: the commit waits (as a network round trip does) with the batch applied.
    const slow: Storage = {
      ...real,
      commit: async (batches) => {
        entered = true;
        if (hold) await hold;
        if (fail) throw new NotStoredError(new Error('connection terminated'));
        return real.commit(batches);
      },
    };
    server = await TestServer.start({ dataDir, storage: slow });
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const gmSocket = await connectSocket(server.url, table.tokens.gm, 'gm');
    await gmSocket.ok({ type: 'aspect.add', kind: 'situation', text: 'Stored' });
    const aspectsOf = (replica: { doc: Parameters<typeof readTable>[0] }) =>
      readTable(replica.doc).aspects.map((a) => a.text);

    for (const outcome of ['failed', 'stored'] as const) {
      let open = () => {};
      hold = new Promise<void>((resolve) => (open = resolve));
      entered = false;
      fail = outcome === 'failed';
      const sent = gmSocket.send({ type: 'aspect.add', kind: 'situation', text: outcome });
      await waitFor(() => entered, 'the batch in its commit');
      // Joins now: its sync request waits for the batch instead of reading the applied change.
      const joining = openReplica(server.url, name, table.tokens.spectator);
      let joined = false;
      void joining.then(() => (joined = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(joined).toBe(false);
      hold = undefined;
      open();
      const ack = await sent;
      const replica = await joining;
      if (outcome === 'failed') {
        expect(ack).toMatchObject({ ok: false, code: 'storage' });
        expect(aspectsOf(replica)).toEqual(['Stored']);
      } else {
        expect(ack).toMatchObject({ ok: true });
        expect(aspectsOf(replica)).toEqual(['Stored', 'stored']);
      }
      // What it holds is exactly what is stored.
      expect(samePub(storedDocs(dataDir, table.id).pub, replica.doc)).toBe(true);
      replica.destroy();
    }
    gmSocket.close();
    await server.stop();
    server = undefined;
    await real.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
