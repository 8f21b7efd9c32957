import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_FILE_BYTES, maxDepth, parseJsonSafely } from './safe-json';

const code = (r: ReturnType<typeof parseJsonSafely>) => (r.ok ? 'ok' : r.error.code);

describe('reading untrusted JSON', () => {
  it('counts nesting without parsing, skipping brackets inside strings', () => {
    expect(maxDepth('{"a":[{"b":"[[[{{{"}]}')).toBe(3);
    expect(maxDepth('"\\"[["')).toBe(0);
  });
  it('refuses deep nesting before JSON.parse sees it', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(code(parseJsonSafely(deep))).toBe('too-deep');
    const ok = '['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH);
    expect(code(parseJsonSafely(ok))).toBe('ok');
  });
  it('refuses a file over the limit, as text or as bytes', () => {
    const big = `{"x":"${'a'.repeat(MAX_FILE_BYTES)}"}`;
    expect(code(parseJsonSafely(big))).toBe('too-large');
    expect(code(parseJsonSafely(new TextEncoder().encode(big)))).toBe('too-large');
    // Multi-byte text counts in bytes, not characters.
    expect(code(parseJsonSafely(`"${'é'.repeat(MAX_FILE_BYTES / 2 + 1)}"`))).toBe('too-large');
  });
  it('refuses prototype keys anywhere', () => {
    expect(code(parseJsonSafely('{"a":[{"__proto__":{"x":1}}]}'))).toBe('reserved-key');
    expect(code(parseJsonSafely('{"constructor":{}}'))).toBe('reserved-key');
  });
  it('refuses bytes that are not UTF-8 text', () => {
    expect(code(parseJsonSafely(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])))).toBe('not-text');
  });
  it('reads a BOM-prefixed file', () => {
    expect(parseJsonSafely('\uFEFF{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });
});
