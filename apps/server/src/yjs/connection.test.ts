import { describe, expect, it } from 'vitest';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { readTable } from '@fateboard/table';
import {
  RawYjs,
  createTable,
  openReplica,
  samePub,
  storedDocs,
  waitFor,
  yjsMessage,
} from '../test/harness';
import { serverPerTest } from '../test/per-test';

const t = serverPerTest();

/** A well-formed Yjs update that would add a seat, if anyone applied it. */
function forgedUpdate(): Uint8Array {
  const doc = new Y.Doc();
  const seat = new Y.Map<unknown>();
  doc.getMap('seats').set('intruder', seat);
  seat.set('id', 'intruder');
  seat.set('name', 'Intruder');
  return Y.encodeStateAsUpdate(doc);
}

describe('y-websocket connections are read-only', () => {
  it("a spectator's sync step 2 and update messages change nothing and reach nobody", async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const gmReplica = await t.replica(name, table.tokens.gm);
    const watcher = await t.raw(name, table.tokens.player);
    const spectator = await t.raw(name, table.tokens.spectator);
    await watcher.barrier();
    const watcherFrames = watcher.frames.length;

    const update = forgedUpdate();
    const garbage = new Uint8Array(2000).fill(0xff);
    for (let i = 0; i < 50; i++) {
      spectator.send(yjsMessage(0, 1, update)); // sync step 2
      spectator.send(yjsMessage(0, 2, update)); // update
      spectator.send(yjsMessage(0, 2, garbage)); // an update no decoder should ever see
      spectator.send(yjsMessage(1, garbage)); // awareness from a spectator: dropped
    }
    await spectator.barrier();
    await watcher.barrier();
    expect(spectator.closed).toBeUndefined();
    expect(watcher.frames.length).toBe(watcherFrames);
    expect(readTable(gmReplica.doc).seats).toEqual([]);
    expect(readTable(storedDocs(server.dataDir, table.id).pub).seats).toEqual([]);

    // It still receives what happens, and the server still serves.
    const gm = await t.connect(table.tokens.gm, 'gm');
    const before = spectator.frames.length;
    await gm.ok({ type: 'scene.start', name: 'The docks', characterIds: [] });
    await waitFor(() => spectator.frames.length > before, 'the broadcast');
  });

  it('a replica of a spectator ends identical even if it writes locally', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const spectator = await t.replica(name, table.tokens.spectator);
    const player = await t.connect(table.tokens.player, 'ann');
    // The spectator's provider sends this local write as an update; the server drops it.
    spectator.doc.getMap('meta').set('name', 'Hijacked');
    await player.ok({ type: 'join', name: 'Ann' });
    await waitFor(() => readTable(spectator.doc).seats.length === 1, 'the seat');
    const stored = storedDocs(server.dataDir, table.id);
    expect(readTable(stored.pub).name).toBe('Friday night');
    // A fresh replica loads exactly the stored state.
    const fresh = await t.replica(name, table.tokens.spectator);
    expect(samePub(stored.pub, fresh.doc)).toBe(true);
  });

  it('joiners get the same cached full state, and a stale replica only what it missed', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const raws = await Promise.all(
      [0, 1, 2].map(() => RawYjs.open(server.url, name, table.tokens.spectator)),
    );
    for (const raw of raws) {
      t.later(() => raw.close());
      raw.send(yjsMessage(0, 0, Y.encodeStateVector(new Y.Doc())));
    }
    await waitFor(() => raws.every((r) => r.frames.length >= 2), 'sync step 2');
    const step2 = raws.map((r) => r.frames.find((f) => f[0] === 0 && f[1] === 1)!);
    expect(Buffer.from(step2[1]!).equals(Buffer.from(step2[0]!))).toBe(true);
    expect(Buffer.from(step2[2]!).equals(Buffer.from(step2[0]!))).toBe(true);

    // A replica that has the state gets a tiny step 2.
    const doc = new Y.Doc();
    const d = decoding.createDecoder(step2[0]!);
    decoding.readVarUint(d);
    decoding.readVarUint(d);
    Y.applyUpdate(doc, decoding.readVarUint8Array(d));
    const uptodate = await t.raw(name, table.tokens.spectator);
    uptodate.send(yjsMessage(0, 0, Y.encodeStateVector(doc)));
    await waitFor(() => uptodate.frames.some((f) => f[0] === 0 && f[1] === 1), 'step 2');
    const small = uptodate.frames.find((f) => f[0] === 0 && f[1] === 1)!;
    expect(small.length).toBeLessThan(10);
  });

  it('an oversized frame closes the connection; the server keeps serving', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const raw = await RawYjs.open(server.url, `table/${table.id}`, table.tokens.player);
    raw.send(new Uint8Array(65 * 1024));
    await waitFor(() => raw.closed !== undefined, 'the close');
    expect(raw.closed?.code).toBe(1009);
    const other = await createTable(server.url);
    const replica = await openReplica(server.url, `table/${other.id}`, other.tokens.spectator);
    replica.destroy();
  });

  it('a malformed message closes the connection with 4400', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const raw = await RawYjs.open(server.url, `table/${table.id}`, table.tokens.player);
    raw.send(new Uint8Array([0, 0, 0xff, 0xff, 0xff])); // a state vector cut short
    await waitFor(() => raw.closed !== undefined, 'the close');
    expect(raw.closed?.code).toBe(4400);
  });

  it('refuses unknown tokens, other tables and unknown documents', async () => {
    const server = await t.start();
    const a = await createTable(server.url);
    const b = await createTable(server.url);
    const cases: [string, string, number][] = [
      [`table/${a.id}`, 'A'.repeat(43), 4401],
      [`table/${a.id}`, 'not-a-token', 4401],
      [`table/${a.id}`, b.tokens.gm, 4403],
      [`table/${a.id}/gm`, a.tokens.spectator, 4403],
      [`table/${a.id}/secret`, a.tokens.gm, 4404],
    ];
    for (const [doc, token, code] of cases) {
      const raw = await RawYjs.open(server.url, doc, token);
      await waitFor(() => raw.closed !== undefined, 'the refusal');
      expect(raw.closed?.code, doc).toBe(code);
      expect(raw.bytesReceived()).toBe(0);
    }
  });
});
