import { describe, expect, it } from 'vitest';
import {
  GM,
  charOf,
  lastLogIds,
  lastLogText,
  player,
  refused,
  rollOf,
  sceneTable,
  slotOf,
} from '../../test/harness';
import { mayTreat } from '../access';

// The GM's healing of a consequence, and who may treat one (the rule the client asks too).

describe('healing [FC-HEAL-1]', () => {
  it('[FC-HEAL-1] the GM heals a severe consequence to moderate; its free invoke moves with it', () => {
    const { t, ann, a } = sceneTable(3);
    t.ok(GM, { type: 'consequence.take', characterId: a, slotId: 'severe', text: 'Nearly Gutted' });
    const gmInvokes = charOf(t, a).freeInvokes;
    refused(t, ann, { type: 'consequence.heal', characterId: a, slotId: 'severe' }, 'forbidden');
    t.ok(GM, { type: 'consequence.heal', characterId: a, slotId: 'severe' });
    expect(slotOf(t, a, 'severe').taken).toBeUndefined();
    expect(slotOf(t, a, 'moderate').taken).toMatchObject({ text: 'Nearly Gutted' });
    expect(charOf(t, a).freeInvokes.moderate).toEqual(gmInvokes.severe);
    expect(lastLogText(t)).toBe("Zira's “Nearly Gutted” was healed to a moderate consequence.");
    expect(lastLogIds(t)).toEqual(['consequenceHealed', 'severityModerate']);
    t.ok(GM, { type: 'consequence.take', characterId: a, slotId: 'severe', text: 'Run Through' });
    refused(
      t,
      GM,
      { type: 'consequence.heal', characterId: a, slotId: 'severe' },
      'lower-slot-full',
    );
    refused(t, GM, { type: 'consequence.heal', characterId: a, slotId: 'mild' }, 'slot-empty');
  });
});

describe('who may treat a consequence (mayTreat)', () => {
  it('a player treats a player character, never an NPC; the GM treats the NPC', () => {
    const { t, bob, b, npc } = sceneTable();
    t.ok(GM, { type: 'consequence.take', characterId: npc, slotId: 'mild', text: 'Bloody Nose' });
    refused(
      t,
      bob,
      {
        type: 'roll',
        characterId: b,
        skillId: 'lore',
        recovers: { characterId: npc, slotId: 'mild' },
      },
      'forbidden',
    );
    const { rollId } = t.ok(GM, {
      type: 'roll',
      characterId: npc,
      skillId: 'lore',
      recovers: { characterId: npc, slotId: 'mild' },
    });
    expect(rollOf(t, rollId!).recovers).toMatchObject({ characterId: npc, treatingSelf: true });
  });

  it('mayTreat is the one rule the client asks too', () => {
    expect(mayTreat(GM, { npc: true })).toBe(true);
    expect(mayTreat(player('s1'), { npc: false })).toBe(true);
    expect(mayTreat(player('s1'), { npc: true })).toBe(false);
    expect(mayTreat({ role: 'spectator' }, { npc: false })).toBe(false);
  });
});
