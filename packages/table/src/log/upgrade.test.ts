import { describe, expect, it } from 'vitest';
import { upgradeLog } from './upgrade';
import type { LogEntry } from './entry';
import { pubRoots } from '../doc/schema';
import { readTable } from '../doc/views';
import { annAndTam, player } from '../test/harness';

/** Ann's Zira and the GM's Tam; the log holds their three entries. */
function table(seed: number) {
  const { t, ann, a, b } = annAndTam(seed);
  return { t, seat: ann.seatId!, a, b, r: pubRoots(t.docs.pub) };
}

describe('upgrading a log stored before schema 3', () => {
  it('moves whole entries (schema 1) into the journal, read and continued as rows', () => {
    const { t, seat, a, b, r } = table(5);
    const before = readTable(t.docs.pub).log;
    const log = t.docs.pub.getArray<unknown>('log');
    t.docs.pub.transact(() => {
      r.journal.delete(0, r.journal.length);
      r.meta.delete('logBase');
      log.push(before);
    });

    expect(upgradeLog(t.docs.pub)).toBe(true);
    expect(log.length).toBe(0);
    expect(readTable(t.docs.pub).log).toEqual(before);
    const gift = t.ok(player(seat), {
      type: 'fate-point.give',
      fromCharacterId: a,
      toCharacterId: b,
    });
    expect(gift.log![0]!.n).toBe(before.length + 1);
    const v = readTable(t.docs.pub);
    expect(v.log).toEqual([...before, ...gift.log!]);
    expect(v.fateSummary.find((row) => row.characterId === b)?.byReason.give).toBe(1);
  });

  it('moves schema 2 rows in front of the journal rows that followed them', () => {
    const { t, seat, a, b, r } = table(6);
    const journal = readTable(t.docs.pub).log;
    const log = t.docs.pub.getArray<unknown>('log');
    // Two rows as a schema 2 server wrote them, numbered before the journal's (1, 2, 3).
    t.docs.pub.transact(() => {
      log.push([
        [1, 1, 3, 24, null, 0, null, [[a, b, 1, 10]]],
        [2, 3, 0, 34, 'The GM set the payout.', a, null, [[0, [a], 2, 3]], { before: 0 }],
      ]);
      const base = r.meta.get('logBase') as [number, number];
      r.meta.set('logBase', [base[0] + 2, base[1]]);
    });
    const old: LogEntry[] = [
      {
        n: 1,
        at: 1000,
        by: { role: 'player', seatId: seat },
        type: 'fate-point.give',
        characterId: a,
        movements: [
          {
            from: { type: 'character', id: a },
            to: { type: 'character', id: b },
            amount: 1,
            reason: 'give',
          },
        ],
        text: 'Zira gave 1 fate point to Tam.',
      },
      {
        n: 2,
        at: 3000,
        by: { role: 'gm' },
        type: 'gm.adjust',
        characterId: a,
        movements: [
          {
            from: { type: 'bank' },
            to: { type: 'scene-payout', characterId: a },
            amount: 2,
            reason: 'scene-payout',
          },
        ],
        text: 'The GM set the payout.',
        before: 0,
      },
    ];
    const expected = [...old, ...journal.map((e) => ({ ...e, n: e.n + 2 }))];

    expect(upgradeLog(t.docs.pub)).toBe(true);
    expect(log.length).toBe(0);
    expect(readTable(t.docs.pub).log).toEqual(expected);
    expect(upgradeLog(t.docs.pub)).toBe(false);
  });

  it('leaves a schema 3 document as it is', () => {
    const { t } = table(7);
    const state = t.state();
    expect(upgradeLog(t.docs.pub)).toBe(false);
    expect(t.state()).toEqual(state);
  });
});
