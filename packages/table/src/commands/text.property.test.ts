import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChatText } from '../protocol/chat';
import { Name } from './fields';
import type { TextKind } from './text';
import { textProblem, userText } from './text';

/**
 * The text rules (names, chat messages, notes) on text built to hurt them: the characters
 * they refuse and the ones that render as nothing, glued in any order and repeated thousands
 * of times. Each answer agrees with a plain reading of the text one code point at a time. How
 * long 1 MiB takes is measured by the bench (bench/src/text-case.ts).
 */

const ADVERSARIAL = [
  'a',
  'Zé',
  '😀',
  ' ',
  '\u00a0',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u001b',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u200e',
  '\u200b',
  '\u2060',
  '\u00ad',
  '\u0301',
  '\u115f',
  '\u3164',
  '\u2800',
  '\ufeff',
  '\ud800',
  '\udfff',
];

const adversarial = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...ADVERSARIAL), fc.string({ unit: 'binary' })), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.integer({ min: 0, max: 2000 }),
  )
  .map(([pieces, times]) => pieces.join('').repeat(times));

type Verdict = 'surrogate' | 'control' | 'bidi' | 'empty' | 'invisible' | 'ok';

const isSurrogate = (c: string) => c.length === 1 && /\p{Cs}/u.test(c);
const isControl = (c: string, kind: TextKind) =>
  /[\p{Cc}\u2028\u2029]/u.test(c) && !(kind === 'multiline' && (c === '\n' || c === '\t'));
const isBidi = (c: string) => /[\u202A-\u202E\u2066-\u2069]/u.test(c);
const isInvisible = (c: string) =>
  /[\p{White_Space}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u.test(c);

/** What the rules should answer, read one code point at a time. */
function verdict(text: string, kind: TextKind): Verdict {
  const chars = [...text];
  if (chars.some(isSurrogate)) return 'surrogate';
  if (chars.some((c) => isControl(c, kind))) return 'control';
  if (chars.some(isBidi)) return 'bidi';
  if (text === '') return kind === 'name' ? 'empty' : 'ok';
  return chars.every(isInvisible) ? 'invisible' : 'ok';
}

/** The verdict a `textProblem` sentence states. */
function verdictOf(problem: string | undefined): Verdict {
  if (problem === undefined) return 'ok';
  if (problem.includes('surrogate')) return 'surrogate';
  if (problem.includes('bidirectional')) return 'bidi';
  if (problem.startsWith('must not contain')) return 'control';
  if (problem === 'must not be empty') return 'empty';
  return 'invisible';
}

describe('the text rules answer as a reading one code point at a time does', () => {
  it.each(['name', 'line', 'multiline'] as const)('textProblem on %s text', (kind) => {
    fc.assert(
      fc.property(adversarial, (text) => {
        expect(verdictOf(textProblem(text, kind))).toBe(verdict(text, kind));
      }),
      { numRuns: 300 },
    );
  });

  it('a name and a chat message are trimmed, then held to their length and the rules', () => {
    const schemas = [
      [Name, 'name', 80],
      [ChatText, 'name', 500],
      [userText('multiline', 4000, 'note'), 'multiline', 4000],
    ] as const;
    fc.assert(
      fc.property(adversarial, (text) => {
        for (const [schema, kind, max] of schemas) {
          const kept = kind === 'multiline' ? text : text.trim();
          const ok = kept.length <= max && verdict(kept, kind) === 'ok';
          expect(v.safeParse(schema, text).success).toBe(ok);
        }
      }),
      { numRuns: 300 },
    );
  });
});
