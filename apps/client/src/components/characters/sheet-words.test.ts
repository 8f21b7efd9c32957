// @vitest-environment happy-dom
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULESETS, ladderLabel as englishLadder } from '@fateboard/rules';
import type { Character, HarmKind, ProblemSay, Ruleset } from '@fateboard/rules';
import { modifiersWords, sideLabel, trackLabel } from '../../lib/game-words';
import { absorbLabel, categoryName, problemText, rulesetSummary, spreadRule } from './sheet-words';
import { languageReady, setLocale } from '../../lib/i18n';

/** A blank sheet of each game, and one whose Physique and Will are Superb (fate-core's extra mild). */
function sheets(ruleset: Ruleset): Character[] {
  const blank = ruleset.newCharacter({ id: 'c', name: 'Kai' });
  const strong = ruleset.syncSheet({
    ...blank,
    skills: blank.skills.map((s) =>
      s.id === 'physique' || s.id === 'will' ? { ...s, rating: 5 } : s,
    ),
  });
  const hurt = {
    ...strong,
    stress: strong.stress.map((t) => ({
      ...t,
      boxes: t.boxes.map((b, i) => ({ ...b, checked: i === 0 })),
    })),
  };
  return [blank, strong, hurt];
}

const KINDS: HarmKind[] = ['physical', 'mental', 'any'];

