import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readTable } from '@fateboard/table';
import {
  RawYjs,
  connectSocket,
  createTable,
  openReplica as openSynced,
  samePub,
} from '../test/harness';
import type { Participant, Replica } from '../test/harness';
import { serverPerTest } from '../test/per-test';
import { NotStoredError, openSqliteStorage } from '../storage';
import type { Storage } from '../storage';
import { readStored } from './stored';
import { until as waitFor } from './support';

// Guarantee 9: when SQLite cannot write, a command is refused with code `storage` and is not
// acknowledged, nobody sees its change, the live table stays as stored, and the table works
// again as soon as the disk does. Failures come from SQLite itself (a trigger that raises
// the error SQLite gives on a full disk or a read-only file, inside the server's own
// transaction) and from a storage that fails every call, reads included.

const t = serverPerTest();

/** A replica, synced, with a deadline for a loaded machine. */
const openReplica = (url: string, name: string, token: string): Promise<Replica> =>
  openSynced(url, name, token, 30_000);

function track<T extends Participant | Replica | RawYjs>(x: T): T {
  t.later(() => ('destroy' in x ? x.destroy() : x.close()));
  return x;
}

/** A second connection to the same file, the way an operator's tool (or a full disk) would. */
function sqlite(dataDir: string): Database.Database {
  const db = new Database(join(dataDir, 'fateboard.sqlite'));
  t.later(() => db.close());
  return db;
}

async function setUp(options: Parameters<typeof t.start>[0] = {}) {
  const server = await t.start(options);
  const table = await createTable(server.url);
  const name = `table/${table.id}`;
  const gm = track(await connectSocket(server.url, table.tokens.gm, 'gm'));
  const replica = track(await openReplica(server.url, name, table.tokens.spectator));
  await gm.ok({ id: 'before', type: 'aspect.add', kind: 'situation', text: 'Before' });
  await waitFor(() => readTable(replica.doc).aspects.length === 1, 'the first aspect');
  const frames = track(await RawYjs.open(server.url, name, table.tokens.player));
  await frames.barrier();
  return { table, name, gm, replica, frames };
}

