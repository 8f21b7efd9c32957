// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TranslationJSON } from '@nanostores/i18n';
import { english } from './english';
import ptBR from './pt-BR';

// The word list the Portuguese browser spec (e2e/pt-br-session.spec.ts) looks for on every
// screen: each word of three letters or more that the interface's English says (every
// component's messages and the log's templates) and no Portuguese string says, lower case. A
// Portuguese screen showing one of them shows an untranslated string, whichever key it is.
// The list is committed (e2e/english-words.json, read by the spec without a build); this test
// fails when it is stale. Regenerate it with:
//
//   UPDATE_ENGLISH_WORDS=1 pnpm --filter @fateboard/client exec vitest run src/locales/english-words.test.ts

/** The repository's root: the folder above the working directory that holds the workspace. */
function root(from = process.cwd()): string {
  return existsSync(join(from, 'pnpm-workspace.yaml')) || dirname(from) === from
    ? from
    : root(dirname(from));
}

const LIST = join(root(), 'e2e', 'english-words.json');

/**
 * Words both languages write alike and that are not English on a Portuguese screen: names
 * (the app, the games), the dice notation, words Brazilian tables use as they are.
 */
export const KEPT = new Set([
  'fate',
  'fateboard',
  'core',
  'edgerunner',
  'pirates',
  'narrative',
  'condensed',
  'accelerated',
  'json',
  'url',
  'html',
  'png',
  'gm',
  'npc',
  'npcs',
  'pdf',
  'csv',
  'obs',
  'esc',
  'enter',
  'tab',
  'shift',
  'ctrl',
  'alt',
  'max',
  'min',
]);

/** Every string a translation tree holds, placeholders dropped. */
function strings(json: TranslationJSON | undefined): string[] {
  if (typeof json === 'string') return [json.replace(/\{\w+\}/g, ' ')];
  if (!json) return [];
  return Object.values(json).flatMap((v) => strings(v));
}

/** The words of a text: runs of letters (accented ones too), lower case. */
export function wordsOf(text: string): string[] {
  return [...text.matchAll(/\p{L}+/gu)].map((m) => m[0].toLowerCase());
}

function englishWords(): string[] {
  const portuguese = new Set(Object.values(ptBR).flatMap(strings).flatMap(wordsOf));
  const words = new Set(
    Object.values(english)
      .flatMap(strings)
      .flatMap(wordsOf)
      .filter((w) => w.length >= 3 && /^[a-z]+$/.test(w) && !portuguese.has(w) && !KEPT.has(w)),
  );
  return [...words].sort();
}

describe('the English word list of the Portuguese spec', () => {
  it('finds the words of the English messages', () => {
    const words = englishWords();
    // Some words every table sees, whose Portuguese differs.
    for (const w of ['roll', 'invoke', 'compel', 'character', 'scene']) expect(words).toContain(w);
    // Words the Portuguese says too are not English on its screens.
    expect(words).not.toContain('total');
  });

  it('is up to date in e2e/english-words.json', () => {
    const words = englishWords();
    const text = `${JSON.stringify(words, null, 2)}\n`;
    if (process.env.UPDATE_ENGLISH_WORDS === '1') writeFileSync(LIST, text);
    const committed = existsSync(LIST) ? readFileSync(LIST, 'utf8') : '';
    expect(
      committed === text,
      'e2e/english-words.json is stale: regenerate it with UPDATE_ENGLISH_WORDS=1 pnpm --filter @fateboard/client exec vitest run src/locales/english-words.test.ts',
    ).toBe(true);
  });
});
