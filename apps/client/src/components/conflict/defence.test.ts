import { describe, expect, it } from 'vitest';
import type { CharacterView, RollView } from '@fateboard/table';
import { defaultDefence, defenceOptions, defenceState } from './defence';
import { rulesetById } from '../../lib/rules';

const fighter = {
  skills: [
    { id: 'fight', rating: 4 },
    { id: 'athletics', rating: 3 },
  ],
  aspects: [],
} as unknown as CharacterView;

const roll = (defence?: RollView['defence']) => ({ defence }) as RollView;

describe('a defender’s choices', () => {
  it('lists every skill of the game, best first, untrained ones at Mediocre', () => {
    const options = defenceOptions(rulesetById('fate-core'), fighter);
    expect(options.slice(0, 2).map((o) => o.id)).toEqual(['fight', 'athletics']);
    expect(options[1]?.label).toBe('Athletics (+3)');
    expect(options.length).toBe(rulesetById('fate-core')!.skills!.length);
    expect(options.at(-1)?.rating).toBe(0);
  });
});

describe('the defence a prompt starts on', () => {
  const fc = rulesetById('fate-core');
  const kai = {
    skills: [
      { id: 'physique', rating: 4 },
      { id: 'fight', rating: 3 },
      { id: 'athletics', rating: 2 },
    ],
    aspects: [],
  } as unknown as CharacterView;
  const against = (skillId?: string) =>
    ({ actor: { characterId: 'brute', ...(skillId ? { skillId } : {}) } }) as RollView;
  const options = defenceOptions(fc, kai);
  it('[FC-DEFEND-1] the usual defence against the attack’s skill, not the highest', () => {
    expect(options[0]?.id).toBe('physique');
    expect(defaultDefence(fc, against('fight'), kai, options)).toBe('fight');
    expect(defaultDefence(fc, against('shoot'), kai, options)).toBe('athletics');
    expect(defaultDefence(fc, against('provoke'), kai, options)).toBe('will');
  });
  it('the best option where the game names no usual defence', () => {
    expect(defaultDefence(fc, against('crafts'), kai, options)).toBe('physique');
    expect(defaultDefence(fc, against(), kai, options)).toBe('physique');
    expect(defaultDefence(rulesetById('narrative'), against('fight'), kai, [])).toBe('');
  });
});

describe('who answers a roll’s defence', () => {
  const owners = new Map([
    ['zira', 'seat-ann'],
    ['brute', undefined],
  ]);
  const gm = { isGm: true, seatId: null };
  it('asks the defender’s player, or the GM, while it awaits', () => {
    const awaiting = roll({ characterId: 'zira', status: 'awaiting' });
    expect(defenceState(awaiting, { isGm: false, seatId: 'seat-ann' }, owners)).toEqual({
      kind: 'awaiting',
      defenderId: 'zira',
      mine: true,
    });
    expect(defenceState(awaiting, { isGm: false, seatId: 'seat-bob' }, owners)).toMatchObject({
      mine: false,
    });
    expect(defenceState(awaiting, gm, owners)).toMatchObject({ mine: true });
    const npc = roll({ characterId: 'brute', status: 'awaiting' });
    expect(defenceState(npc, { isGm: false, seatId: null }, owners)).toMatchObject({ mine: false });
  });
  it('is over once rolled or conceded', () => {
    // What the GM's prompt makes of Zira's defence once it is `status` (none asked: no defence).
    const gmSees = (status?: 'rolled' | 'conceded') =>
      defenceState(status ? roll({ characterId: 'zira', status }) : roll(), gm, owners).kind;
    expect(gmSees()).toBe('none');
    expect(gmSees('rolled')).toBe('none');
    expect(gmSees('conceded')).toBe('conceded');
  });
});
