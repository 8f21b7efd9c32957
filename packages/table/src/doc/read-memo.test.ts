import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ROLL_LIMIT } from './schema';
import { forgetChangedRolls, readTable, readTableFields, type RollMemo } from './views';
import { sceneTable, skillRoll } from '../test/harness';

// A replica following the table (as the client's view does) reads its rolls with a memo: each
// roll once, then again only after a transaction wrote to it.

describe('the rolls read with a memo', () => {
  it('reads what a whole read does, a changed roll again and the others not, past the limit', () => {
    const { t, ann, a } = sceneTable();
    const replica = new Y.Doc();
    const memo: RollMemo = new WeakMap();
    replica.on('afterTransaction', (tr: Y.Transaction) => forgetChangedRolls(memo, tr));
    const follow = () => Y.applyUpdate(replica, Y.encodeStateAsUpdate(t.docs.pub));
    const read = () => readTableFields(replica, ['rolls'], { rolls: memo }).rolls;

    let before = read();
    for (let i = 0; i < ROLL_LIMIT + 3; i++) {
      t.ok(ann, skillRoll(a, 'fight', 'overcome', { difficulty: 1 + (i % 3) }));
      follow();
      const now = read();
      expect(now).toEqual(readTable(t.docs.pub).rolls);
      // Every roll the read before held is still the same object: only the new one was read.
      for (const roll of before) {
        const kept = now.find((r) => r.id === roll.id);
        if (kept) expect(kept).toBe(roll);
      }
      before = now;
    }
    expect(before).toHaveLength(ROLL_LIMIT);

    // An invoke on the oldest kept roll writes to its map: that roll is read again.
    const oldest = before[0]!;
    t.ok(ann, {
      type: 'invoke',
      rollId: oldest.id,
      ref: { characterId: a, aspectId: 'hc' },
      free: false,
      effect: '+2',
    });
    follow();
    const after = read();
    expect(after).toEqual(readTable(t.docs.pub).rolls);
    expect(after[0]).not.toBe(oldest);
    expect(after[0]!.actor.total).toBe(oldest.actor.total + 2);
    expect(after.slice(1)).toEqual(before.slice(1));
    after.slice(1).forEach((roll, i) => expect(roll).toBe(before[i + 1]));
  });
});
