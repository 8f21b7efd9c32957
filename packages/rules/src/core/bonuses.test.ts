import { describe, expect, it } from 'vitest';
import type { Character } from './character';
import { STUNT_BONUS, bonusStunts, stuntBonuses, teamworkBonuses } from './bonuses';
import { newFateCoreCharacter } from '../rulesets/fate-core/template';

function character(id: string, name: string, skills: Record<string, number>): Character {
  const c = newFateCoreCharacter({ id, name });
  return {
    ...c,
    skills: c.skills.map((s) => ({ ...s, rating: skills[s.id] ?? 0 })),
    stunts: [
      { id: 'brawler', name: 'Brawler', text: '+2 to Fight against several foes.' },
      { id: 'sprinter', name: 'Sprinter', text: '+2 to Athletics to defend on open ground.' },
    ],
  };
}

const vex = character('vex', 'Vex', { fight: 4, athletics: 3 });
const kai = character('kai', 'Kai', { fight: 3, athletics: 2 });
const rook = character('rook', 'Rook', { fight: 1, athletics: 0 });

describe('[CORE-STUNT-1] a passive stunt adds +2 to the roll it is used on', () => {
  it('adds +2 for each of the roller’s stunts named, the second one too', () => {
    const r = stuntBonuses(vex, ['sprinter', 'brawler']);
    expect(r).toEqual({
      ok: true,
      value: [
        { kind: 'stunt', id: 'sprinter', label: 'Sprinter', value: STUNT_BONUS },
        { kind: 'stunt', id: 'brawler', label: 'Brawler', value: STUNT_BONUS },
      ],
    });
    expect(STUNT_BONUS).toBe(2);
  });

  it('refuses a stunt the roller does not have, and one named twice', () => {
    expect(stuntBonuses(vex, ['lucky'])).toMatchObject({ ok: false, code: 'no-stunt' });
    expect(stuntBonuses(vex, ['brawler', 'brawler'])).toMatchObject({
      ok: false,
      code: 'stunt-twice',
    });
  });

  it('[CORE-TARGET-2] offers and takes no +2 from a stunt that attacks a zone', () => {
    const volley = { id: 'volley', name: 'Rain of Bolts', text: 'Shoot a zone.', zoneAttack: true };
    const archer = { ...vex, stunts: [...vex.stunts, volley] };
    expect(bonusStunts(archer).map((s) => s.id)).toEqual(['brawler', 'sprinter']);
    expect(stuntBonuses(archer, ['volley'])).toMatchObject({ ok: false, code: 'active-stunt' });
    expect(stuntBonuses(archer, ['brawler']).ok).toBe(true);
  });

  it('adds nothing when no stunt is named', () => {
    expect(stuntBonuses(vex, [])).toEqual({ ok: true, value: [] });
  });
});

describe('[CORE-TEAMWORK-1] each helper with at least Average (+1) in the skill adds +1', () => {
  it('counts every helper with the skill at Average or better', () => {
    const r = teamworkBonuses(vex, 'fight', [kai, rook]);
    expect(r).toEqual({
      ok: true,
      value: [
        { kind: 'help', id: 'kai', label: 'Kai', value: 1 },
        { kind: 'help', id: 'rook', label: 'Rook', value: 1 },
      ],
    });
  });

  it('refuses a helper at Mediocre (+0) in the skill rolled', () => {
    expect(teamworkBonuses(vex, 'athletics', [kai, rook])).toMatchObject({
      ok: false,
      code: 'helper-unskilled',
      message: 'Rook needs at least Average (+1) in that skill to help.',
    });
  });

  it('refuses the roller helping themselves, a helper named twice, and a helper taken out', () => {
    expect(teamworkBonuses(vex, 'fight', [vex])).toMatchObject({ code: 'help-self' });
    expect(teamworkBonuses(vex, 'fight', [kai, kai])).toMatchObject({ code: 'help-twice' });
    expect(teamworkBonuses(vex, 'fight', [{ ...kai, takenOut: true }])).toMatchObject({
      code: 'helper-out',
    });
  });

  it('helps only a roll of a skill (not a rated aspect, not a declaration)', () => {
    expect(teamworkBonuses(vex, undefined, [kai])).toMatchObject({ code: 'help-needs-skill' });
    expect(teamworkBonuses(vex, undefined, [])).toEqual({ ok: true, value: [] });
  });
});

describe('[CORE-TEAMWORK-2] a helper is on the roller’s side', () => {
  it('refuses the character the roll acts against, and counts the others', () => {
    expect(teamworkBonuses(vex, 'fight', [kai, rook], ['kai'])).toMatchObject({
      ok: false,
      code: 'help-opposing',
      message: 'Kai is on the other side of this roll and cannot help it.',
    });
    expect(teamworkBonuses(vex, 'fight', [rook], ['kai'])).toEqual({
      ok: true,
      value: [{ kind: 'help', id: 'rook', label: 'Rook', value: 1 }],
    });
  });
});
