import { describe, expect, it } from 'vitest';
import type { Character } from './character';
import { deriveSheet } from './sheet';
import { fateCore } from '../rulesets/fate-core/ruleset';
import { edgerunner } from '../rulesets/edgerunner/ruleset';
import { pirates } from '../rulesets/pirates/ruleset';
import { narrative } from '../rulesets/narrative/ruleset';

/** A sheet as a player writes it: aspects and ratings, nothing derived. */
function written(base: Character, ratings: Record<string, number>): Character {
  const skills = new Map(base.skills.map((s) => [s.id, s.rating]));
  for (const [id, rating] of Object.entries(ratings)) skills.set(id, rating);
  return {
    ...base,
    aspects: base.aspects.map((a, i) => ({ ...a, text: `Aspect ${i + 1}` })),
    skills: [...skills].map(([id, rating]) => ({ id, rating })),
  };
}

// The brief's sheet: a full pyramid with Physique Fair (+2) and Will Average (+1).
const PYRAMID = {
  fight: 4,
  athletics: 3,
  notice: 3,
  physique: 2,
  shoot: 2,
  stealth: 2,
  will: 1,
  lore: 1,
  rapport: 1,
  empathy: 1,
};

const boxes = (c: Character): Record<string, number[]> =>
  Object.fromEntries(c.stress.map((t) => [t.id, t.boxes.map((b) => b.value)]));

const stunts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `s${i}`, name: `Stunt ${i}`, text: '' }));

describe('[CORE-SHEET-1] what a sheet derives is computed, never demanded', () => {
  it('[FC-STRESS-4] fate-core: Physique Fair and Will Average each add a 3-point box; the sheet validates', () => {
    const blank = fateCore.newCharacter({ id: 'c', name: 'Ann' });
    const typed = written(blank, PYRAMID);
    // As typed, the tracks are the blank template's: validation alone would refuse them.
    expect(fateCore.validateCharacter(typed).map((p) => p.code)).toEqual(['stress-boxes']);
    const sheet = deriveSheet(fateCore, typed);
    expect(boxes(sheet)).toEqual({ physical: [1, 2, 3], mental: [1, 2, 3] });
    expect(fateCore.validateCharacter(sheet)).toEqual([]);
  });

  it('[FC-STRESS-4] [FC-CONSEQ-3] Good Physique gives 3 and 4; Superb gives the reserved mild slot', () => {
    const blank = fateCore.newCharacter({ id: 'c', name: 'Og', npc: true });
    expect(boxes(deriveSheet(fateCore, written(blank, { physique: 3, will: 0 })))).toEqual({
      physical: [1, 2, 3, 4],
      mental: [1, 2],
    });
    const superb = deriveSheet(fateCore, written(blank, { physique: 5 }));
    expect(superb.consequences.map((s) => s.id)).toContain('mild-physical');
  });

  it('[FC-CHAR-3] refresh comes from the stunts: 3, less 1 for each beyond three', () => {
    const typed = written(fateCore.newCharacter({ id: 'c', name: 'Ann' }), PYRAMID);
    const four = deriveSheet(fateCore, { ...typed, stunts: stunts(4), refresh: 3 });
    expect(four.refresh).toBe(2);
    expect(fateCore.validateCharacter(four)).toEqual([]);
    // Six stunts would need refresh 0: derived, and refused as a problem the player can fix.
    const six = deriveSheet(fateCore, { ...typed, stunts: stunts(6) });
    expect(six.refresh).toBe(0);
    expect(fateCore.validateCharacter(six).map((p) => p.code)).toEqual(['refresh-floor']);
  });

  it('[CORE-SHEET-1] an edit moves refresh only by what the stunts changed; NPCs keep theirs', () => {
    const typed = written(fateCore.newCharacter({ id: 'c', name: 'Ann' }), PYRAMID);
    const raised = { ...deriveSheet(fateCore, typed), refresh: 4 }; // a milestone raised it
    expect(deriveSheet(fateCore, { ...raised, stunts: stunts(4) }, raised).refresh).toBe(3);
    expect(deriveSheet(fateCore, { ...raised, name: 'Anna' }, raised).refresh).toBe(4);
    const npc = { ...typed, npc: true, refresh: 7, stunts: stunts(5) };
    expect(deriveSheet(fateCore, npc).refresh).toBe(7);
  });

  it('[ER-STRESS-1] [ER-SHEET-2] edgerunner: Physique Good adds 3 and 4; refresh from stunts', () => {
    const blank = edgerunner.newCharacter({ id: 'e', name: 'Jade' });
    const sheet = deriveSheet(edgerunner, {
      ...written(blank, { ...PYRAMID, physique: 3, notice: 2 }),
      stunts: stunts(4),
    });
    expect(boxes(sheet)).toEqual({ physical: [1, 2, 3, 4], mental: [1, 2, 3] });
    expect(sheet.refresh).toBe(2);
    expect(edgerunner.validateCharacter(sheet)).toEqual([]);
  });

  it('[PIR-STUNTS-1] [NAR-SHEET-3] pirates and narrative derive refresh from stunts too', () => {
    const pirate = pirates.newCharacter({ id: 'p', name: 'Bess' });
    expect(deriveSheet(pirates, { ...pirate, stunts: stunts(4) }).refresh).toBe(2);
    expect(deriveSheet(pirates, { ...pirate, primaryMagic: true, stunts: stunts(3) }).refresh).toBe(
      2,
    );
    const teller = narrative.newCharacter({ id: 'n', name: 'Mara' });
    expect(deriveSheet(narrative, { ...teller, stunts: stunts(5) }).refresh).toBe(1);
  });
});

