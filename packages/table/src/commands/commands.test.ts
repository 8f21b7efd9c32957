import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fateCore } from '@fateboard/rules';
import { readGm, readTable } from '../doc/views';
import { GM, SPECTATOR, TestTable, player, refused, sceneTable, validSheet } from '../test/harness';

/** A table with two seated players, their characters, an NPC and a running scene. */
function table() {
  const { t, ann, bob, a, b, npc } = sceneTable();
  const aspectId = t.ok(GM, {
    type: 'aspect.add',
    kind: 'situation',
    text: 'On Fire',
    freeInvokes: 1,
  }).aspectId!;
  return { t, ann, bob, a, b, npc, aspectId };
}

const char = (t: TestTable, id: string) =>
  readTable(t.docs.pub).characters.find((c) => c.id === id)!;

describe('role checks', () => {
  it('refuses every command from a spectator', () => {
    const { t, a, aspectId } = table();
    refused(
      t,
      SPECTATOR,
      { type: 'roll', characterId: a, skillId: 'fight', action: 'overcome' },
      'forbidden',
    );
    refused(t, SPECTATOR, { type: 'spotlight.push', ref: { aspectId } }, 'forbidden');
    refused(t, SPECTATOR, { type: 'compel.offer', characterId: a, text: 'x' }, 'forbidden');
  });

  it('refuses a player acting for another player’s character', () => {
    const { t, ann, b } = table();
    refused(
      t,
      ann,
      { type: 'roll', characterId: b, skillId: 'fight', action: 'overcome' },
      'forbidden',
    );
    refused(
      t,
      ann,
      { type: 'character.update', characterId: b, changes: { name: 'Mine' } },
      'forbidden',
    );
    refused(t, ann, { type: 'fate-point.give', fromCharacterId: b, toCharacterId: b }, 'forbidden');
    refused(t, ann, { type: 'concede', characterId: b }, 'forbidden');
    refused(t, ann, { type: 'absorb', characterId: b, shifts: 1, option: 0 }, 'forbidden');
  });

  it('refuses a player asking for GM-only things', () => {
    const { t, ann, a, aspectId } = table();
    for (const input of [
      { type: 'scene.end' },
      { type: 'session.start' },
      { type: 'aspect.add', kind: 'situation', text: 'Mine' },
      { type: 'aspect.remove', ref: { aspectId } },
      { type: 'spotlight.push', ref: { aspectId } },
      { type: 'gm.prepare', kind: 'situation', text: 'Secret' },
      { type: 'gm.note', text: 'x' },
      { type: 'gm.adjust', adjust: { what: 'fate-points', characterId: a, value: 9 } },
      { type: 'conflict.start', order: [a] },
      { type: 'consequence.clear', characterId: a, slotId: 'mild' },
      { type: 'character.create', character: validSheet('fate-core', 'Npc'), npc: true },
    ]) {
      refused(t, ann, input, 'forbidden');
    }
  });

  it('refuses a player without a seat anything but join', () => {
    const { t, a } = table();
    refused(t, player(), { type: 'roll', characterId: a, action: 'overcome' }, 'forbidden');
  });
});

describe('characters', () => {
  it('refuses a sheet the ruleset finds invalid, with its messages', () => {
    const t = new TestTable();
    const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
    const before = t.state();
    const out = t.send(ann, { type: 'character.create', character: { name: 'Blank' } });
    expect(out).toMatchObject({ ok: false, code: 'invalid' });
    if (!out.ok) expect(out.message).toMatch(/High Concept|Trouble/);
    expect(t.state()).toEqual(before);
  });

  it('lets the GM make a pregenerated character that a player claims', () => {
    const t = new TestTable();
    const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
    const id = t.ok(GM, {
      type: 'character.create',
      character: validSheet('fate-core', 'Pregen'),
    }).characterId!;
    expect(char(t, id).owner).toBeUndefined();
    t.ok(ann, { type: 'character.claim', characterId: id });
    expect(char(t, id).owner).toBe(ann.seatId);
    refused(t, ann, { type: 'character.claim', characterId: id }, 'invalid');
  });

  it('updates a sheet and rebuilds stress from Physique', () => {
    const { t, ann, a } = table();
    t.ok(ann, { type: 'character.update', characterId: a, changes: { name: 'Zira Vel' } });
    expect(char(t, a).name).toBe('Zira Vel');
    refused(
      t,
      ann,
      {
        type: 'character.update',
        characterId: a,
        changes: { skills: [{ id: 'fight', rating: 9 }] },
      },
      'invalid',
    );
  });
});

