import { describe, expect, it } from 'vitest';
import type { ImportErrorCode } from './errors';
import { importCharacter } from './import';
import { MAX_FILE_BYTES } from './safe-json';
import { fixture } from './test/fixtures';

describe('bad input: a clear message and nothing produced', () => {
  it.each<[string, ImportErrorCode, RegExp]>([
    ['fari-scene.fari.json', 'fari-scene', /Fari scene, not a character/],
    ['foundry-dnd5e-actor.json', 'unknown-format', /dnd5e, not to Fate Core Official/],
    ['other-game-sheet.json', 'unknown-format', /does not know this file/],
    ['renamed.pdf.fari.json', 'not-text', /PDF/],
    ['truncated.fari.json', 'invalid-json', /not valid JSON/],
    ['invalid.fari.json', 'invalid-json', /not valid JSON/],
    ['deep-nesting.json', 'too-deep', /nests 5001 levels/],
    ['proto-key.fari.json', 'reserved-key', /__proto__/],
    ['fari-v2-character.fari.json', 'unsupported-version', /version 2/],
    ['array.json', 'unknown-format', /one object/],
    ['fateboard-damaged.json', 'bad-fateboard-file', /damaged at character/],
    ['fateboard-future.json', 'unsupported-version', /version 9/],
  ])('%s is refused (%s)', (file, code, message) => {
    const result = importCharacter(fixture(`bad/${file}`), 'fate-core');
    if (result.ok) throw new Error(`${file} was imported`);
    expect(Object.keys(result)).toEqual(['ok', 'error']);
    expect(result.error.code).toBe(code);
    expect(result.error.message).toMatch(message);
  });

  it('refuses a file over the size limit', () => {
    // Generated rather than stored: a 1 MiB fixture would weigh on every clone.
    const big = `{"fariType":"character","name":"${'x'.repeat(MAX_FILE_BYTES)}","pages":[]}`;
    const result = importCharacter(big, 'pirates');
    expect(result.ok || result.error.code).toBe('too-large');
  });

  it('never throws on arbitrary bytes', () => {
    for (const input of [
      '',
      'null',
      '0',
      '"x"',
      '{}',
      '{"fariType":"character","pages":[1,null,{}]}',
      '{"type":"fate-core-official","system":{"tracks":{"t":{"boxes":1e9}}},"name":1}',
    ]) {
      const result = importCharacter(input, 'fate-core');
      expect(typeof result.ok).toBe('boolean');
    }
  });
});
