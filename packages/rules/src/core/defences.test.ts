import { describe, expect, it } from 'vitest';
import { rulesetById } from '../rulesets/registry';
import { usualDefence } from './defences';

const game = (id: string) => {
  const ruleset = rulesetById(id);
  if (!ruleset) throw new Error(id);
  return ruleset;
};

/** Kai: Great Physique, Good Fight and Will, Fair Athletics and Notice. */
const KAI = [
  { id: 'physique', rating: 4 },
  { id: 'fight', rating: 3 },
  { id: 'will', rating: 3 },
  { id: 'athletics', rating: 2 },
  { id: 'notice', rating: 2 },
];

describe('[FC-DEFEND-1] the usual defence against a skill, the defender’s best of it', () => {
  const fc = game('fate-core');
  it('Fight against Fight, though Physique is higher', () => {
    expect(usualDefence(fc, 'fight', KAI)).toBe('fight');
  });
  it('Athletics against Fight when it is the better of the two', () => {
    expect(
      usualDefence(fc, 'fight', [
        { id: 'fight', rating: 1 },
        { id: 'athletics', rating: 3 },
      ]),
    ).toBe('athletics');
  });
  it('Fight on a tie: the first the SRD names', () => {
    expect(
      usualDefence(fc, 'fight', [
        { id: 'athletics', rating: 2 },
        { id: 'fight', rating: 2 },
      ]),
    ).toBe('fight');
  });
  it('Athletics against Shoot, even at Mediocre: Fight cannot stop an arrow', () => {
    expect(usualDefence(fc, 'shoot', [{ id: 'fight', rating: 4 }])).toBe('athletics');
  });
  it('Will against Provoke, Empathy against Deceive, Notice against Stealth', () => {
    expect(usualDefence(fc, 'provoke', KAI)).toBe('will');
    expect(usualDefence(fc, 'deceive', KAI)).toBe('empathy');
    expect(usualDefence(fc, 'stealth', KAI)).toBe('notice');
    expect(usualDefence(fc, 'empathy', KAI)).toBe('deceive');
  });
  it('none for a skill the SRD gives no defence, or no skill', () => {
    expect(usualDefence(fc, 'crafts', KAI)).toBeUndefined();
    expect(usualDefence(fc, undefined, KAI)).toBeUndefined();
    expect(usualDefence(fc, '__proto__', KAI)).toBeUndefined();
  });
});

describe('[ER-DEFEND-1] edgerunner defends as Fate Core', () => {
  it('Athletics against Shoot, Will against Provoke', () => {
    expect(usualDefence(game('edgerunner'), 'shoot', KAI)).toBe('athletics');
    expect(usualDefence(game('edgerunner'), 'provoke', KAI)).toBe('will');
  });
});

describe('[PIR-DEFEND-1] pirates: Swashbuckle against Swashbuckle, nothing else named', () => {
  const crew = [
    { id: 'parley', rating: 3 },
    { id: 'swashbuckle', rating: 1 },
  ];
  it('Swashbuckle, though Parley is higher', () => {
    expect(usualDefence(game('pirates'), 'swashbuckle', crew)).toBe('swashbuckle');
  });
  it('no usual defence against Parley', () => {
    expect(usualDefence(game('pirates'), 'parley', crew)).toBeUndefined();
  });
  it('narrative rolls aspects: none', () => {
    expect(usualDefence(game('narrative'), 'fight', crew)).toBeUndefined();
  });
});
