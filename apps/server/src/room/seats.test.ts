import { describe, expect, it } from 'vitest';
import { MAX_SEATS, readTable } from '@fateboard/table';
import { Replica, connectError, createTable, storedDocs, waitFor } from '../test/harness';
import { serverPerTest } from '../test/per-test';
import { validSheet } from '../test/sheets';

// Seats over the real server: a table holds at most MAX_SEATS, and the GM removes a seat,
// which revokes its tokens, drops its connections and leaves its character to be claimed.

const t = serverPerTest();
const connect = (token: string, name: string) => t.connect(token, name);

describe('seats', () => {
  it(`refuses a join past ${MAX_SEATS} seats on one player link with table-full, storing nothing`, async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    for (let i = 0; i < MAX_SEATS; i++) {
      const p = await connect(table.tokens.player, `p${i}`);
      await p.ok({ type: 'join', name: `Player ${i}` });
      p.close();
    }
    const before = storedDocs(server.dataDir, table.id);
    const late = await connect(table.tokens.player, 'late');
    expect(await late.send({ type: 'join', name: 'One too many' })).toMatchObject({
      ok: false,
      code: 'table-full',
    });
    const after = storedDocs(server.dataDir, table.id);
    expect(after.seq).toBe(before.seq);
    expect(readTable(after.pub).seats).toHaveLength(MAX_SEATS);
  }, 60_000);

  it('the GM removes a seat: its tokens are revoked, its connections dropped, its character claimable', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = await connect(table.tokens.gm, 'gm');
    const ann = await connect(table.tokens.player, 'ann');
    const bob = await connect(table.tokens.player, 'bob');
    const annSeat = (await ann.ok({ type: 'join', name: 'Ann' })).result as { seatId: string };
    const bobJoin = {
      id: 'bob-join',
      type: 'join',
      name: 'Bob',
      secret: 'bob-secret-0123456789abcdefghij',
    };
    const bobSeat = (await bob.ok(bobJoin)).result as { seatId: string; seatToken: string };
    const tam = (
      (await bob.ok({ type: 'character.create', character: validSheet('fate-core', 'Tam') }))
        .result as { characterId: string }
    ).characterId;
    // Bob also has a tab open on his seat token: socket.io and the public document.
    const bobTab = await connect(bobSeat.seatToken, 'bob-tab');
    const bobReplica = new Replica(server.url, `table/${table.id}`, bobSeat.seatToken);
    t.later(() => bobReplica.destroy());
    await bobReplica.synced();

    // Only the GM removes a seat; an unknown seat is not found.
    expect(await ann.send({ type: 'seat.remove', seatId: bobSeat.seatId })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    // The refusal says why as data too, for clients in other languages (docs/PROTOCOL.md).
    expect(await gm.send({ type: 'seat.remove', seatId: 'nobody' })).toMatchObject({
      ok: false,
      code: 'not-found',
      reason: { id: 'no-seat' },
    });

    await gm.ok({ type: 'seat.remove', seatId: bobSeat.seatId });
    // Every connection acting for the seat goes, told why; Ann's stays.
    await waitFor(() => !bob.socket.connected && !bobTab.socket.connected, "Bob's sockets to drop");
    await waitFor(() => bobReplica.closeEvents.some((e) => e.code === 4401), "Bob's replica");
    for (const p of [bob, bobTab]) {
      expect(p.closed).toEqual({
        code: 'revoked-token',
        message: 'The GM removed you from the table.',
      });
    }
    expect(ann.socket.connected).toBe(true);
    expect((await connectError(server.url, bobSeat.seatToken))?.message).toBe(
      'The GM removed your seat from this table.',
    );
    // Bob's join retried with its secret from the player link gets no token for a seat that went.
    const bobBack = await connect(table.tokens.player, 'bob-back');
    expect(await bobBack.send(bobJoin)).toMatchObject({ ok: false, code: 'not-found' });

    // The character stays, unclaimed; the log says what happened in the table's words.
    const view = readTable(storedDocs(server.dataDir, table.id).pub);
    expect(view.seats.map((s) => s.id)).toEqual([annSeat.seatId]);
    expect(view.characters.find((c) => c.id === tam)?.owner).toBeUndefined();
    expect(view.log.at(-1)?.text).toBe(
      'The GM removed Bob from the table. Tam is free for another player to claim.',
    );
    // Someone new joins on the player link and claims it.
    const cy = await connect(table.tokens.player, 'cy');
    const cySeat = (await cy.ok({ type: 'join', name: 'Cy' })).result as { seatId: string };
    await cy.ok({ type: 'character.claim', characterId: tam });
    const claimed = readTable(storedDocs(server.dataDir, table.id).pub);
    expect(claimed.characters.find((c) => c.id === tam)?.owner).toBe(cySeat.seatId);
  }, 60_000);
});
