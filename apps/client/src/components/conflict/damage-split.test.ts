import { describe, expect, it } from 'vitest';
import type { Character } from '@fateboard/rules';
import { narrative } from '@fateboard/rules';
import { DamageSplit } from './damage-split.svelte';
import { languageReady, setLocale } from '../../lib/i18n';

/** Kung Fu +3, Strategy +2, MI6 +2, Spy +1: each aspect's text and rating by its slot. */
const RATED: Record<string, [string, number]> = {
  body: ['Kung Fu', 3],
  mind: ['Strategy', 2],
  social: ['MI6', 2],
  professional: ['Spy', 1],
};
function kim(): Character {
  const blank = narrative.newCharacter({ id: 'kim', name: 'Kim' });
  const aspects = blank.aspects.map((a) => {
    const [text, rating] = RATED[a.id] ?? ['', 0];
    return { ...a, text, rating, baseRating: rating };
  });
  return { ...blank, aspects };
}

const hit = { shifts: 5, kind: 'physical' as const };

describe('DamageSplit', () => {
  it('[NAR-DAMAGE-2] counts the shifts left and asks the rules until the split is legal', () => {
    let character = kim();
    const split = new DamageSplit(
      () => character,
      () => hit,
    );
    expect(split.steps.map((s) => s.name)).toEqual(['Kung Fu', 'Strategy', 'MI6', 'Spy']);
    expect(split.leftWords).toBe('5 shifts left to place.');
    expect(split.verdict).toEqual({ ok: false, reason: 'Place 5 more shifts: the hit is 5.' });
    for (let i = 0; i < 3; i++) split.raise('body');
    expect(split.leftWords).toBe('2 shifts left to place.');
    split.raise('social');
    split.raise('social');
    expect(split.leftWords).toBe('All 5 shifts placed.');
    // Every shift placed: + stops, − still moves.
    expect(split.steps.every((s) => !s.canRaise)).toBe(true);
    split.raise('mind');
    expect(split.placed).toBe(5);
    const verdict = split.verdict;
    expect(verdict.ok).toBe(true);
    const option = verdict.ok
      ? narrative.absorptionOptions(character, hit)[verdict.option]
      : undefined;
    expect(option?.aspectDamage).toEqual([
      { aspectId: 'body', levels: 3 },
      { aspectId: 'social', levels: 2 },
    ]);
    expect(split.summary).toBe('Kung Fu -3, MI6 -2');
    // A live update to the sheet (another aspect renamed) keeps the counts.
    character = {
      ...character,
      aspects: character.aspects.map((a) => (a.id === 'mind' ? { ...a, text: 'Tactics' } : a)),
    };
    expect(split.split).toEqual({ body: 3, social: 2 });
  });

  it('[NAR-DAMAGE-1] an aspect pushed below Poor is refused with the rules’ reason', () => {
    const split = new DamageSplit(
      () => kim(),
      () => hit,
    );
    for (let i = 0; i < 3; i++) split.raise('professional');
    split.raise('body');
    split.raise('body');
    expect(split.steps.find((s) => s.id === 'professional')?.after).toBe(-2);
    expect(split.verdict).toEqual({
      ok: false,
      reason: 'Spy is +1: it can lose 2 at most, as no aspect goes below Poor (-1).',
    });
    split.lower('professional');
    split.raise('body');
    expect(split.verdict.ok).toBe(true);
  });

  it('counts the shifts in the reader’s language, one and many', async () => {
    const split = new DamageSplit(
      () => kim(),
      () => ({ shifts: 2, kind: 'physical' as const }),
    );
    setLocale('pt-BR');
    try {
      await languageReady();
      expect(split.leftWords).toBe('Faltam 2 tensões para posicionar.');
      split.raise('body');
      expect(split.leftWords).toBe('Falta 1 tensão para posicionar.');
    } finally {
      setLocale('en');
    }
    expect(split.leftWords).toBe('1 shift left to place.');
  });

  it('says the rules’ "place more" and "take back" in English word for word, and in Portuguese', async () => {
    const character = kim();
    let shifts = 2;
    const split = new DamageSplit(
      () => character,
      () => ({ shifts, kind: 'physical' as const }),
    );
    split.levels = { body: 1 };
    expect(split.verdict).toEqual({ ok: false, reason: 'Place 1 more shift: the hit is 2.' });
    shifts = 0;
    expect(split.verdict).toEqual({ ok: false, reason: 'Take back 1 shift: the hit is only 0.' });
    split.levels = { body: 3 };
    expect(split.verdict).toEqual({ ok: false, reason: 'Take back 3 shifts: the hit is only 0.' });
    try {
      setLocale('pt-BR');
      await languageReady();
      expect(split.verdict).toEqual({ ok: false, reason: 'Retire 3 tensões: o golpe é de só 0.' });
      shifts = 4;
      expect(split.verdict).toEqual({
        ok: false,
        reason: 'Posicione mais 1 tensão: o golpe é de 4.',
      });
    } finally {
      setLocale('en');
    }
  });
});