describe('aspects, spotlight and GM secrets', () => {
  it('adds, edits, pushes, dismisses and removes an aspect', () => {
    const { t, aspectId } = table();
    t.ok(GM, { type: 'aspect.edit', ref: { aspectId }, text: 'Raging Fire' });
    t.ok(GM, { type: 'spotlight.push', ref: { aspectId } });
    expect(readTable(t.docs.pub).spotlight).toMatchObject({ aspectId, text: 'Raging Fire' });
    t.ok(GM, { type: 'spotlight.dismiss' });
    expect(readTable(t.docs.pub).spotlight).toBeNull();
    t.ok(GM, { type: 'aspect.remove', ref: { aspectId } });
    expect(readTable(t.docs.pub).aspects).toEqual([]);
    refused(t, GM, { type: 'aspect.remove', ref: { aspectId } }, 'not-found');
    refused(
      t,
      GM,
      { type: 'aspect.add', kind: 'situation', text: 'x', owner: 'nobody' },
      'not-found',
    );
  });

  it('keeps prepared aspects and notes out of the public document until revealed', () => {
    const { t } = table();
    const hiddenId = t.ok(GM, {
      type: 'gm.prepare',
      kind: 'situation',
      text: 'Trapdoor',
      freeInvokes: 2,
    }).hiddenId!;
    t.ok(GM, { type: 'gm.note', text: 'The mayor did it' });
    const npcDraft = t.ok(GM, {
      type: 'gm.npc-draft',
      character: validSheet('fate-core', 'Mayor'),
    }).hiddenId!;
    const pubBytes = new TextDecoder().decode(Y.encodeStateAsUpdate(t.docs.pub));
    expect(pubBytes).not.toContain('Trapdoor');
    expect(pubBytes).not.toContain('mayor did it');
    expect(pubBytes).not.toContain('Mayor');
    expect(readGm(t.docs.gm).hidden).toHaveLength(2);
    const { aspectId } = t.ok(GM, { type: 'gm.reveal', hiddenId });
    expect(readTable(t.docs.pub).aspects.find((x) => x.id === aspectId)).toMatchObject({
      text: 'Trapdoor',
      freeInvokes: { gm: 2 },
    });
    const { characterId } = t.ok(GM, { type: 'gm.reveal', hiddenId: npcDraft });
    expect(char(t, characterId!)).toMatchObject({ name: 'Mayor', npc: true, owner: 'gm' });
    expect(readGm(t.docs.gm).hidden).toEqual([]);
    refused(t, GM, { type: 'gm.reveal', hiddenId }, 'not-found');
  });
});

