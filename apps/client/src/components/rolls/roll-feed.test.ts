import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { GM, sceneTable } from '../../lib/test/play';
import { characterChoices, ladderKey, mergeRows, readRows, rollKey, withRecent } from './roll-feed';
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

describe('the document’s recent rolls, before the history answers', () => {
  it('puts a new roll on top at once and takes fresher copies of the rows shown', () => {
    const { t, ann, bob, zira, tam } = sceneTable();
    const roll = (actor: typeof ann, characterId: string) =>
      t.ok(actor, { type: 'roll', characterId, skillId: 'fight', action: 'overcome' });
    roll(ann, zira);
    roll(bob, tam);
    const before = readTable(t.docs.pub).rolls;
    // The feed opened here: the history's first page holds these two, numbered 40 and 41.
    const known = new Set(before.map((r) => r.id));
    const shown = readRows([
      { seq: 41, roll: before[1] },
      { seq: 40, roll: before[0] },
    ]);
    // Nothing new: the same rows, the same objects (nothing redrawn).
    const same = withRecent(shown, before, known);
    expect(same).toEqual(shown);
    expect(same[0]).toBe(shown[0]);

    roll(ann, zira);
    const recent = readTable(t.docs.pub).rolls;
    const newest = recent.at(-1)!;
    const rows = withRecent(shown, recent, known);
    expect(rows.map((r) => r.roll.id)).toEqual([newest.id, before[1]!.id, before[0]!.id]);
    expect(rows[0]!.seq).toBeGreaterThan(41);
    expect(rows[0]!.seq).toBeLessThan(42);
    expect(rows[1]).toBe(shown[0]);
    // The history's page then brings its own number for it, replacing the guess.
    const page = readRows([{ seq: 45, roll: newest }, ...shown]);
    expect(mergeRows(rows, page).map((r) => [r.seq, r.roll.id])).toEqual([
      [45, newest.id],
      [41, before[1]!.id],
      [40, before[0]!.id],
    ]);

    // The filter keeps other characters' new rolls out.
    roll(bob, tam);
    const filtered = withRecent(shown.slice(1), readTable(t.docs.pub).rolls, known, zira);
    expect(filtered.map((r) => r.roll.id)).toEqual([newest.id, before[0]!.id]);
  });

  it('leaves out the rolls the document held before the feed opened', () => {
    const { t, ann, zira } = sceneTable();
    t.ok(ann, { type: 'roll', characterId: zira, skillId: 'fight', action: 'overcome' });
    const recent = readTable(t.docs.pub).rolls;
    // A new session: the history has no roll yet, the document still its last ones.
    expect(withRecent([], recent, new Set(recent.map((r) => r.id)))).toEqual([]);
    expect(withRecent([], recent, new Set()).map((r) => r.roll.id)).toEqual([recent[0]!.id]);
    // Bytes the feed cannot read are left out, as from the history.
    expect(withRecent([], [{ id: 'x' }, null], new Set())).toEqual([]);
  });
});

describe('which recent rolls the feed takes again', () => {
  it('changes a roll’s key when an invoke changes its total, and not otherwise', () => {
    const { t, ann, bob, zira, tam } = sceneTable();
    t.ok(ann, { type: 'roll', characterId: zira, skillId: 'fight', action: 'overcome' });
    const rain = String(t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'Rain' }).aspectId);
    const first = readTable(t.docs.pub).rolls[0]!;
    // Another roll and an aspect leave the first roll's key as it was: its row is not read again.
    t.ok(bob, { type: 'roll', characterId: tam, skillId: 'fight', action: 'overcome' });
    expect(rollKey(readTable(t.docs.pub).rolls[0]!)).toBe(rollKey(first));
    t.ok(ann, {
      type: 'invoke',
      rollId: first.id,
      ref: { aspectId: rain },
      free: false,
      effect: '+2',
    });
    const invoked = readTable(t.docs.pub).rolls[0]!;
    expect(invoked.actor.total).toBe(first.actor.total + 2);
    expect(rollKey(invoked)).not.toBe(rollKey(first));
  });
});