describe('the game’s words in English', () => {
  afterAll(() => setLocale('en'));

  it('says every way to absorb a hit as the rules do', () => {
    setLocale('en');
    let checked = 0;
    for (const ruleset of ALL_RULESETS) {
      for (const character of sheets(ruleset)) {
        for (const kind of KINDS) {
          for (let shifts = 0; shifts <= 9; shifts++) {
            for (const option of ruleset.absorptionOptions(character, { shifts, kind })) {
              expect(absorbLabel.get()(ruleset, character, option)).toBe(option.label);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('keeps the rules’ labels, and a label of a sheet’s own', () => {
    setLocale('en');
    for (const ruleset of ALL_RULESETS) {
      const sheet = ruleset.newCharacter({ id: 'c', name: '' });
      for (const t of sheet.stress) expect(trackLabel.get()(t)).toBe(t.label);
      expect(spreadRule.get()(ruleset.skillSpread(sheet).rule)).toBe(
        ruleset.skillSpread(sheet).rule,
      );
      expect(rulesetSummary.get()(ruleset)).toBe(ruleset.summary);
    }
    expect(trackLabel.get()({ id: 'physical', label: 'Body' })).toBe('Body');
    expect(spreadRule.get()('Anything goes.')).toBe('Anything goes.');
    expect(sideLabel.get()({ total: 3, label: englishLadder(3) })).toBe('Good (+3)');
    expect(
      modifiersWords.get()([
        { label: 'Strategy: defensive', value: 1 },
        { label: 'Tool', value: 1 },
        { label: 'Rain', value: -1 },
      ]),
    ).toBe('Strategy: defensive +1, Tool +1, Rain -1');
    expect(
      modifiersWords.get()([
        { label: 'Brawler', value: 2, kind: 'stunt' },
        { label: 'Kai', value: 1, kind: 'help' },
      ]),
    ).toBe('Brawler (stunt) +2, help from Kai +1');
  });
});

describe('the game’s words in Portuguese', () => {
  afterAll(() => setLocale('en'));

  it('says the tracks, the absorb options, the ladder and the modifiers', async () => {
    setLocale('pt-BR');
    await languageReady();
    const fateCore = ALL_RULESETS.find((r) => r.id === 'fate-core')!;
    const [, strong] = sheets(fateCore);
    expect(strong!.stress.map((t) => trackLabel.get()(t))).toEqual([
      'Estresse físico',
      'Estresse mental',
    ]);
    const labels = fateCore
      .absorptionOptions(strong!, { shifts: 4, kind: 'physical' })
      .map((o) => absorbLabel.get()(fateCore, strong!, o));
    expect(labels).toContain('caixa 4 de estresse físico');
    expect(labels).toContain('consequência suave (dano físico) + caixa 2 de estresse físico');
    expect(sideLabel.get()({ total: 5, label: englishLadder(5) })).toBe('Soberbo (+5)');
    expect(categoryName.get()('body')).toBe('Corpo');
    expect(categoryName.get()('hc')).toBeUndefined();
    expect(modifiersWords.get()([{ label: 'Creativity', value: -1 }])).toBe('Criatividade -1');
    // A stunt and a helper keep their names, said as what they are.
    expect(
      modifiersWords.get()([
        { label: 'Brawler', value: 2, kind: 'stunt' },
        { label: 'Kai', value: 1, kind: 'help' },
      ]),
    ).toBe('Brawler (façanha) +2, ajuda de Kai +1');
  });

  it('says every label of every game in Portuguese, never the English', async () => {
    setLocale('pt-BR');
    await languageReady();
    for (const ruleset of ALL_RULESETS) {
      for (const character of sheets(ruleset)) {
        for (const t of character.stress) expect(trackLabel.get()(t)).not.toBe(t.label);
        for (const kind of KINDS) {
          for (let shifts = 0; shifts <= 9; shifts++) {
            for (const option of ruleset.absorptionOptions(character, { shifts, kind })) {
              if (option.aspectDamage?.length) continue; // aspect texts and numbers
              expect(absorbLabel.get()(ruleset, character, option)).not.toBe(option.label);
            }
          }
        }
      }
      const rule = ruleset.skillSpread(ruleset.newCharacter({ id: 'c', name: '' })).rule;
      expect(spreadRule.get()(rule)).not.toBe(rule);
      expect(rulesetSummary.get()(ruleset)).not.toBe(ruleset.summary);
    }
  });
});

/** Sheets of every game that break its template in each way the editor lets a person. */
function brokenSheets(ruleset: Ruleset): Character[] {
  const blank = ruleset.newCharacter({ id: 'c', name: 'Kai' });
  const rate = (ratings: number[]): Character => {
    if (ruleset.skills === null) {
      return {
        ...blank,
        aspects: blank.aspects.map((a, i) => ({
          ...a,
          text: i === 0 ? '' : `Aspect ${i}`,
          rating: ratings[i] ?? 0,
          baseRating: ratings[i] ?? 0,
        })),
      };
    }
    // edgerunner keeps only the skills rated: rate the game's list in order.
    return {
      ...blank,
      skills: ruleset.skills.map((s, i) => ({ id: s.id, rating: ratings[i] ?? 0 })),
    };
  };
  const stunts = Array.from({ length: 9 }, (_, i) => ({ id: `s${i}`, name: 'S', text: 'T' }));
  return [
    blank,
    rate([5, 5, 4, 4, 3, 3, 2, 2, 1]),
    rate([4, 4, 4, 3, 2, 1]),
    rate([3, 3, 2, 1, 1, 0]),
    rate([2, 2, 2, 2]),
    rate([6, 3, 2, 1]),
    rate([-1, 3, 2, 2, 1, 1]),
    rate([3, 2, 2, 1, 1, -1]),
    { ...blank, stunts, refresh: ruleset.refreshFor({ ...blank, stunts }) },
    { ...blank, refresh: 0 },
    // narrative: every rung right, and one aspect more.
    {
      ...rate([3, 2, 2, 1]),
      aspects: [...rate([3, 2, 2, 1]).aspects, { id: 'x', slot: 'other', text: 'X', rating: 0 }],
    },
  ];
}

const SAYS: ProblemSay['id'][] = [
  'spread-over',
  'spread-under',
  'spread-columns',
  'skill-range',
  'skill-cap',
  'pirates-spread',
  'pirates-spread-these',
  'aspect-cap',
  'narrative-spread',
  'aspect-blank',
  'permanent-aspect-blank',
  'permanent-aspects-blank',
  'category-aspect-blank',
  'too-many-stunts',
  'refresh-floor',
];

describe('sheet problems', () => {
  afterAll(() => setLocale('en'));
  const problems = ALL_RULESETS.flatMap((ruleset) =>
    brokenSheets(ruleset).flatMap((c) =>
      ruleset.validateCharacter(c).map((problem) => ({ ruleset, problem })),
    ),
  );

  it('say every sentence id the rules give', () => {
    const seen = new Set(problems.flatMap(({ problem }) => problem.says ?? []).map((s) => s.id));
    expect(SAYS.filter((id) => !seen.has(id))).toEqual([]);
  });

  it('read in English word for word as the rules write them', () => {
    setLocale('en');
    for (const { ruleset, problem } of problems) {
      expect(problemText.get()(ruleset, problem)).toBe(problem.message);
    }
  });

  it('read in Portuguese wherever the rules give the sentences', async () => {
    setLocale('pt-BR');
    await languageReady();
    for (const { ruleset, problem } of problems) {
      if (problem.says) expect(problemText.get()(ruleset, problem)).not.toBe(problem.message);
    }
    const fateCore = ALL_RULESETS.find((r) => r.id === 'fate-core')!;
    const said = problems
      .filter((p) => p.ruleset === fateCore)
      .map((p) => problemText.get()(fateCore, p.problem));
    expect(said).toContain(
      'A perícia Atletismo começa em Soberbo (+5); uma perícia inicial vai de Medíocre (+0) a Ótimo (+4).',
    );
    expect(said).toContain(
      'A pirâmide de perícias tem 1 perícia em Ótimo (+4); você tem 0: suba mais 1 para Ótimo (+4).',
    );
  });
});
