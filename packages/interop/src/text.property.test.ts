import { textProblem } from '@fateboard/table';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importFariScene } from './fari/scene';
import { integerOf } from './json';
import { stripMarkup } from './markup';
import { fold, oneLine, plainLine, plainText } from './text';

/**
 * The text cleaners on text built to hurt them: pieces of markup, entities, white space and
 * characters the table refuses, cut and glued in any order and repeated many times (an
 * unclosed `<br ` a thousand times is what once took minutes). Each answer must still be text
 * the table accepts, and well-formed markup must come out as the text a reader sees. How long
 * 1 MiB of each pattern takes is measured by the bench (bench/src/text-case.ts).
 */

const ADVERSARIAL = [
  '<br ',
  '<br>',
  '<BR/>',
  '< br>',
  '<',
  '>',
  '</',
  '<!',
  '<!--',
  '-->',
  '<script>',
  '<script ',
  '</script >',
  '</SCRIPT',
  '<style>',
  '<p-x>',
  '<h7>',
  '"',
  '=',
  '&',
  '&amp;',
  '&#x',
  '&#12',
  '&#xD800;',
  ';',
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u00a0',
  '\u0000',
  '\u001b',
  '\u2028',
  '\u202e',
  '\u2066',
  '\ud800',
  '\u200b',
  '\u0301',
  'é',
  'ß',
  'İ',
  '😀',
  'a',
  'Z',
  '7',
  '-',
  '+',
  '\u2212',
];

/** A pattern of a few pieces, repeated up to a few thousand times. */
const adversarial = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...ADVERSARIAL), fc.string({ unit: 'binary' })), {
      minLength: 1,
      maxLength: 5,
    }),
    fc.integer({ min: 1, max: 3000 }),
  )
  .map(([pieces, times]) => pieces.join('').repeat(times));

const RUNS = { numRuns: 150 };

describe('every cleaner answers text the table accepts, whatever it is given', () => {
  it('plainText: no control but newline and tab, no bidi override, no lone surrogate, tidy lines', () => {
    fc.assert(
      fc.property(adversarial, (html) => {
        const text = plainText(html);
        const problem = textProblem(text, 'multiline');
        // Invisible-only text is the one answer the importer leaves to the table to refuse.
        expect(problem === undefined || problem.startsWith('must show something')).toBe(true);
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/[ \t]\n|\n\n\n|\r/);
      }),
      RUNS,
    );
  });

  it('plainLine and oneLine: one line, single spaces, trimmed', () => {
    fc.assert(
      fc.property(adversarial, (html) => {
        for (const line of [plainLine(html), oneLine(html)]) {
          expect(line).toBe(line.trim());
          expect(line).not.toMatch(/\s\s|[^\S ]/);
        }
        const problem = textProblem(plainLine(html), 'line');
        expect(problem === undefined || problem.startsWith('must show something')).toBe(true);
      }),
      RUNS,
    );
  });

  it('fold: lower-case letters without marks, one space between words', () => {
    fc.assert(
      fc.property(adversarial, (label) => {
        const folded = fold(label);
        expect(folded).toMatch(/^(?:\p{L}+(?: \p{L}+)*)?$/u);
        expect(folded).toBe(folded.toLowerCase());
      }),
      RUNS,
    );
  });

  it('integerOf: a whole number of at most six digits, or nothing', () => {
    fc.assert(
      fc.property(adversarial, (value) => {
        const n = integerOf(value);
        expect(n === undefined || (Number.isInteger(n) && Math.abs(n) <= 999_999)).toBe(true);
      }),
      RUNS,
    );
  });

  it('stripMarkup: text without `<` comes out as it went in', () => {
    fc.assert(
      fc.property(adversarial, (text) => {
        const plain = text.split('<').join('');
        expect(stripMarkup(plain, { lineBreak: '\n', tag: '' })).toBe(plain);
      }),
      RUNS,
    );
  });

  it('a Fari scene of adversarial titles and notes imports or is refused, never throws', () => {
    fc.assert(
      fc.property(fc.array(adversarial, { minLength: 1, maxLength: 4 }), (titles) => {
        const file = JSON.stringify({
          fariType: 'scene',
          name: titles[0],
          indexCards: {
            public: titles.map((title, i) => ({ id: `c${i}`, title, content: title })),
            private: [],
          },
        });
        const result = importFariScene(new TextEncoder().encode(file));
        for (const card of result.ok ? result.scene.aspects : []) {
          const problem = textProblem(card.text, 'name');
          expect(problem === undefined || problem.startsWith('must show something')).toBe(true);
        }
      }),
      { numRuns: 50 },
    );
  });
});

/**
 * Well-formed markup, each piece with the text a browser shows for it: the cleaner's answer is
 * the pieces' texts, cleaned only of white space.
 */
const piece = fc.oneof(
  fc.constantFrom(
    ['<b>', ''],
    ['</i>', ''],
    ['<br>', '\n'],
    ['<br/>', '\n'],
    ['<div class="x">', '\n'],
    ['</p>', '\n'],
    ['<h2 id=a>', '\n'],
    ['<li>', '\n'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<script>alert("<b>")</script>', ''],
    ['<STYLE type="text/css">p{}</style >', ''],
    ['<!-- a <b> comment -->', ''],
    ['<!DOCTYPE html>', ''],
    ['&amp;', '&'],
    ['&quot;', '"'],
    ['&nbsp;', ' '],
    ['&#x2014;', '\u2014'],
    ['&#233;', 'é'],
    ['&MDASH;', '\u2014'],
    ['&bogus;', '&bogus;'],
    [' ', ' '],
    ['\t', '\t'],
    ['\n', '\n'],
    ['a < b', 'a < b'],
  ),
  fc
    .stringMatching(/^[A-Za-z0-9éèàçñüöÉÇ .,!?'’-]{1,12}$/)
    .map((word): [string, string] => [word, word]),
);

describe('well-formed markup comes out as the text a reader sees', () => {
  it('plainText and plainLine keep the text, drop the markup, decode entities once', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const html = pieces.map(([markup]) => markup).join('');
        const text = pieces.map(([, shown]) => shown).join('');
        // The expected text holds no markup nor entity left to read, so cleaning it again
        // only tidies its white space.
        expect(plainText(html)).toBe(plainText(text));
        expect(plainLine(html)).toBe(oneLine(plainText(text)));
      }),
      { numRuns: 500 },
    );
  });

  it('integerOf reads a signed number inside markup and white space', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -999_999, max: 999_999 }),
        fc.constantFrom('', ' ', '\t', '<b>', '</span> '),
        fc.constantFrom('-', '\u2212'),
        fc.constantFrom('', '+'),
        (n, around, minus, plus) => {
          const sign = n < 0 ? minus : plus;
          expect(integerOf(`${around}${sign}${Math.abs(n)}${around}`)).toBe(n);
        },
      ),
    );
  });
});

describe('linear time, a guard (the figures are in the bench)', () => {
  // Each took from seconds to minutes with the regular expressions these cleaners replaced;
  // linear, each is a few tens of milliseconds even on a loaded machine.
  const MiB = 1 << 20;
  it.each(['<br ', '<script ', '<!--<br', ' \t', '<a<', '&#x1;'])(
    'cleans 1 MiB of %j in well under two seconds',
    (pattern) => {
      const html = pattern.repeat(Math.ceil(MiB / pattern.length)).slice(0, MiB);
      const started = performance.now();
      plainText(html);
      fold(html);
      integerOf(html);
      expect(performance.now() - started).toBeLessThan(2000);
    },
  );
});