describe('skill spreads, rung by rung, with problems that say what to change', () => {
  const blank = fateCore.newCharacter({ id: 'c', name: 'Ann' });

  it('[FC-CHAR-2] the pyramid: one Great, two Good, three Fair, four Average, counted live', () => {
    const spread = fateCore.skillSpread(written(blank, { ...PYRAMID, athletics: 4 }));
    expect(spread.kind).toBe('pyramid');
    expect(spread.cap).toBe(4);
    expect(spread.rungs.map((r) => [r.rating, r.have, r.want, r.ok])).toEqual([
      [4, 2, 1, false],
      [3, 1, 2, false],
      [2, 3, 3, true],
      [1, 4, 4, true],
    ]);
    expect(
      fateCore.validateCharacter(
        deriveSheet(fateCore, written(blank, { ...PYRAMID, athletics: 4 })),
      ),
    ).toEqual([
      expect.objectContaining({
        message: 'The skill pyramid has 1 skill at Great (+4); you have 2: lower 1 of them.',
      }),
      expect.objectContaining({
        message:
          'The skill pyramid has 2 skills at Good (+3); you have 1: raise 1 more to Good (+3).',
      }),
    ]);
  });

  it('[ER-SHEET-1] columns: two at Great need two at Good; the problem names both ways out', () => {
    const c = written(edgerunner.newCharacter({ id: 'e', name: 'Jade' }), {
      fight: 4,
      lore: 4,
      notice: 3,
      shoot: 2,
      stealth: 2,
      will: 1,
      physique: 1,
    });
    const spread = edgerunner.skillSpread(c);
    expect(spread.kind).toBe('columns');
    expect(spread.rungs.map((r) => [r.rating, r.have, r.bound, r.ok])).toEqual([
      [4, 2, 'at-most', false],
      [3, 1, 'at-most', true],
      [2, 2, 'at-most', true],
      [1, 2, 'any', true],
    ]);
    expect(
      edgerunner
        .validateCharacter(deriveSheet(edgerunner, c))
        .filter((p) => p.code === 'skill-pyramid')
        .map((p) => p.message),
    ).toEqual([
      '2 skills at Great (+4) need at least as many at Good (+3); you have 1: raise 1 more to Good (+3) or lower 1 from Great (+4).',
    ]);
  });

  it('[ER-SHEET-1] the cap names the skill to lower', () => {
    const c = written(edgerunner.newCharacter({ id: 'e', name: 'Jade' }), { fight: 5 });
    expect(edgerunner.validateCharacter(c).find((p) => p.code === 'skill-cap')?.message).toBe(
      'No skill may start above Great (+4); lower Fight.',
    );
  });

  it('[PIR-SKILLS-1] [NAR-SHEET-1] the fixed spreads count each rung exactly', () => {
    const pirate = pirates.newCharacter({ id: 'p', name: 'Bess' });
    expect(pirates.skillSpread(pirate).rungs.map((r) => [r.rating, r.want, r.have])).toEqual([
      [3, 1, 0],
      [2, 2, 0],
      [1, 2, 0],
    ]);
    const teller = narrative.newCharacter({ id: 'n', name: 'Mara' });
    const rated = {
      ...teller,
      aspects: teller.aspects.map((a, i) => {
        const rating = [3, 2, 2, 1][i] ?? 0;
        return { ...a, rating, baseRating: rating };
      }),
    };
    const spread = narrative.skillSpread(rated);
    expect(spread.noun).toBe('aspect');
    expect(spread.rungs.every((r) => r.ok)).toBe(true);
  });
});
