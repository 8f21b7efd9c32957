import type { Refused } from './errors';
import { refused } from './errors';

/**
 * Reading an untrusted file as JSON, with the limits checked before `JSON.parse` builds
 * anything: size first, then a scan for nesting depth (a deeply nested file overflows the
 * stack of every recursive walk after it), then the parse, then a walk for prototype keys.
 */

/** The largest file accepted: a big Fari character is about 60 KiB, a Foundry actor 200 KiB. */
export const MAX_FILE_BYTES = 1024 * 1024;
/** The deepest nesting accepted; Fari's sheets reach 8, Foundry's actors about 10. */
export const MAX_DEPTH = 32;

/** Keys that name the prototype chain, not an entry: refused wherever they appear. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type Parsed = { ok: true; value: unknown } | Refused;

/** The bounds of one kind of file, and its name in messages ("a character file"). */
export interface JsonLimits {
  maxBytes: number;
  maxDepth: number;
  kind: string;
}

const CHARACTER_FILE: JsonLimits = {
  maxBytes: MAX_FILE_BYTES,
  maxDepth: MAX_DEPTH,
  kind: 'a character file',
};

/** Parses `input` (text or bytes) within the limits, or says why not. */
export function parseJsonSafely(
  input: string | Uint8Array,
  limits: JsonLimits = CHARACTER_FILE,
): Parsed {
  const size = typeof input === 'string' ? utf8Length(input, limits.maxBytes) : input.byteLength;
  if (size > limits.maxBytes) {
    return refused(
      'too-large',
      `The file is ${Math.ceil(size / 1024)} KiB; ${limits.kind} may be at most ${limits.maxBytes / 1024} KiB.`,
    );
  }
  if (startsWithPdf(input)) return pdf();
  const text = typeof input === 'string' ? input : decodeUtf8(input);
  if (text === undefined) return notText();
  if (text.includes('\u0000')) return notText();
  const depth = maxDepth(text);
  if (depth > limits.maxDepth) {
    return refused(
      'too-deep',
      `The file nests ${depth} levels deep; ${limits.kind} nests at most ${limits.maxDepth}.`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return refused('invalid-json', `The file is not valid JSON (cut short or edited?): ${why}.`);
  }
  const key = reservedKey(value);
  if (key !== undefined) {
    return refused(
      'reserved-key',
      `The file carries the key "${key}", which no Fateboard, Fari or Foundry file has.`,
    );
  }
  return { ok: true, value };
}

function utf8Length(text: string, max: number): number {
  // Encoding is needed only when the cheap bound (at most 3 bytes per UTF-16 unit) is over.
  return text.length * 3 <= max ? text.length : new TextEncoder().encode(text).byteLength;
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const notText = (): Refused =>
  refused('not-text', 'The file is not text: Fateboard, Fari and Foundry files are JSON.');

const startsWithPdf = (input: string | Uint8Array): boolean =>
  typeof input === 'string'
    ? input.startsWith('%PDF')
    : input[0] === 0x25 && input[1] === 0x50 && input[2] === 0x44 && input[3] === 0x46;

const pdf = (): Refused =>
  refused('not-text', 'The file is a PDF: export it from Fari, Foundry or Fateboard as JSON.');

/** The deepest `[`/`{` nesting of a JSON text, brackets inside strings skipped. */
export function maxDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** The first reserved key anywhere in a parsed value (its depth is already bounded). */
function reservedKey(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = reservedKey(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (RESERVED_KEYS.has(key)) return key;
    const found = reservedKey(item);
    if (found !== undefined) return found;
  }
  return undefined;
}
