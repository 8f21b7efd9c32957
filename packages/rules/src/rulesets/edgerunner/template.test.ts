import { describe, expect, it } from 'vitest';
import type { Character } from '../../core/character';
import { edgerunner } from './ruleset';
import { edgerunnerStressBoxValues, syncEdgerunnerStress } from './template';

function filled(): Character {
  const c = edgerunner.newCharacter({ id: 'jade', name: 'Jade' });
  return {
    ...c,
    aspects: c.aspects.map((a, i) => ({ ...a, text: `Aspect ${i + 1}` })),
    skills: [
      { id: 'lore', rating: 4 },
      { id: 'empathy', rating: 3 },
      { id: 'stealth', rating: 3 },
      { id: 'notice', rating: 2 },
      { id: 'investigate', rating: 2 },
      { id: 'contacts', rating: 2 },
      { id: 'will', rating: 1 },
      { id: 'physique', rating: 1 },
      { id: 'medical', rating: 1 },
      { id: 'survival', rating: 1 },
    ],
  };
}

describe('edgerunner character sheet', () => {
  it('[ER-SHEET-1] a new character: five permanent aspects, refresh 3, three consequence slots', () => {
    const c = edgerunner.newCharacter({ id: 'x', name: 'X' });
    expect(c.aspects).toHaveLength(5);
    expect(c.aspects.every((a) => a.permanent === true)).toBe(true);
    expect(c.refresh).toBe(3);
    expect(c.consequences.map((s) => [s.severity, s.value])).toEqual([
      ['mild', 1],
      ['moderate', 2],
      ['severe', 4],
    ]);
    expect(edgerunner.diceCount).toBe(4);
  });

  it('[ER-SHEET-1] a complete pyramid validates, with Physique/Will boxes synced', () => {
    expect(edgerunner.validateCharacter(syncEdgerunnerStress(filled()))).toEqual([]);
  });

  it('[ER-ASPECTS-1] every permanent aspect needs text: each blank one said, by name', () => {
    const problems = edgerunner.validateCharacter(edgerunner.newCharacter({ id: 'x', name: 'X' }));
    expect(problems.filter((p) => p.code === 'aspect-blank').map((p) => p.message)).toEqual([
      'Write the High Concept aspect: every permanent aspect needs text.',
      'Write the Trouble aspect: every permanent aspect needs text.',
      'Write 3 more aspects: every permanent aspect needs text.',
    ]);
    const some = edgerunner.newCharacter({ id: 'x', name: 'X' });
    some.aspects = some.aspects.map((a, i) => ({ ...a, text: i === 3 ? '' : 'Written' }));
    expect(
      edgerunner
        .validateCharacter(some)
        .filter((p) => p.code === 'aspect-blank')
        .map((p) => [p.message, p.path]),
    ).toEqual([['Write one more aspect: every permanent aspect needs text.', 'aspects.3']]);
  });

  it('[ER-SHEET-1] pyramid, cap and unknown skills are readable problems', () => {
    const c = syncEdgerunnerStress(filled());
    const bad = {
      ...c,
      skills: [
        ...c.skills,
        { id: 'hacking', rating: 1 },
        { id: 'fight', rating: 5 },
        { id: 'shoot', rating: 4 },
        { id: 'drive', rating: 4 },
      ],
    };
    const codes = edgerunner.validateCharacter(bad).map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['unknown-skill', 'skill-cap', 'skill-pyramid']));
  });

  it('[ER-STRESS-1] Physique and Will add boxes as in Fate Core', () => {
    expect(edgerunnerStressBoxValues(0)).toEqual([1, 2]);
    expect(edgerunnerStressBoxValues(2)).toEqual([1, 2, 3]);
    expect(edgerunnerStressBoxValues(3)).toEqual([1, 2, 3, 4]);
    const codes = edgerunner.validateCharacter(filled()).map((p) => p.code);
    expect(codes).toContain('stress-boxes');
  });
});
