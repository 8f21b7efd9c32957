import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { ROLL_LIMIT } from '../../doc/schema';
import { GM, sceneTable, skillRoll } from '../../test/harness';

// The rolls an outcome hands the server for its roll history: each one the command created or
// changed, as the document holds it afterwards; nothing for commands that touch no roll.

describe('the rolls a command touched', () => {
  it('hands over a new roll, then the same roll after an invoke changed it', () => {
    const { t, ann, a } = sceneTable();
    const rolled = t.send(ann, skillRoll(a, 'fight', 'overcome', { difficulty: 2 }));
    if (!rolled.ok) throw new Error(rolled.message);
    const rollId = rolled.result!.rollId!;
    expect(rolled.rolls).toEqual([readTable(t.docs.pub).rolls.find((r) => r.id === rollId)]);

    const invoked = t.send(ann, {
      type: 'invoke',
      rollId,
      ref: { characterId: a, aspectId: 'hc' },
      free: false,
      effect: '+2',
    });
    if (!invoked.ok) throw new Error(invoked.message);
    expect(invoked.rolls).toHaveLength(1);
    expect(invoked.rolls![0]!.id).toBe(rollId);
    expect(invoked.rolls![0]!.invokes).toHaveLength(1);
    expect(invoked.rolls![0]!.actor.total).toBe(rolled.rolls![0]!.actor.total + 2);
  });

  it('hands over nothing for a command that touches no roll', () => {
    const { t } = sceneTable();
    const out = t.send(GM, { type: 'aspect.add', kind: 'situation', text: 'Smoke' });
    expect(out.ok && out.rolls).toBeFalsy();
  });

  it('hands over only the new roll when the oldest drops out of the document', () => {
    const { t, ann, a } = sceneTable();
    let last;
    for (let i = 0; i <= ROLL_LIMIT; i++) {
      last = t.send(ann, skillRoll(a, 'fight', 'overcome'));
    }
    expect(last?.ok && last.rolls?.map((r) => r.id)).toEqual([last?.ok && last.result?.rollId]);
  });
});
