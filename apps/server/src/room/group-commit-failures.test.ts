import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readTable } from '@fateboard/table';
import { aspect, commitFixturePerTest, gm, player, texts, turn } from '../test/commit-fixture';

// Group commit when storing fails: a failed commit refuses every command in it and leaves
// nothing behind, a fenced part is answered moved, one table's failure spares another's, and a
// commit whose reply was lost is reloaded from what storage holds.

const fx = commitFixturePerTest();

describe('group commit', () => {
  it('a failed commit refuses every write in the batch with storage, publishes nothing and reloads', async () => {
    const { room, before, published } = await fx.roomWithOneAspect();
    const seats: (string | undefined)[] = [];

    fx.failCommit = true;
    const results = await Promise.all([
      room.handle(gm, aspect('x1', 'Lost 1')),
      room.handle(player, { id: 'j1', type: 'join', name: 'Ann' }, (seat) => seats.push(seat)),
      // A refusal in the same batch keeps its own answer: it wrote nothing.
      room.handle(gm, { id: 'bad', type: 'aspect.remove', ref: { aspectId: 'nope' } }),
      room.handle(gm, aspect('x2', 'Lost 2')),
    ]);
    expect(results.map((r) => r.ack)).toEqual([
      expect.objectContaining({ ok: false, code: 'storage' }),
      expect.objectContaining({ ok: false, code: 'storage' }),
      expect.objectContaining({ ok: false, code: 'not-found' }),
      expect.objectContaining({ ok: false, code: 'storage' }),
    ]);
    // Nothing of it was stored, for certain: marked for one more try (cluster mode routes it
    // again); a refusal of the rules is final.
    expect(results.map((r) => r.retry)).toEqual([true, true, undefined, true]);
    // The join seated its connection when applied, and was undone when the commit failed.
    expect(seats).toEqual([expect.stringMatching(/^id\d$/), undefined]);
    await turn();
    expect(published()).toBe(0);
    expect(JSON.stringify(readTable(room.doc('pub')))).toBe(before);
    expect(await fx.stored('T1', 'x1', 'j1', 'x2')).toEqual([]);

    fx.failCommit = false;
    const again = await room.handle(gm, aspect('x1', 'Lost 1'));
    expect(again.ack).toMatchObject({ ok: true, seq: 2 });
    await turn();
    expect(published()).toBe(1);
  });

  it('a part fenced out by a later writer is answered moved (nothing stored), refusals keep their own answer', async () => {
    const { room, before, published } = await fx.roomWithOneAspect();

    fx.fenceAll = true;
    const [fenced, refused] = await Promise.all([
      room.handle(gm, aspect('f1', 'Fenced')),
      room.handle(gm, { id: 'bad', type: 'aspect.remove', ref: { aspectId: 'nope' } }),
    ]);
    // TableRoom.handle in cluster mode routes a moved command again, to the new writer.
    expect(fenced).toEqual({
      ack: {
        ok: false,
        code: 'storage',
        message: 'The table is moving between servers; try again.',
      },
      retry: true,
    });
    expect(refused.ack).toMatchObject({ ok: false, code: 'not-found' });
    expect(refused.retry).toBeUndefined();
    await turn();
    expect(published()).toBe(0);
    expect(JSON.stringify(readTable(room.doc('pub')))).toBe(before);
    expect(await fx.stored('T1', 'f1')).toEqual([]);
  });

  it('a batch that failed before its COMMIT was sent is refused, marked for one more try', async () => {
    const { room, before, published } = await fx.roomWithOneAspect();
    fx.sessionEnded = true;
    const lost = await room.handle(gm, aspect('n1', 'Not stored'));
    expect(lost).toEqual({
      ack: { ok: false, code: 'storage', message: 'The command could not be saved.' },
      retry: true,
    });
    await turn();
    expect(published()).toBe(0);
    expect(JSON.stringify(readTable(room.doc('pub')))).toBe(before);
    fx.sessionEnded = false;
    expect((await room.handle(gm, aspect('n1', 'Not stored'))).ack).toMatchObject({ ok: true });
  });

  it("one table's failing write refuses that table's part of the batch; another table's is stored", async () => {
    const one = await fx.newRoom('T1');
    const two = await fx.newRoom('T2');
    await one.handle(gm, aspect('a0', 'Zero'));
    // Like a constraint or a full page for this one row: SQLite aborts the statement only.
    fx.failCommandBoom('ABORT');
    const results = await Promise.all([
      one.handle(gm, aspect('a1', 'One')),
      two.handle(gm, aspect('b1', 'Elsewhere')),
      one.handle(gm, aspect('boom', 'Never')),
      one.handle(gm, aspect('a3', 'Three')),
    ]);
    expect(fx.commits.stats.batches).toBe(2);
    // A table's commands build on each other (and are numbered in a row): all or none.
    expect(results.map((r) => r.ack)).toEqual([
      expect.objectContaining({ ok: false, code: 'storage' }),
      expect.objectContaining({ ok: true, seq: 1 }),
      expect.objectContaining({ ok: false, code: 'storage' }),
      expect.objectContaining({ ok: false, code: 'storage' }),
    ]);
    expect(texts(one)).toEqual(['Zero']);
    expect(texts(two)).toEqual(['Elsewhere']);
    expect(await fx.stored('T1', 'a1', 'boom', 'a3')).toEqual([]);
    expect(await fx.stored('T2', 'b1')).toEqual(['b1']);
    // The room reloaded from storage numbers its next command after what is stored.
    expect((await one.handle(gm, aspect('a1', 'One'))).ack).toMatchObject({ ok: true, seq: 2 });
    await one.dispose();
    await two.dispose();
  });

  it('when SQLite rolls the whole batch back itself, nothing after it is stored on its own', async () => {
    const one = await fx.newRoom('T1');
    const two = await fx.newRoom('T2');
    await one.handle(gm, aspect('a0', 'Zero'));
    // The transaction ends under the batch: a later write must not run in autocommit and be
    // stored while it is refused.
    fx.failCommandBoom('ROLLBACK');
    const results = await Promise.all([
      one.handle(gm, aspect('a1', 'One')),
      one.handle(gm, aspect('boom', 'Never')),
      two.handle(gm, aspect('b1', 'After it')),
    ]);
    for (const r of results) expect(r.ack).toMatchObject({ ok: false, code: 'storage' });
    expect(await fx.stored('T1', 'a1', 'boom')).toEqual([]);
    expect(await fx.stored('T2', 'b1')).toEqual([]);
    expect(texts(one)).toEqual(['Zero']);
    expect(texts(two)).toEqual([]);
  });

  it('a commit reported failed that went through: the listeners get its update, a retry finds it stored', async () => {
    const room = await fx.newRoom();
    let broken = false;
    room.onBroken(() => (broken = true));
    await room.handle(gm, aspect('a0', 'Zero'));
    await turn();
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(room.doc('pub')));
    room.onUpdate((doc, update) => {
      if (doc === 'pub') Y.applyUpdate(replica, update);
    });
    fx.loseReply = true;
    // Not "nothing changed": whether it was stored is not known.
    expect((await room.handle(gm, aspect('a1', 'One'))).ack).toMatchObject({
      ok: false,
      code: 'unknown-outcome',
    });
    expect(await fx.stored('T1', 'a1')).toEqual(['a1']);
    // The room reloaded what storage holds and handed its replicas what they lacked.
    expect(broken).toBe(false);
    expect(texts(room)).toEqual(['Zero', 'One']);
    expect(readTable(replica).aspects.map((a) => a.text)).toEqual(['Zero', 'One']);
    fx.loseReply = false;
    expect((await room.handle(gm, aspect('a1', 'One'))).ack).toMatchObject({ ok: true, seq: 2 });
    expect((await room.handle(gm, aspect('a2', 'Two'))).ack).toMatchObject({ ok: true, seq: 3 });
  });
});
