import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { GroupCommit } from './group-commit';
import type { HandledCommand } from './group-commit';
import { aspect, commitFixturePerTest, gm, texts, turn } from '../test/commit-fixture';
import { fateCoreSheet } from '../test/sheets';

// Group commit: the commands that arrive together are applied in order and stored in one
// transaction; each is acknowledged only once that transaction is committed, and nobody reads
// what is not stored. Failed commits: group-commit-failures.test.ts; over real sockets:
// group-commit-sockets.test.ts.

const fx = commitFixturePerTest();

describe('group commit', () => {
  it('stores the commands of one turn in one transaction, then acks and publishes them in order', async () => {
    const room = await fx.newRoom();
    const events: string[] = [];
    room.onUpdate(() => events.push('publish'));
    const acks = Array.from({ length: 20 }, (_, i) =>
      room.handle(gm, aspect(`a${i}`, `Aspect ${i}`)).then((h) => {
        events.push('ack');
        return h;
      }),
    );
    const handled = await Promise.all(acks);
    await turn();
    expect(fx.commits.stats).toEqual({ batches: 1, commands: 20, largest: 20 });
    const { applyMs, commitMs } = fx.commits.timings();
    expect(applyMs).toHaveLength(1);
    expect(applyMs[0]).toBeGreaterThan(0);
    expect(commitMs[0]).toBeGreaterThan(0);
    expect(handled.map((h) => h.ack.ok && h.ack.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // Every acknowledgement is written before any of the batch's updates goes out.
    expect(events).toEqual([
      ...Array<string>(20).fill('ack'),
      ...Array<string>(20).fill('publish'),
    ]);
    expect((await fx.sqlite.loadDocuments('T1')).docs.pub.updates).toHaveLength(20);
    expect(texts(room).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Aspect ${i}`).sort());
  });

  it('commands that arrive while a batch is being stored make the next batch, in order', async () => {
    const room = await fx.newRoom();
    const open = fx.holdCommits();
    const first = room.handle(gm, aspect('a1', 'One'));
    await turn();
    await turn();
    // The first batch is in its commit; these wait for it, and go together.
    const rest = Array.from({ length: 5 }, (_, i) => room.handle(gm, aspect(`b${i}`, `B${i}`)));
    await turn();
    expect(fx.commits.stats).toEqual({ batches: 1, commands: 1, largest: 1 });
    open();
    const acks = await Promise.all([first, ...rest]);
    expect(acks.map((h) => h.ack.ok && h.ack.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(fx.commits.stats).toEqual({ batches: 2, commands: 6, largest: 5 });
  });

  it('nobody reads a change while its batch is being stored, nor ever if it fails', async () => {
    const room = await fx.newRoom();
    await room.handle(gm, aspect('a0', 'Stored'));
    const read = () => fx.commits.read(() => texts(room));
    expect(await read()).toEqual(['Stored']);

    let open = fx.holdCommits();
    const kept = room.handle(gm, aspect('a1', 'Kept'));
    await turn();
    await turn();
    // Applied in memory, not stored yet: a reader waits.
    expect(fx.commits.settled).toBe(false);
    const during = read();
    let answered = false;
    void during.then(() => (answered = true));
    await turn();
    expect(answered).toBe(false);
    open();
    expect((await kept).ack).toMatchObject({ ok: true, seq: 2 });
    expect(await during).toEqual(['Stored', 'Kept']);

    open = fx.holdCommits();
    fx.failCommit = true;
    const lost = room.handle(gm, aspect('a2', 'Lost'));
    await turn();
    await turn();
    const whileFailing = read();
    open();
    expect((await lost).ack).toMatchObject({ ok: false, code: 'storage' });
    // The reader ran after the failed batch was undone: it never saw the lost change.
    expect(await whileFailing).toEqual(['Stored', 'Kept']);
    expect(fx.commits.settled).toBe(true);
  });

  it('the same command id twice in one batch applies once and answers both alike', async () => {
    const room = await fx.newRoom();
    const [first, second] = await Promise.all([
      room.handle(gm, aspect('same', 'Once')),
      room.handle(gm, aspect('same', 'Once')),
    ]);
    expect(fx.commits.stats.batches).toBe(1);
    expect(first.ack).toMatchObject({ ok: true, seq: 1 });
    expect(second.ack).toEqual(first.ack);
    expect(readTable(room.doc('pub')).aspects).toHaveLength(1);
    // And a later batch answers it from storage alike.
    expect((await room.handle(gm, aspect('same', 'Once'))).ack).toEqual(first.ack);
  });

  it("a command after a join in the same batch acts for the join's seat", async () => {
    const room = await fx.newRoom();
    let seatId: string | undefined;
    const sender = () => ({
      actor:
        seatId === undefined ? { role: 'player' as const } : { role: 'player' as const, seatId },
      tokenHash: 'link',
    });
    const onSeat = (seat: string | undefined) => {
      seatId = seat;
    };
    const [joined, created]: HandledCommand[] = await Promise.all([
      room.handle(sender, { id: 'j', type: 'join', name: 'Ann' }, onSeat),
      room.handle(
        sender,
        { id: 'c', type: 'character.create', character: fateCoreSheet('Zird', 'Wizard', 'Rivals') },
        onSeat,
      ),
    ]);
    expect(fx.commits.stats.batches).toBe(1);
    expect(joined!.ack).toMatchObject({ ok: true, seq: 1 });
    expect(created!.ack).toMatchObject({ ok: true, seq: 2 });
    const { seats, characters } = readTable(room.doc('pub'));
    expect(seats).toEqual([
      expect.objectContaining({ name: 'Ann', characterId: characters[0]!.id }),
    ]);
  });

  it('under load, gathers what arrives within gatherMs into one batch; idle, a lone command never waits', async () => {
    fx.commits = new GroupCommit(fx.storage, () => {}, undefined, 5000, 1000);
    const room = await fx.newRoom();
    // Idle: a lone command's batch starts at the end of its turn, not gatherMs later.
    const release = fx.holdCommits();
    const lone = room.handle(gm, aspect('lone', 'Lone'));
    await turn();
    await turn();
    expect(fx.commits.stats.batches).toBe(1);
    // Under load (that batch still committing): what arrives next waits for more.
    const sent = [room.handle(gm, aspect('g0', 'G0'))];
    release();
    expect((await lone).ack.ok).toBe(true);
    for (let i = 1; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      sent.push(room.handle(gm, aspect(`g${i}`, `G${i}`)));
    }
    const handled = await Promise.all(sent);
    expect(handled.every((h) => h.ack.ok)).toBe(true);
    expect(fx.commits.stats).toMatchObject({ batches: 2, commands: 4, largest: 3 });
    expect(await fx.stored('T1', 'g0', 'g1', 'g2')).toEqual(['g0', 'g1', 'g2']);
  });
});
