import { describe, expect, it } from 'vitest';
import type { Character } from '../../core/character';
import { applyEconomy } from '../../core/economy';
import { pirates } from './ruleset';
import { newPiratesCharacter } from './template';
import { attemptPiratesRecovery, piratesRecoveryDifficulty } from './stress';

const blank = newPiratesCharacter({ id: 'p1', name: 'Anne' });
const hit = (shifts: number) => ({ shifts, kind: 'physical' as const });
const labels = (c: Character, shifts: number) =>
  pirates.absorptionOptions(c, hit(shifts)).map((o) => o.label);
const stunts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `s${i}`, name: 'Stunt', text: '' }));

const anne: Character = {
  ...blank,
  aspects: blank.aspects.map((a) => ({ ...a, text: a.slot === 'free' ? '' : `My ${a.slot}` })),
  skills: [3, 2, 2, 1, 1, 0].map((rating, i) => ({ id: blank.skills[i]!.id, rating })),
};

function checkBoxes(c: Character, values: number[]): Character {
  return {
    ...c,
    stress: c.stress.map((t) => ({
      ...t,
      boxes: t.boxes.map((b) => (values.includes(b.value) ? { ...b, checked: true } : b)),
    })),
  };
}

function take(c: Character, slotId: string, text = 'Hurt'): Character {
  return {
    ...c,
    consequences: c.consequences.map((s) =>
      s.id === slotId ? { ...s, taken: { text, recovering: false } } : s,
    ),
  };
}

describe('pirates character', () => {
  it('[PIR-ASPECTS-1] five aspects: High Concept, Trouble, Ship and two free', () => {
    expect(blank.aspects.map((a) => a.slot)).toEqual([
      'high-concept',
      'trouble',
      'ship',
      'free',
      'free',
    ]);
    const noShip = { ...anne, aspects: anne.aspects.filter((a) => a.slot !== 'ship') };
    expect(pirates.validateCharacter(noShip)).toEqual([
      expect.objectContaining({ code: 'aspect-slots', rule: '[PIR-ASPECTS-1]' }),
    ]);
  });

  it('[PIR-ASPECTS-2] the free aspects may stay blank, the others may not', () => {
    expect(pirates.validateCharacter(anne)).toEqual([]);
    const p = pirates.validateCharacter({
      ...anne,
      aspects: anne.aspects.map((a) => (a.slot === 'ship' ? { ...a, text: ' ' } : a)),
    });
    expect(p.map((x) => [x.code, x.path])).toEqual([['aspect-blank', 'aspects.ship']]);
  });

  it('[PIR-SKILLS-1] the six skills at exactly +3/+2/+2/+1/+1/+0', () => {
    expect(pirates.skills?.map((s) => s.name)).toEqual([
      'Explore',
      'Jury Rig',
      'Parley',
      'Savvy',
      'Sneak',
      'Swashbuckle',
    ]);
    const flat = { ...anne, skills: anne.skills.map((s) => ({ ...s, rating: 2 })) };
    expect(pirates.validateCharacter(flat).map((p) => p.code)).toEqual(['skill-spread']);
    const odd = { ...anne, skills: [...anne.skills.slice(1), { id: 'gunnery', rating: 3 }] };
    expect(pirates.validateCharacter(odd).map((p) => p.code)).toEqual(['skill-list']);
  });

  it('[PIR-SKILLS-1] a spread problem says which rung to change, in ladder words', () => {
    const rated = (ratings: number[]) => ({
      ...anne,
      skills: anne.skills.map((s, i) => ({ ...s, rating: ratings[i] ?? 0 })),
    });
    // Three Average and no Mediocre: one Average too many.
    expect(pirates.validateCharacter(rated([3, 2, 2, 1, 1, 1])).map((p) => p.message)).toEqual([
      'Skills are one Good (+3), two Fair (+2), two Average (+1) and one Mediocre (+0). The spread has 2 skills at Average (+1); you have 3: lower 1 of them.',
    ]);
    // A Great skill instead of the Good one: the Good rung is short by one.
    expect(pirates.validateCharacter(rated([4, 2, 2, 1, 1, 0]))[0]?.message).toContain(
      'The spread has 1 skill at Good (+3); you have 0: raise 1 more to Good (+3).',
    );
  });

  it('[PIR-REFRESH-1] refresh 3 by default and never below 1', () => {
    expect(blank.refresh).toBe(3);
    expect(pirates.defaultRefresh).toBe(3);
    expect(
      pirates.validateCharacter({ ...anne, stunts: stunts(6), refresh: 0 }).map((p) => p.code),
    ).toEqual(['refresh-floor']);
    expect(pirates.validateCharacter({ ...anne, stunts: stunts(5), refresh: 1 })).toEqual([]);
  });

  it('[PIR-STUNTS-1] three free stunts, two with a primary magic, 1 refresh per further stunt', () => {
    expect(pirates.validateCharacter({ ...anne, stunts: stunts(3) })).toEqual([]);
    expect(
      pirates
        .validateCharacter({ ...anne, stunts: stunts(3), primaryMagic: true })
        .map((p) => p.code),
    ).toEqual(['refresh-mismatch']);
    expect(
      pirates.validateCharacter({ ...anne, stunts: stunts(3), primaryMagic: true, refresh: 2 }),
    ).toEqual([]);
    expect(pirates.validateCharacter({ ...anne, stunts: stunts(4), refresh: 2 })).toEqual([]);
  });

  it('[PIR-STRESS-1] one stress track [1][2][3]; NPCs may differ', () => {
    expect(blank.stress.map((t) => t.boxes.map((b) => b.value))).toEqual([[1, 2, 3]]);
    const odd = {
      ...anne,
      stress: [{ ...anne.stress[0]!, boxes: [{ value: 1, checked: false }] }],
    };
    expect(pirates.validateCharacter(odd).map((p) => p.code)).toEqual(['stress-boxes']);
    expect(pirates.validateCharacter({ ...odd, npc: true })).toEqual([]);
  });
});