describe('storage failure', () => {
  for (const [what, statement, message] of [
    ['a full disk while storing the update', 'updates', 'database or disk is full'],
    [
      'a read-only file while storing the command row',
      'commands',
      'attempt to write a readonly database',
    ],
  ] as const) {
    it(`${what}: refused, not acknowledged, nothing seen, then recovered`, async () => {
      const { table, name, gm, replica, frames } = await setUp();
      const db = sqlite(t.server.dataDir);
      const stored = readStored(t.server.dataDir, table.id);
      const seen = frames.frames.length;
      db.exec(
        `CREATE TRIGGER guarantees_fail BEFORE INSERT ON ${statement} BEGIN SELECT RAISE(ABORT, '${message}'); END`,
      );
      const refused = await gm.send({
        id: 'lost',
        type: 'aspect.add',
        kind: 'situation',
        text: 'Lost',
      });
      expect(refused).toMatchObject({ ok: false, code: 'storage' });
      expect((refused as { message: string }).message).toMatch(/could not be saved/);
      // Also a seat: a join needs its row and its token in the same transaction.
      const joiner = track(await connectSocket(t.server.url, table.tokens.player, 'joiner'));
      expect(await joiner.send({ id: 'join-lost', type: 'join', name: 'Nobody' })).toMatchObject({
        ok: false,
        code: 'storage',
      });
      await frames.barrier();
      expect(frames.frames.length).toBe(seen);
      const after = readStored(t.server.dataDir, table.id);
      expect(after.commands.length).toBe(stored.commands.length);
      expect(samePub(after.pub, stored.pub)).toBe(true);
      // The live table is what is stored: a fresh replica loads it from the server's memory.
      const fresh = track(await openReplica(t.server.url, name, table.tokens.spectator));
      expect(samePub(fresh.doc, stored.pub)).toBe(true);
      expect(readTable(replica.doc).aspects.map((a) => a.text)).toEqual(['Before']);

      db.exec('DROP TRIGGER guarantees_fail');
      // The refused command was never acknowledged, so its retry applies now, once.
      await gm.ok({ id: 'lost', type: 'aspect.add', kind: 'situation', text: 'Lost' });
      await joiner.ok({ id: 'join-lost', type: 'join', name: 'Somebody' });
      await waitFor(() => readTable(replica.doc).aspects.length === 2, 'the retried aspect');
      await waitFor(
        () => samePub(readStored(t.server.dataDir, table.id).pub, replica.doc),
        'convergence',
      );
      expect(readStored(t.server.dataDir, table.id).commands.map((c) => c.commandId)).toEqual([
        'before',
        'lost',
        'join-lost',
      ]);
    });
  }

  for (const [what, reads] of [
    ['a storage that fails every call', true],
    ['a storage whose writes and document loads fail (the reload after a failed write)', false],
  ] as const)
    it(`${what}: refused, the process stays up, then recovered`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'fateboard-gone-'));
      const real = openSqliteStorage(dataDir);
      t.later(() => void real.close());
      let gone = false;
      const failing =
        <A extends unknown[], R>(f: (...args: A) => Promise<R>, always = reads) =>
        async (...args: A): Promise<R> => {
          if (gone && always) throw new Error('SQLITE_IOERR: disk I/O error');
          return f(...args);
        };
      // SQLite's failed commit rolled its transaction back: nothing stored, for certain.
      const notStored = failing(real.commit, true);
      const commit: Storage['commit'] = (batches) =>
        notStored(batches).catch((error: unknown) => {
          throw new NotStoredError(error);
        });
      const storage: Storage = {
        createTable: failing(real.createTable, true),
        getTable: failing(real.getTable),
        findToken: failing(real.findToken),
        rotateLinks: failing(real.rotateLinks, true),
        sealedLinks: failing(real.sealedLinks),
        putClaim: failing(real.putClaim, true),
        findClaim: failing(real.findClaim),
        claims: failing(real.claims),
        dropClaim: failing(real.dropClaim, true),
        findCommands: failing(real.findCommands),
        commit,
        loadDocuments: failing(real.loadDocuments, true),
        compact: failing(real.compact),
        findChat: failing(real.findChat),
        readChat: failing(real.readChat),
        tableBytes: failing(real.tableBytes),
        putImage: failing(real.putImage, true),
        readImage: failing(real.readImage),
        fullImages: failing(real.fullImages),
        dropImages: failing(real.dropImages, true),
        close: real.close,
      };
      const { table, name, gm, replica, frames } = await setUp({
        dataDir,
        storage,
        // Compact on every unload: a dropped room must not compact its unsaved change into storage.
        limits: { compactAfter: 0 },
      });
      const stored = readStored(dataDir, table.id);
      const seen = frames.frames.length;
      gone = true;
      expect(
        await gm.send({ id: 'x1', type: 'aspect.add', kind: 'situation', text: 'Lost' }),
      ).toMatchObject({ ok: false, code: 'storage' });
      await frames.barrier();
      expect(frames.frames.length).toBe(seen);
      if (!reads) {
        // The write failed and so did the reload: the room is dropped and its connections
        // told to come back (socket.io: `closed` with `unavailable`; y-websocket: 1013).
        await waitFor(() => gm.closed?.code === 'unavailable', 'the notice');
        await waitFor(() => frames.closed?.code === 1013, 'the y-websocket close');
        // Dropping the room compacted nothing of the unsaved change into storage.
        expect(readTable(readStored(dataDir, table.id).pub).aspects.map((a) => a.text)).toEqual([
          'Before',
        ]);
      }
      // While the disk is gone, new connections are refused cleanly and the process answers.
      const raw = track(await RawYjs.open(t.server.url, name, table.tokens.spectator));
      await waitFor(() => raw.closed !== undefined, 'the refusal');
      expect(raw.closed?.code).toBe(1013);
      const health = await fetch(`${t.server.url}/healthz`);
      expect(health.status).toBe(200);
      const created = await fetch(`${t.server.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', ruleset: 'fate-core' }),
      });
      expect(created.status).toBe(500);
      expect(readTable(replica.doc).aspects.map((a) => a.text)).toEqual(['Before']);

      gone = false;
      // The replica reconnects by itself; a new connection sends the retry, which applies once.
      const gmAgain = track(await connectSocket(t.server.url, table.tokens.gm, 'gm2'));
      await gmAgain.ok({ id: 'x1', type: 'aspect.add', kind: 'situation', text: 'Kept' });
      await waitFor(
        () =>
          readTable(replica.doc)
            .aspects.map((a) => a.text)
            .join() === 'Before,Kept',
        'recovery',
        20_000,
      );
      const after = readStored(dataDir, table.id);
      expect(after.commands.map((c) => c.commandId)).toEqual(['before', 'x1']);
      expect(Y.encodeStateVector(after.pub)).not.toEqual(Y.encodeStateVector(stored.pub));
      await waitFor(() => samePub(readStored(dataDir, table.id).pub, replica.doc), 'convergence');
      const fresh = track(await openReplica(t.server.url, name, table.tokens.spectator));
      expect(samePub(fresh.doc, replica.doc)).toBe(true);
    }, 60_000);
});
