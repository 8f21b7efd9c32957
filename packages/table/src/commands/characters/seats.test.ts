import { describe, expect, it } from 'vitest';
import { parseCommand } from '../parse';
import { readTable } from '../../doc/views';
import { MAX_SEATS } from './seats';
import { markSeatsRestored } from '../../doc/restored-seats';
import { GM, SPECTATOR, TestTable, created, player, refused, validSheet } from '../../test/harness';

describe('join', () => {
  it('gives a player without a seat a new seat', () => {
    const t = new TestTable();
    const result = t.ok(player(), { type: 'join', name: 'Ann' });
    expect(result.seatId).toBeTypeOf('string');
    expect(readTable(t.docs.pub).seats).toEqual([{ id: result.seatId, name: 'Ann' }]);
  });

  it('refuses a spectator and a seated player, changing nothing', () => {
    const t = new TestTable();
    const { seatId } = t.ok(player(), { type: 'join', name: 'Ann' });
    const before = t.state();
    expect(t.send(SPECTATOR, { type: 'join', name: 'Spy' })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(t.send(player(seatId), { type: 'join', name: 'Again' })).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    expect(t.send(GM, { type: 'join', name: 'GM' })).toMatchObject({ ok: false, code: 'invalid' });
    expect(t.state()).toEqual(before);
  });
});

describe('taking back a restored seat', () => {
  const CLAIM = 'c'.repeat(43);

  it('its player takes it back with the claim the server checked; once only', () => {
    const t = new TestTable();
    const { seatId } = t.ok(player(), { type: 'join', name: 'Kim' });
    const { characterId } = t.ok(player(seatId), {
      type: 'character.create',
      character: validSheet('fate-core', 'Kai'),
    });
    // A fresh seat cannot be taken over: it is held.
    refused(t, player(), { type: 'join', name: 'Mallory', seatId }, 'seat-taken');
    markSeatsRestored(t.docs.pub);
    expect(readTable(t.docs.pub).seats).toEqual([
      { id: seatId, name: 'Kim', characterId, restored: true },
    ]);
    refused(t, player(), { type: 'join', name: 'Kim', seatId: 'no-such-seat' }, 'not-found');
    // Anyone on the player link, without the seat's claim, or with a claim that did not hold
    // (or held for another seat): refused, nothing changes.
    refused(t, player(), { type: 'join', name: 'Mallory', seatId }, 'claim-needed');
    refused(t, player(), { type: 'join', name: 'Mallory', seatId, claim: CLAIM }, 'bad-claim');
    refused(
      t,
      player(),
      { type: 'join', name: 'Mallory', seatId, claim: CLAIM },
      'bad-claim',
      'another-seat',
    );
    // Checked or not, a claim without the seat's code is no claim.
    refused(t, player(), { type: 'join', name: 'Mallory', seatId }, 'claim-needed', seatId);

    const back = t.ok(player(), { type: 'join', name: 'Kimberly', seatId, claim: CLAIM }, seatId);
    expect(back.seatId).toBe(seatId);
    expect(readTable(t.docs.pub).seats).toEqual([{ id: seatId, name: 'Kimberly', characterId }]);
    expect(readTable(t.docs.pub).log.at(-1)?.text).toBe("Kimberly took back Kim's seat.");
    // Kai is still that seat's: its player edits it.
    t.ok(player(seatId), { type: 'character.update', characterId, changes: { name: 'Kai' } });

    const before = t.state();
    refused(
      t,
      player(),
      { type: 'join', name: 'Late', seatId, claim: CLAIM },
      'seat-taken',
      seatId,
    );
    expect(t.state()).toEqual(before);
  });
});

describe('parseCommand', () => {
  it('refuses unknown types, unknown keys, long strings and fractional numbers', () => {
    expect(parseCommand({ id: 'a', type: 'nope' })).toMatchObject({
      ok: false,
      code: 'bad-command',
    });
    expect(parseCommand({ id: 'a', type: 'join', name: 'x', extra: 1 })).toMatchObject({
      ok: false,
    });
    expect(parseCommand({ id: 'a', type: 'join', name: 'x'.repeat(81) })).toMatchObject({
      ok: false,
    });
    expect(parseCommand({ id: '', type: 'join', name: 'x' })).toMatchObject({ ok: false });
    expect(
      parseCommand({
        id: 'a',
        type: 'fate-point.give',
        fromCharacterId: 'a',
        toCharacterId: 'b',
        amount: 1.5,
      }),
    ).toMatchObject({ ok: false });
    expect(parseCommand({ id: 'a', type: 'join', name: 'Ann' })).toEqual({
      ok: true,
      command: { id: 'a', type: 'join', name: 'Ann' },
    });
  });
});

describe('seat limit', () => {
  it(`refuses a join past ${MAX_SEATS} seats with table-full, changing nothing`, () => {
    const t = new TestTable();
    for (let i = 0; i < MAX_SEATS; i++) t.ok(player(), { type: 'join', name: `P${i}` });
    const before = t.state();
    expect(t.send(player(), { type: 'join', name: 'One too many' })).toMatchObject({
      ok: false,
      code: 'table-full',
    });
    expect(t.state()).toEqual(before);
    expect(readTable(t.docs.pub).seats).toHaveLength(MAX_SEATS);
  });

  it('takes a join again once the GM removed a seat', () => {
    const t = new TestTable();
    const seats = Array.from(
      { length: MAX_SEATS },
      (_, i) => t.ok(player(), { type: 'join', name: `P${i}` }).seatId!,
    );
    t.ok(GM, { type: 'seat.remove', seatId: seats[0] });
    expect(t.ok(player(), { type: 'join', name: 'Late' }).seatId).toBeTypeOf('string');
  });
});

describe('seat.remove', () => {
  function seated() {
    const t = new TestTable();
    const ann = t.ok(player(), { type: 'join', name: 'Ann' }).seatId!;
    const bob = t.ok(player(), { type: 'join', name: 'Bob' }).seatId!;
    const zira = created(t, player(ann), validSheet('fate-core', 'Zira'));
    const tam = created(t, player(bob), validSheet('fate-core', 'Tam'));
    return { t, ann, bob, zira, tam };
  }

  it('removes the seat, leaves its character unclaimed and logs it in plain words', () => {
    const { t, ann, bob, tam } = seated();
    const result = t.ok(GM, { type: 'seat.remove', seatId: bob });
    const view = readTable(t.docs.pub);
    expect(view.seats.map((s) => s.name)).toEqual(['Ann']);
    const character = view.characters.find((c) => c.id === tam)!;
    expect(character.owner).toBeUndefined();
    expect(character.fatePoints).toBe(3);
    expect(result.log?.[0]?.text).toBe(
      'The GM removed Bob from the table. Tam is free for another player to claim.',
    );
    expect(view.log.at(-1)?.text).toBe(result.log?.[0]?.text);
    // Another player claims the character, and plays it.
    const cy = t.ok(player(), { type: 'join', name: 'Cy' }).seatId!;
    t.ok(player(cy), { type: 'character.claim', characterId: tam });
    expect(readTable(t.docs.pub).characters.find((c) => c.id === tam)?.owner).toBe(cy);
    // The removed seat acts no more, and Ann's seat is untouched.
    expect(
      t.send(player(bob), { type: 'character.update', characterId: tam, changes: { name: 'X' } }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    expect(readTable(t.docs.pub).seats.find((s) => s.id === ann)?.characterId).toBeDefined();
  });

  it('drops the free invokes the removed seat held, and says so', () => {
    const { t, bob, zira } = seated();
    const { aspectId } = t.ok(GM, {
      type: 'aspect.add',
      kind: 'situation',
      text: 'On fire',
      freeInvokes: 2,
      owner: bob,
    });
    t.ok(GM, {
      type: 'gm.adjust',
      adjust: {
        what: 'free-invokes',
        ref: { characterId: zira, aspectId: 'hc' },
        owner: bob,
        count: 1,
      },
    });
    const result = t.ok(GM, { type: 'seat.remove', seatId: bob });
    const view = readTable(t.docs.pub);
    expect(view.aspects.find((a) => a.id === aspectId)?.freeInvokes).toEqual({});
    expect(view.characters.find((c) => c.id === zira)?.freeInvokes).toEqual({});
    expect(result.log?.[0]?.text).toBe(
      'The GM removed Bob from the table. Tam is free for another player to claim. The 3 free invokes Bob held are gone.',
    );
    // Said as a message, which other languages translate; the row keeps it.
    expect(view.log.at(-1)?.msg).toEqual({
      id: 'seatRemoved',
      params: {
        name: 'Bob',
        freed: { id: 'seatCharacterFree', params: { name: 'Tam' } },
        gone: { id: 'seatInvokesGone', params: { count: 3, name: 'Bob' } },
      },
    });
  });

  it('refuses players, spectators and unknown seats, changing nothing', () => {
    const { t, ann, bob } = seated();
    const before = t.state();
    expect(t.send(player(ann), { type: 'seat.remove', seatId: bob })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(t.send(player(bob), { type: 'seat.remove', seatId: bob })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(t.send(SPECTATOR, { type: 'seat.remove', seatId: bob })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(t.send(GM, { type: 'seat.remove', seatId: 'nobody' })).toMatchObject({
      ok: false,
      code: 'not-found',
    });
    expect(t.state()).toEqual(before);
  });
});

describe('join secret', () => {
  it('takes an optional secret of 16–128 url-safe characters, which the reducer ignores', () => {
    const t = new TestTable();
    const secret = 'a'.repeat(43);
    expect(t.ok(player(), { type: 'join', name: 'Ann', secret }).seatId).toBeTypeOf('string');
    expect(readTable(t.docs.pub).seats).toEqual([expect.objectContaining({ name: 'Ann' })]);
    for (const bad of ['short', 'x'.repeat(129), 'has spaces in it ok?', 42]) {
      expect(parseCommand({ id: 'a', type: 'join', name: 'Ann', secret: bad })).toMatchObject({
        ok: false,
      });
    }
  });
});