describe('pirates stress and consequences', () => {
  it('[PIR-STRESS-2] one box per hit, a box absorbs up to its value', () => {
    expect(labels(blank, 2)).toEqual([
      '2-point stress box',
      '3-point stress box',
      'mild consequence',
      'moderate consequence',
      'severe consequence',
    ]);
    expect(labels(checkBoxes(blank, [3]), 3).every((l) => l.includes('consequence'))).toBe(true);
  });

  it('[PIR-CONSEQ-1] any number of consequences 2/4/6 per hit', () => {
    expect(labels(blank, 12)).toEqual([
      'moderate consequence + severe consequence + 2-point stress box',
      'moderate consequence + severe consequence + 3-point stress box',
      'mild consequence + moderate consequence + severe consequence',
    ]);
    expect(labels(blank, 15)).toEqual([
      'mild consequence + moderate consequence + severe consequence + 3-point stress box',
    ]);
  });

  it('[PIR-CONSEQ-2] the attacker gets a free invoke on each consequence', () => {
    const opt = pirates.absorptionOptions(blank, hit(15))[0]!;
    const r = pirates.applyAbsorption(blank, hit(15), opt, {
      mild: 'Wet',
      moderate: 'Keelhauled',
      severe: 'Broken Arm',
    });
    expect(r.ok && r.value.grants.freeInvokes.map((g) => [g.consequenceSlotId, g.count])).toEqual([
      ['mild', 1],
      ['moderate', 1],
      ['severe', 1],
    ]);
  });

  it('[PIR-TAKENOUT-1] taken out when the hit cannot be absorbed', () => {
    expect(pirates.absorptionOptions(blank, hit(16))).toEqual([]);
    const spent = checkBoxes(take(take(blank, 'moderate'), 'severe'), [1, 2, 3]);
    expect(pirates.absorptionOptions(spent, hit(3))).toEqual([]);
    expect(
      pirates.applyAbsorption(
        spent,
        hit(3),
        {
          consequences: ['mild'],
          stress: { trackId: 'stress', boxIndex: 0, value: 1 },
          absorbs: 3,
          label: '',
        },
        { mild: 'x' },
      ),
    ).toMatchObject({ ok: false, code: 'box-checked' });
  });

  it('[PIR-STRESS-3] stress clears between scenes', () => {
    const c = pirates.passTime(checkBoxes(blank, [1, 2, 3]), 'scene-end');
    expect(c.stress[0]?.boxes.every((b) => !b.checked)).toBe(true);
  });
});

