import { describe, expect, it } from 'vitest';
import { narrative } from './ruleset';
import { kim } from './fixtures';

describe('narrative character sheet', () => {
  it('[NAR-SHEET-1] one aspect per category, rated Good, Fair, Fair, Average', () => {
    const c = narrative.newCharacter({ id: 'x', name: 'X' });
    expect(c.aspects.map((a) => a.id)).toEqual(['body', 'mind', 'social', 'professional']);
    expect(narrative.validateCharacter(kim())).toEqual([]);
    const codes = narrative.validateCharacter(c).map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['aspect-blank', 'aspect-spread']));
  });

  it('[NAR-SHEET-1] a wrong spread says what to change: the rungs off, the aspects over the cap', () => {
    const k = kim();
    const rate = (...r: number[]) => ({
      ...k,
      aspects: k.aspects.map((a, i) => ({ ...a, rating: r[i]!, baseRating: r[i]! })),
    });
    const twoGood = narrative.validateCharacter(rate(1, 3, 3, 2));
    expect(twoGood.map((p) => p.code)).toEqual(['aspect-spread']);
    expect(twoGood[0]!.message).toBe(
      'The spread has 1 aspect at Good (+3); you have 2: lower 1 of them. ' +
        'The spread has 2 aspects at Fair (+2); you have 1: raise 1 more to Fair (+2).',
    );
    const great = narrative.validateCharacter(rate(5, 2, 2, 1));
    expect(great[0]!.message).toBe(
      'The spread has 1 aspect at Good (+3); you have 0: raise 1 more to Good (+3). ' +
        `The cap is Good (+3): lower “${k.aspects[0]!.text}”.`,
    );
  });

  it('[NAR-SHEET-1] missing or doubled categories are readable problems', () => {
    const k = kim();
    const bad = { ...k, aspects: [...k.aspects.slice(0, 3), { ...k.aspects[0]!, id: 'body' }] };
    const problems = narrative.validateCharacter(bad);
    expect(problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        'A character has exactly one Body aspect, not 2.',
        'A character has exactly one Professional aspect, not 0.',
      ]),
    );
    // NPCs are free of the template but not of the ladder floor.
    const npc = {
      ...bad,
      npc: true,
      aspects: [{ id: 'x', slot: 'other' as const, text: 'Thug', rating: -2 }],
    };
    expect(narrative.validateCharacter(npc).map((p) => p.code)).toEqual(['below-poor']);
  });

  it('[NAR-SHEET-2] aspects are the skills: no skill list, no tracks', () => {
    expect(narrative.skills).toBeNull();
    const k = kim();
    const codes = narrative
      .validateCharacter({ ...k, skills: [{ id: 'shoot', rating: 2 }] })
      .map((p) => p.code);
    expect(codes).toContain('skills-unused');
    const unrated = { ...k, aspects: k.aspects.map((a) => ({ ...a, rating: undefined })) };
    expect(narrative.validateCharacter(unrated).map((p) => p.code)).toContain('aspect-unrated');
  });
});
