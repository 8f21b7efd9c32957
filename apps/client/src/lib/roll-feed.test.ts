import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { sceneTable } from './test/play';
import { characterChoices, ladderKey, mergeRows, readRows } from './roll-feed';
import type { FeedRow } from './roll-feed';

// The feed's logic: which stored rolls it can read, how pages and fresher copies merge, the
// filter's choices and the ladder's rungs.

/** Real rolls, made by the real reducer: what the server stores for the history. */
function rolled(n: number) {
  const { t, ann, zira } = sceneTable();
  for (let i = 0; i < n; i++) {
    t.ok(ann, { type: 'roll', characterId: zira, skillId: 'fight', action: 'overcome' });
  }
  return { t, rolls: readTable(t.docs.pub).rolls };
}

const row = (seq: number, id: string, extra: object = {}) =>
  readRows([
    {
      seq,
      roll: {
        id,
        at: seq * 1000,
        action: 'overcome',
        actor: { characterId: 'c', rating: 2, faces: [1, 0, -1, 0], total: 2, label: 'Fair (+2)' },
        invokes: [],
        outcome: 'success',
        shifts: 2,
        ...extra,
      },
    },
  ])[0]!;

describe('reading stored rolls', () => {
  it('reads what the reducer stores, and leaves out what it cannot read', () => {
    const { rolls } = rolled(2);
    const rows = readRows([
      { seq: 9, roll: rolls[1] },
      { seq: 8, roll: { id: 'broken', actor: 'nobody' } },
      { seq: 7, roll: null },
      { seq: 6.5, roll: rolls[0] },
      { seq: 5, roll: { ...rolls[0], outcome: 'maybe' } },
      { seq: 4, roll: rolls[0] },
    ]);
    expect(rows.map((r) => [r.seq, r.roll.id])).toEqual([
      [9, rolls[1]!.id],
      [4, rolls[0]!.id],
    ]);
    expect(rows[0]!.roll.actor.faces).toEqual(rolls[1]!.actor.faces);
  });
});

describe('merging pages', () => {
  it('keeps one row per roll, newest first, the page’s copy winning', () => {
    const shown: FeedRow[] = [row(9, 'c'), row(7, 'b')];
    const invoked = row(9, 'c', {
      invokes: [{ side: 'actor', aspectText: 'On Fire', free: true, effect: '+2' }],
    });
    const merged = mergeRows(shown, [row(12, 'd'), invoked]);
    expect(merged.map((r) => r.roll.id)).toEqual(['d', 'c', 'b']);
    expect(merged[1]!.roll.invokes).toHaveLength(1);
    // An older page goes after.
    expect(mergeRows(merged, [row(3, 'a')]).map((r) => r.seq)).toEqual([12, 9, 7, 3]);
    expect(mergeRows([], [])).toEqual([]);
  });

  it('keeps the rows a page read again brings unchanged, so only the changed are redrawn', () => {
    const shown = [row(9, 'c'), row(7, 'b')];
    const again = [row(12, 'd'), row(9, 'c'), row(7, 'b', { reason: 'Now with a reason' })];
    const merged = mergeRows(shown, again);
    expect(merged.map((r) => r.roll.id)).toEqual(['d', 'c', 'b']);
    expect(merged[1]).toBe(shown[0]);
    expect(merged[2]).toBe(again[2]);
    expect(merged[2]!.roll.reason).toBe('Now with a reason');
  });
});

describe('the character filter', () => {
  it('offers every character who rolled, by name, unknown ones under a fallback', () => {
    const names: Record<string, string> = { z: 'Zira', t: 'Tam' };
    expect(characterChoices(['z', 'gone', 't'], (id) => names[id], 'Unknown')).toEqual([
      { id: 't', name: 'Tam' },
      { id: 'gone', name: 'Unknown' },
      { id: 'z', name: 'Zira' },
    ]);
    // The chosen one stays offered before the server's answer names it.
    expect(characterChoices([], (id) => names[id], 'Unknown', 'z')).toEqual([
      { id: 'z', name: 'Zira' },
    ]);
  });
});

describe('the ladder', () => {
  it('names Terrible to Legendary, nothing past them', () => {
    expect(ladderKey(-2)).toBe('terrible');
    expect(ladderKey(0)).toBe('mediocre');
    expect(ladderKey(3)).toBe('good');
    expect(ladderKey(8)).toBe('legendary');
    expect(ladderKey(9)).toBeUndefined();
    expect(ladderKey(-3)).toBeUndefined();
    expect(ladderKey(1.5)).toBeUndefined();
  });
});