describe('pirates recovery', () => {
  it('[PIR-RECOVER-1] the overcome is against the consequence value: Fair, Great, Fantastic', () => {
    expect(
      ['mild', 'moderate', 'severe'].map((s) => piratesRecoveryDifficulty(s as 'mild')),
    ).toEqual([
      { ok: true, value: 2 },
      { ok: true, value: 4 },
      { ok: true, value: 6 },
    ]);
  });

  it('[PIR-RECOVER-2] a failure still starts recovery; only success rephrases', () => {
    const c = take(blank, 'moderate', 'Cracked Ribs');
    const failed = attemptPiratesRecovery(c, { slotId: 'moderate', result: 1 });
    expect(failed.ok && failed.value.character.consequences[1]?.taken).toMatchObject({
      text: 'Cracked Ribs',
      recovering: true,
    });
    expect(
      attemptPiratesRecovery(c, { slotId: 'moderate', result: 1, newName: 'Strapped Ribs' }),
    ).toMatchObject({ ok: false, code: 'rename-needs-success' });
    const good = attemptPiratesRecovery(c, {
      slotId: 'moderate',
      result: 5,
      newName: 'Strapped Ribs',
    });
    expect(good.ok && good.value.outcome).toBe('success');
    expect(good.ok && good.value.character.consequences[1]?.taken?.text).toBe('Strapped Ribs');
  });

  it('[PIR-RECOVER-3] mild clears at the end of the next scene, moderate the next session, severe the next scenario', () => {
    let c = take(take(take(blank, 'mild'), 'moderate'), 'severe');
    for (const slotId of ['mild', 'moderate', 'severe']) {
      const r = attemptPiratesRecovery(c, { slotId, result: 0 });
      if (!r.ok) throw new Error(r.message);
      c = r.value.character;
    }
    const taken = (x: Character) => x.consequences.filter((s) => s.taken).map((s) => s.id);
    c = pirates.passTime(c, 'scene-end');
    expect(taken(c)).toEqual(['mild', 'moderate', 'severe']);
    c = pirates.passTime(c, 'scene-end');
    expect(taken(c)).toEqual(['moderate', 'severe']);
    c = pirates.passTime(pirates.passTime(c, 'session-end'), 'scenario-end');
    expect(taken(c)).toEqual(['moderate', 'severe']);
    c = pirates.passTime(pirates.passTime(c, 'session-end'), 'scenario-end');
    expect(taken(c)).toEqual([]);
  });

  it('[PIR-RECOVER-3] an attempt between scenes clears a mild one at the end of the next scene', () => {
    const started = pirates.startRecovery(take(blank, 'mild'), {
      slotId: 'mild',
      sceneRunning: false,
    });
    if (!started.ok) throw new Error(started.message);
    const after = pirates.passTime(started.value, 'scene-end');
    expect(after.consequences.find((s) => s.id === 'mild')?.taken).toBeUndefined();
  });
});

describe('pirates compels', () => {
  it('[PIR-COMPEL-1] refusing the GM’s compel pays the GM’s pool, not the bank', () => {
    expect(pirates.gmCompelRefusalTo).toBe('gm-pool');
    const step = applyEconomy(
      { balances: { bob: 1 }, gmPool: 0, pendingScenePayouts: {} },
      {
        type: 'compel-refuse',
        target: 'bob',
        offeredBy: { type: 'gm' },
        gmTakesTo: pirates.gmCompelRefusalTo,
      },
    );
    expect(step.ok && [step.value.state.balances.bob, step.value.state.gmPool]).toEqual([0, 1]);
  });
});

describe('pirates concession', () => {
  it('[PIR-CONCEDE-1] pays 1 plus 1 per consequence taken in the scene, not only this conflict', () => {
    // The table keeps the count through a conflict's end when the ruleset counts the scene's.
    expect(pirates.concessionCounts).toBe('scene');
    const step = applyEconomy(
      { balances: { bob: 0 }, gmPool: 0, pendingScenePayouts: {} },
      { type: 'concede', characterId: 'bob', consequencesTaken: 2 },
    );
    expect(step.ok && step.value.state.balances.bob).toBe(3);
  });
});
