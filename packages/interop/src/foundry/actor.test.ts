import { describe, expect, it } from 'vitest';
import { importCharacter } from '../import';
import { fixture } from '../test/fixtures';

describe('Foundry VTT Fate Core Official actors', () => {
  it('reads details, fate points, aspects, skills, stunts and tracks', () => {
    const result = importCharacter(fixture('foundry/fate-core-official-actor.json'), 'fate-core');
    if (!result.ok) throw new Error(result.error.message);
    const { sheet, play } = result.character;
    expect(sheet.name).toBe('Vesna Korr');
    expect(sheet.aspects?.map((a) => [a.slot, a.text])).toEqual([
      ['high-concept', 'Silver-Tongued Smuggler'],
      ['trouble', 'The Syndicate Wants Its Cargo'],
      ['other', 'My Ship, My Rules'],
      ['other', 'Old Flame in Customs'],
      ['other', 'Never Fights Fair'],
    ]);
    expect(sheet.skills?.find((k) => k.id === 'rapport')?.rating).toBe(4);
    expect(sheet.skills).toHaveLength(18);
    expect(sheet.stunts).toEqual([
      { id: 'stunt-1', name: 'Smooth Operator', text: '+2 to Rapport when haggling.' },
    ]);
    expect(play.fatePoints).toBe(4);
    expect(play.stress).toEqual([
      {
        kind: 'physical',
        label: 'Physical',
        boxes: [
          { value: 1, checked: false },
          { value: 2, checked: true },
          { value: 3, checked: false },
        ],
      },
      {
        kind: 'mental',
        label: 'Mental',
        boxes: [
          { value: 1, checked: false },
          { value: 2, checked: false },
        ],
      },
    ]);
    expect(play.consequences).toEqual([{ severity: 'mild', text: 'Bruised Ego' }]);
    expect(result.report.dropped).toContainEqual(expect.stringContaining('Wealth'));
    expect(result.report.problems).toEqual([]);
    expect(result.report.source).toBe('Foundry VTT Fate Core Official actor');
  });

  it('reads an actor from before Foundry 10 (`data`), a Sticky condition as a consequence', () => {
    const result = importCharacter(
      fixture('foundry/fate-core-official-actor-v9.json'),
      'fate-core',
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.character.sheet.name).toBe('Old Vesna');
    expect(result.character.play.consequences).toEqual([{ severity: 'mild', text: 'Exhausted' }]);
  });
});
