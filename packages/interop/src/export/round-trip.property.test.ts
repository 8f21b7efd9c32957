import type { RulesetId, Severity } from '@fateboard/rules';
import { RULESET_IDS } from '@fateboard/rules';
import type { Sheet } from '@fateboard/table';
import { sheetDraft } from '@fateboard/table';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCharacter } from '../import';
import type { PortableCharacter } from '../portable';
import { RULESETS } from '@fateboard/rules';
import { toFariFile } from './fari';
import { toFateboardFile } from './fateboard';

/**
 * Export → import is the identity, over generated valid sheets of each ruleset. Texts carry
 * the characters an HTML round trip could spoil (`&`, `<`, `>`, quotes, accents, `&lt;` itself).
 */
const word = fc.constantFrom(
  'Sky',
  'Pirate',
  'Owes',
  'Rell',
  '&',
  '<b>',
  'a>b',
  '"Ink"',
  'l’épée',
  '&lt;',
  'Fish&Chips',
  'x',
);
const line = (max: number) =>
  fc
    .array(word, { minLength: 1, maxLength: 6 })
    .map((w) => w.join(' ').slice(0, max).trim())
    .filter((t) => t !== '');
const lines = fc.array(line(80), { minLength: 1, maxLength: 3 }).map((l) => l.join('\n'));

const PYRAMID = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1];
const PIRATES_SPREAD = [3, 2, 2, 1, 1, 0];
const NARRATIVE_SPREAD = [3, 2, 2, 1];

const stunts = fc
  .array(fc.record({ name: line(80), text: lines }), { maxLength: 3 })
  .map((list) => list.map((s, i) => ({ id: `stunt-${i + 1}`, ...s })))
  // No stunts is written as no `stunts` key, as import gives it.
  .map((list) => (list.length > 0 ? { stunts: list } : {}));

const skillIds = (ruleset: RulesetId) => (RULESETS[ruleset].skills ?? []).map((k) => k.id);

function sheetOf(ruleset: RulesetId): fc.Arbitrary<Sheet> {
  switch (ruleset) {
    case 'fate-core':
    case 'edgerunner':
      return fc
        .record({
          name: line(80),
          texts: fc.array(line(200), { minLength: 5, maxLength: 5 }),
          skills: fc.shuffledSubarray(skillIds(ruleset), { minLength: 10, maxLength: 10 }),
          stunts,
        })
        .map(({ name, texts, skills, stunts }) => ({
          name,
          aspects: texts.map((text, i) => ({
            id: `aspect-${i + 1}`,
            slot: i === 0 ? 'high-concept' : i === 1 ? 'trouble' : 'other',
            text,
            ...(ruleset === 'edgerunner' ? { permanent: true } : {}),
          })),
          skills: skills.map((id, i) => ({ id, rating: PYRAMID[i] ?? 0 })),
          ...stunts,
        }));
    case 'pirates':
      return fc
        .record({
          name: line(80),
          texts: fc.array(line(200), { minLength: 3, maxLength: 3 }),
          free: fc.array(fc.option(line(200), { nil: '' }), { minLength: 2, maxLength: 2 }),
          skills: fc.shuffledSubarray(skillIds('pirates'), { minLength: 6, maxLength: 6 }),
          stunts,
        })
        .map(({ name, texts, free, skills, stunts }) => ({
          name,
          aspects: [
            { id: 'hc', slot: 'high-concept', text: texts[0] ?? '' },
            { id: 'tr', slot: 'trouble', text: texts[1] ?? '' },
            { id: 'ship', slot: 'ship', text: texts[2] ?? '' },
            ...free.map((text, i) => ({ id: `free-${i + 1}`, slot: 'free' as const, text })),
          ],
          skills: skills.map((id, i) => ({ id, rating: PIRATES_SPREAD[i] ?? 0 })),
          ...stunts,
        }));
    case 'narrative':
      return fc
        .record({
          name: line(80),
          texts: fc.array(line(200), { minLength: 4, maxLength: 4 }),
          ratings: fc.shuffledSubarray(NARRATIVE_SPREAD, { minLength: 4, maxLength: 4 }),
          stunts,
        })
        .map(({ name, texts, ratings, stunts }) => ({
          name,
          aspects: ['body', 'mind', 'social', 'professional'].map((id, i) => ({
            id,
            slot: 'other' as const,
            text: texts[i] ?? '',
            rating: ratings[i] ?? 0,
          })),
          ...stunts,
        }));
  }
}

function characterOf(ruleset: RulesetId): fc.Arbitrary<PortableCharacter> {
  return sheetOf(ruleset).chain((sheet) => {
    const slots = [
      ...new Set(
        sheetDraft(RULESETS[ruleset], 'x', sheet, false).character.consequences.map(
          (s) => s.severity,
        ),
      ),
    ];
    return fc
      .record({
        fatePoints: fc.integer({ min: 0, max: 5 }),
        taken: fc.subarray(slots),
        texts: fc.array(line(200), { minLength: 4, maxLength: 4 }),
      })
      .map(({ fatePoints, taken, texts }) => ({
        ruleset,
        sheet,
        play: {
          fatePoints,
          stress: [],
          consequences: taken.map((severity: Severity, i) => ({
            severity,
            text: texts[i] ?? 'Hurt',
          })),
        },
      }));
  });
}

describe.each(RULESET_IDS)('%s: export → import is the identity', (ruleset) => {
  it('the generated sheets are valid (else the property proves little)', () => {
    fc.assert(
      fc.property(characterOf(ruleset), (c) => {
        expect(sheetDraft(RULESETS[ruleset], 'x', c.sheet, false).problems).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('through Fateboard JSON: the same character', () => {
    fc.assert(
      fc.property(characterOf(ruleset), (c) => {
        const result = importCharacter(JSON.stringify(toFateboardFile(c)), ruleset);
        expect(result).toMatchObject({ ok: true, character: c, report: { problems: [] } });
      }),
      { numRuns: 60 },
    );
  });

  it('through a Fari character file: the same sheet, fate points and consequences', () => {
    fc.assert(
      fc.property(characterOf(ruleset), (c) => {
        const result = importCharacter(JSON.stringify(toFariFile(c)), ruleset);
        if (!result.ok) throw new Error(result.error.message);
        expect(result.character.sheet).toEqual(c.sheet);
        expect(result.character.play.fatePoints).toBe(c.play.fatePoints);
        expect(result.character.play.consequences).toEqual(c.play.consequences);
        expect(result.report.problems).toEqual([]);
        expect(result.report.source).toContain('version 5–6 layout');
      }),
      { numRuns: 60 },
    );
  });
});
