import { describe, expect, it } from 'vitest';
import { parseCommand } from './commands';
import { readTable } from './views';
import { GM, SPECTATOR, TestTable, player } from './test/harness';

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