describe('rolls and invokes', () => {
  it('stores faces, total, ladder label, outcome and shifts', () => {
    const { t, ann, a } = table();
    // A bonus the GM names (a player's roll adds stunts and help instead: bonuses.test.ts).
    const { rollId } = t.ok(GM, {
      type: 'roll',
      characterId: a,
      skillId: 'fight',
      action: 'overcome',
      difficulty: 2,
      modifiers: [{ label: 'High ground', value: 2 }],
    });
    const roll = readTable(t.docs.pub).rolls.find((r) => r.id === rollId)!;
    expect(roll.actor.faces).toHaveLength(4);
    const dice = roll.actor.faces.reduce((s, f) => s + f, 0);
    expect(roll.actor.total).toBe(dice + 4 + 2);
    expect(roll.actor.label).toMatch(/\(\+?-?\d+\)|^[+-]\d+$/);
    expect(roll.shifts).toBe(roll.actor.total - 2);
    refused(
      t,
      ann,
      { type: 'roll', characterId: a, skillId: 'flying', action: 'overcome' },
      'invalid',
    );
  });

  it('charges a paid invoke and refuses one without points or free invokes', () => {
    const { t, ann, a, aspectId } = table();
    const { rollId } = t.ok(ann, {
      type: 'roll',
      characterId: a,
      skillId: 'fight',
      action: 'overcome',
    });
    const fp = char(t, a).fatePoints;
    t.ok(ann, {
      type: 'invoke',
      rollId,
      ref: { characterId: a, aspectId: 'hc' },
      free: false,
      effect: '+2',
    });
    expect(char(t, a).fatePoints).toBe(fp - 1);
    // Once per roll with a fate point [CORE-INVOKE-4].
    refused(
      t,
      ann,
      {
        type: 'invoke',
        rollId,
        ref: { characterId: a, aspectId: 'hc' },
        free: false,
        effect: '+2',
      },
      'rules',
    );
    // The GM's free invoke on On Fire is not Ann's.
    refused(
      t,
      ann,
      { type: 'invoke', rollId, ref: { aspectId }, free: true, effect: '+2' },
      'no-free-invokes',
    );
    t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'fate-points', characterId: a, value: 0 },
      reason: 'test',
    });
    refused(
      t,
      ann,
      {
        type: 'invoke',
        rollId,
        ref: { characterId: a, aspectId: 'tr' },
        free: false,
        effect: 'reroll',
      },
      'no-fate-points',
    );
  });

  it('gives an NPC no points of its own: its paid invoke spends the GM pool', () => {
    // The texts are silent on NPCs' points; the Fate Core SRD's convention ("The GM's fate
    // points") is that the GM pays for them from the scene's pool [CORE-FP-3], [CORE-FP-5].
    const { t, npc } = table();
    expect(char(t, npc).fatePoints).toBe(0);
    const pool = readTable(t.docs.pub).gmPool;
    expect(pool).toBeGreaterThan(0);
    const { rollId } = t.ok(GM, {
      type: 'roll',
      characterId: npc,
      skillId: 'fight',
      action: 'overcome',
    });
    t.ok(GM, {
      type: 'invoke',
      rollId,
      ref: { characterId: npc, aspectId: 'hc' },
      free: false,
      effect: '+2',
    });
    expect(readTable(t.docs.pub).gmPool).toBe(pool - 1);
    expect(char(t, npc).fatePoints).toBe(0);
  });

  it('holds a hostile invoke’s point for the target until the scene ends', () => {
    const { t, ann, a, b } = table();
    const { rollId } = t.ok(ann, {
      type: 'roll',
      characterId: a,
      skillId: 'fight',
      action: 'attack',
      opposition: { characterId: b, skillId: 'athletics' },
    });
    const bobFp = char(t, b).fatePoints;
    t.ok(ann, {
      type: 'invoke',
      rollId,
      ref: { characterId: b, aspectId: 'tr' },
      free: false,
      effect: '+2',
    });
    expect(char(t, b)).toMatchObject({ fatePoints: bobFp, owed: 1 });
    t.ok(GM, { type: 'scene.end' });
    expect(char(t, b)).toMatchObject({ fatePoints: bobFp + 1, owed: 0 });
  });
});

describe('compels and gifts', () => {
  it('a player’s compel on another character is paid by their own character', () => {
    const { t, ann, bob, a, b } = table();
    const { compelId } = t.ok(ann, { type: 'compel.offer', characterId: b, text: 'Trip him' });
    const [fa, fb] = [char(t, a).fatePoints, char(t, b).fatePoints];
    refused(t, ann, { type: 'compel.accept', compelId }, 'forbidden');
    t.ok(bob, { type: 'compel.accept', compelId });
    expect([char(t, a).fatePoints, char(t, b).fatePoints]).toEqual([fa - 1, fb + 1]);
  });

  it('a self-compel is decided by the GM only', () => {
    const { t, ann, a } = table();
    const { compelId } = t.ok(ann, { type: 'compel.offer', characterId: a, text: 'My debts' });
    expect(readTable(t.docs.pub).compels[0]).toMatchObject({ self: true });
    refused(t, ann, { type: 'compel.accept', compelId }, 'forbidden');
    const fa = char(t, a).fatePoints;
    t.ok(GM, { type: 'compel.accept', compelId });
    expect(char(t, a).fatePoints).toBe(fa + 1);
  });

  it('refusing a compel without points is refused', () => {
    const { t, ann, a } = table();
    t.ok(GM, { type: 'gm.adjust', adjust: { what: 'fate-points', characterId: a, value: 0 } });
    const { compelId } = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'x' });
    refused(t, ann, { type: 'compel.refuse', compelId }, 'no-fate-points');
  });

  it('gives a fate point to another character', () => {
    const { t, ann, a, b } = table();
    const [fa, fb] = [char(t, a).fatePoints, char(t, b).fatePoints];
    t.ok(ann, {
      type: 'fate-point.give',
      fromCharacterId: a,
      toCharacterId: b,
      reason: 'for luck',
    });
    expect([char(t, a).fatePoints, char(t, b).fatePoints]).toEqual([fa - 1, fb + 1]);
    refused(
      t,
      ann,
      { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b, amount: 5 },
      'no-fate-points',
    );
  });
});

