import { importCharacter, importFariScene, plainLine, plainText } from '@fateboard/interop';
import { ChatSendSchema, parseCommand, textProblem } from '@fateboard/table';
import * as v from 'valibot';

/**
 * Every cleaner of text that comes from outside, fed 1 MiB of each adversarial pattern: markup
 * left open (`'<br '` repeated once took four minutes in a Fari scene's card title), entities,
 * runs of white space, and the characters the text rules refuse. Each call must stay within
 * the budget, or the case fails the bench: a linear cleaner takes milliseconds here, a
 * quadratic one seconds. The time judged is the CPU time of the call (best of a few), so that
 * a busy machine does not fail it; the wall time is printed beside it. The quick mode (CI)
 * fails at twice the budget: it is there to catch a cleaner gone super-linear, and the same
 * linear cleaners measured 43 ms one day and 114 ms another on this machine's CPUs.
 */

const MiB = 1 << 20;
/** CPU time one cleaner may take on 1 MiB of any pattern. */
export const TEXT_BUDGET_MS = 100;

const PATTERNS = [
  '<br ',
  '<script ',
  '<script><!--',
  '<!--<br',
  '</',
  '<a<',
  '<p-x ',
  ' \t',
  'a b ',
  '\r\n',
  '\n\n\n',
  '&amp;',
  '&#x1;',
  '&#12345',
  '\u0000',
  '\u202e',
  '\u200b',
  'e\u0301',
  '😀',
];

/** A cleaner, given the adversarial text (1 MiB of it, within whatever wraps it). */
interface Cleaner {
  name: string;
  run: (text: string) => unknown;
}

/**
 * As much of `text` as fits `copies` times, JSON-encoded, in a file of at most 1 MiB with room
 * for what is around it (escapes make `\u0000` six bytes, an emoji four).
 */
function fitting(text: string, copies: number): string {
  const room = (MiB - 2048) / copies;
  const encoded = Buffer.byteLength(JSON.stringify(text));
  return encoded <= room ? text : text.slice(0, Math.floor((text.length * room) / encoded));
}

const fariScene = (title: string) =>
  JSON.stringify({
    fariType: 'scene',
    name: 'Docks',
    indexCards: { public: [{ id: 'c1', title, content: '' }], private: [] },
  });

/** A Fari character whose one aspect label and fate point value are the text. */
const fariCharacter = (text: string) =>
  JSON.stringify({
    fariType: 'character',
    version: 6,
    name: 'Mira',
    pages: [
      {
        id: 'p1',
        label: 'CHARACTER',
        rows: [
          {
            columns: [
              {
                sections: [
                  {
                    id: 's1',
                    label: text,
                    blocks: [{ id: 'b1', type: 'Text', label: text, value: 'Cartographer' }],
                  },
                  {
                    id: 's2',
                    label: 'FATE POINTS',
                    blocks: [{ id: 'b2', type: 'PointCounter', label: 'FATE POINTS', value: text }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  });

const CLEANERS: Cleaner[] = [
  { name: 'plainText (interop)', run: plainText },
  { name: 'plainLine (interop)', run: plainLine },
  // The whole import, as the server and the browser run it: JSON, then each field's cleaning,
  // the text cut so that the file stays within the 1 MiB limit.
  { name: 'Fari scene import', run: (t) => importFariScene(fariScene(fitting(t, 1))) },
  {
    name: 'Fari character import',
    run: (t) => importCharacter(fariCharacter(fitting(t, 3)), 'fate-core'),
  },
  { name: 'textProblem name', run: (t) => textProblem(t, 'name') },
  { name: 'textProblem multiline', run: (t) => textProblem(t, 'multiline') },
  {
    name: 'chat.send schema',
    run: (t) => v.safeParse(ChatSendSchema, { to: { kind: 'table' }, text: t }),
  },
  { name: 'join command (name)', run: (t) => parseCommand({ type: 'join', name: t }) },
];

export interface TextCaseFigures {
  budgetMs: number;
  /** Per cleaner: its slowest pattern. */
  cleaners: { name: string; worstPattern: string; cpuMs: number; wallMs: number }[];
  /** Every (cleaner, pattern) over the budget. */
  over: string[];
}

/** A pattern as printed: quoted, every character outside printable ASCII as `\u{…}`. */
const shown = (pattern: string) =>
  `"${[...pattern]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && code < 0x7f ? c : `\\u{${code.toString(16)}}`;
    })
    .join('')}"`;

const fill = (pattern: string) => pattern.repeat(Math.ceil(MiB / pattern.length)).slice(0, MiB);

/** The best CPU and wall time of `reps` calls. */
function timed(run: () => unknown, reps: number): { cpuMs: number; wallMs: number } {
  let cpuMs = Infinity;
  let wallMs = Infinity;
  for (let i = 0; i < reps; i += 1) {
    const cpu = process.cpuUsage();
    const wall = performance.now();
    run();
    wallMs = Math.min(wallMs, performance.now() - wall);
    const used = process.cpuUsage(cpu);
    cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
  }
  return { cpuMs, wallMs };
}

export function runText(
  reps: number,
  say: (line: string) => void,
  failAtMs = TEXT_BUDGET_MS,
): TextCaseFigures {
  const figures: TextCaseFigures = { budgetMs: TEXT_BUDGET_MS, cleaners: [], over: [] };
  const inputs = PATTERNS.map((pattern) => [pattern, fill(pattern)] as const);
  for (const cleaner of CLEANERS) {
    let worst = { pattern: '', cpuMs: 0, wallMs: 0 };
    for (const [pattern, text] of inputs) {
      const t = timed(() => cleaner.run(text), reps);
      if (t.cpuMs > worst.cpuMs) worst = { pattern, ...t };
      if (t.cpuMs > TEXT_BUDGET_MS) {
        figures.over.push(
          `${cleaner.name} on ${JSON.stringify(pattern)}: ${t.cpuMs.toFixed(1)} ms`,
        );
      }
    }
    const pattern = shown(worst.pattern);
    figures.cleaners.push({ name: cleaner.name, worstPattern: pattern, ...worst });
    say(
      `  ${cleaner.name}: slowest 1 MiB ${pattern}, ${worst.cpuMs.toFixed(1)} ms CPU ` +
        `(${worst.wallMs.toFixed(1)} ms wall)`,
    );
  }
  const failing = figures.cleaners.filter((c) => c.cpuMs > failAtMs);
  if (failing.length > 0) {
    throw new Error(`text cleaners over ${failAtMs} ms for 1 MiB: ${figures.over.join('; ')}`);
  }
  for (const over of figures.over) say(`  over the ${TEXT_BUDGET_MS} ms budget: ${over}`);
  return figures;
}

/** The report's rows: one per cleaner, its slowest pattern. */
export function textRows(figures: TextCaseFigures | undefined): string[][] {
  return (figures?.cleaners ?? []).map((c) => [
    `text cleaning, 1 MiB adversarial: ${c.name}`,
    `${c.cpuMs.toFixed(1)} ms CPU`,
    `slowest of ${PATTERNS.length} patterns: ${c.worstPattern}; ${c.wallMs.toFixed(1)} ms wall`,
    `≤ ${TEXT_BUDGET_MS} ms`,
  ]);
}
