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