describe('time, conflict and GM adjustments', () => {
  it('runs turn order round by round and ends the conflict', () => {
    const { t, ann, bob, a, b, npc } = table();
    t.ok(GM, { type: 'conflict.start', order: [a, b, npc] });
    refused(t, bob, { type: 'conflict.next' }, 'forbidden');
    t.ok(ann, { type: 'conflict.next' });
    t.ok(bob, { type: 'conflict.next' });
    t.ok(GM, { type: 'conflict.next' });
    expect(readTable(t.docs.pub).conflict).toMatchObject({ active: true, turn: 0, round: 2 });
    t.ok(GM, { type: 'conflict.end' });
    expect(readTable(t.docs.pub).conflict.active).toBe(false);
    refused(t, GM, { type: 'conflict.end' }, 'invalid');
  });

  it('refreshes at session start only after the scene ended', () => {
    const { t, ann, a } = table();
    refused(t, GM, { type: 'session.start' }, 'invalid');
    t.ok(GM, { type: 'scene.end' });
    const { rollId } = t.ok(ann, {
      type: 'roll',
      characterId: a,
      skillId: 'fight',
      action: 'overcome',
    });
    t.ok(ann, {
      type: 'invoke',
      rollId,
      ref: { characterId: a, aspectId: 'hc' },
      free: false,
      effect: '+2',
    });
    expect(char(t, a).fatePoints).toBe(char(t, a).refresh - 1);
    t.ok(GM, { type: 'session.start' });
    expect(char(t, a).fatePoints).toBe(char(t, a).refresh);
  });

  it('logs a GM adjustment with before and after', () => {
    const { t, a } = table();
    const out = t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'stress', characterId: a, trackId: 'physical', box: 0, checked: true },
      reason: 'ouch',
    });
    expect(out.log?.[0]).toMatchObject({ type: 'gm.adjust', before: false, after: true });
    expect(char(t, a).stress[0]!.boxes[0]!.checked).toBe(true);
    refused(
      t,
      GM,
      {
        type: 'gm.adjust',
        adjust: { what: 'stress', characterId: a, trackId: 'physical', box: 9, checked: true },
      },
      'not-found',
    );
  });

  it('takes, starts recovering (the GM, without a roll) and clears a consequence', () => {
    const { t, a } = table();
    t.ok(GM, { type: 'consequence.take', characterId: a, slotId: 'mild', text: 'Black Eye' });
    t.ok(GM, {
      type: 'consequence.recover',
      characterId: a,
      slotId: 'mild',
      text: 'Fading Bruise',
    });
    expect(char(t, a).consequences.find((c) => c.id === 'mild')?.taken).toMatchObject({
      text: 'Fading Bruise',
      recovering: true,
    });
    t.ok(GM, { type: 'consequence.clear', characterId: a, slotId: 'mild' });
    expect(char(t, a).consequences.find((c) => c.id === 'mild')?.taken).toBeUndefined();
    refused(t, GM, { type: 'consequence.clear', characterId: a, slotId: 'mild' }, 'not-found');
  });
});

describe('extreme consequence', () => {
  it('[FC-EXTREME-1] replaces the aspect the defender names; refused without one or on the High Concept', () => {
    const { t, bob, b } = table();
    const tam = char(t, b);
    const hit = { shifts: 8, kind: 'physical' as const };
    const option = fateCore
      .absorptionOptions(tam, hit)
      .findIndex((o) => o.consequences.length === 1 && o.consequences[0] === 'extreme');
    expect(option).toBeGreaterThanOrEqual(0);
    const absorb = {
      type: 'absorb',
      characterId: b,
      shifts: 8,
      option,
      names: { extreme: 'Lost an eye' },
    };
    refused(t, bob, absorb, 'rules');
    refused(t, bob, { ...absorb, replacesAspectId: 'hc' }, 'rules');
    const trouble = tam.aspects.find((a) => a.id === 'tr')!.text;
    t.ok(bob, { ...absorb, replacesAspectId: 'tr' });
    const after = char(t, b);
    expect(after.aspects.find((a) => a.id === 'tr')!.text).toBe('Lost an eye');
    expect(after.aspects.map((a) => a.text)).not.toContain(trouble);
    expect(after.consequences.find((s) => s.id === 'extreme')?.taken).toMatchObject({
      text: 'Lost an eye',
      replacesAspectId: 'tr',
    });
    // Once between major milestones [FC-EXTREME-2]: no longer offered.
    expect(
      fateCore.absorptionOptions(after, hit).some((o) => o.consequences.includes('extreme')),
    ).toBe(false);
  });
});
