import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';

// The fuzzer's y-websocket messages and the text pieces both generators share. Every choice
// comes from one seeded PRNG, so a seed replays the same messages.

/** Choices drawn from one seeded source (`testRandom`), so that a seed replays a run. */
export class Rand {
  constructor(readonly next: () => number) {}
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  /** Small sizes mostly, sometimes the edge, sometimes huge. */
  size(max: number): number {
    const roll = this.next();
    if (roll < 0.6) return this.int(0, Math.min(max, 16));
    if (roll < 0.85) return this.int(0, max);
    return max;
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.int(0, 255);
    return out;
  }
}

export const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\u009b',
];
const BIDI = ['\u202a', '\u202b', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
const ODD = ['\ud800', '\udfff', '\ud83d', '\uffff', '\ufffe', '\u2028', '\u2029', '\u0301'];
const WORDS = ['Zira', 'Ümlaut', 'عربى', '日本語', '👩‍👩‍👧', '🏴‍☠️', 'x', ' ', '<b>', '"', '\\'];

/** Text drawn from every hostile pool; `controls` false leaves out C0/C1 controls. */
export function hostileText(r: Rand, length: number, controls = true): string {
  const pools = [WORDS, BIDI, ZERO_WIDTH, ODD, ...(controls ? [CONTROLS] : [])];
  let out = '';
  while (out.length < length) out += r.pick(r.pick(pools));
  return out.slice(0, Math.max(1, length));
}

/** A JSON document as text: deep, wide, long, odd numbers, hostile keys, or not JSON at all. */
export function jsonText(r: Rand): { kind: string; text: string } {
  const depth = r.pick([10, 500, 3000, 10_000, 20_000, 30_000]);
  switch (r.int(0, 9)) {
    case 0:
      return { kind: 'deep-arrays', text: '['.repeat(depth) + ']'.repeat(depth) };
    case 1: {
      const d = Math.min(depth, 10_000);
      return { kind: 'deep-objects', text: '{"a":'.repeat(d) + '1' + '}'.repeat(d) };
    }
    case 2: {
      const d = Math.min(depth, 8_000);
      return { kind: 'deep-mixed', text: '[{"u":'.repeat(d) + 'null' + '}]'.repeat(d) };
    }
    case 3: {
      const keys = Array.from({ length: r.size(4000) }, (_, i) => `"k${i}":${i}`);
      return { kind: 'wide-object', text: `{${keys.join(',')}}` };
    }
    case 4:
      return { kind: 'long-string', text: JSON.stringify(hostileText(r, r.size(20_000))) };
    case 5: {
      const numbers = ['1e308', '-0', '5e-324', '123456789012345678901234567890', '1E+400'];
      return { kind: 'numbers', text: `[${numbers.join(',')},${r.int(-1e9, 1e9)}]` };
    }
    case 6: {
      const key = r.pick(['__proto__', 'constructor', 'prototype', hostileText(r, 8)]);
      const user = { name: hostileText(r, r.size(200)), color: '#ff0000', role: 'gm' };
      return {
        kind: 'hostile-keys',
        text: `{"user":${JSON.stringify(user)},${JSON.stringify(key)}:{"polluted":true}}`,
      };
    }
    case 7:
      return { kind: 'null-state', text: 'null' };
    case 8:
      return { kind: 'not-json', text: r.pick(['', '{', 'undefined', 'NaN', '[1,]', "{'a':1}"]) };
    default:
      return {
        kind: 'typical',
        text: JSON.stringify({ user: { name: r.pick(WORDS), color: '#30bced' }, cursor: null }),
      };
  }
}

function varUint(e: encoding.Encoder, n: number): void {
  // lib0 writes any safe integer; past 2^53 we write the bytes ourselves (see hugeVarint).
  encoding.writeVarUint(e, n);
}

/** A varint of 10 to 20 bytes: past 2^53, past 2^64, never ending where it should. */
function hugeVarint(r: Rand): Uint8Array {
  const n = r.int(10, 20);
  const out = new Uint8Array(n).fill(0xff);
  if (r.chance(0.5)) out[n - 1] = 0x7f;
  return out;
}

export function frame(...parts: (number | Uint8Array)[]): Uint8Array {
  const e = encoding.createEncoder();
  for (const p of parts) {
    if (typeof p === 'number') varUint(e, p);
    else encoding.writeVarUint8Array(e, p);
  }
  return encoding.toUint8Array(e);
}

function stateVector(r: Rand, entries: number, clients: readonly number[]): Uint8Array {
  const e = encoding.createEncoder();
  varUint(e, entries);
  for (let i = 0; i < entries; i++) {
    varUint(e, r.chance(0.5) ? r.pick(clients) : r.int(0, 2 ** 32 - 1));
    varUint(e, r.pick([0, 1, r.int(0, 1000), 2 ** 31, Number.MAX_SAFE_INTEGER]));
  }
  return encoding.toUint8Array(e);
}

const ROOTS = ['meta', 'seats', 'characters', 'aspects', 'compels', 'rolls', 'journal', 'hidden'];

/** A well-formed Yjs update writing into the table's own roots, from a chosen writer id. */
function forgedUpdate(r: Rand, clients: readonly number[]): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = r.chance(0.5) ? r.pick(clients) : r.int(0, 2 ** 31);
  const root = r.pick(ROOTS);
  if (r.chance(0.5)) doc.getMap(root).set(hostileText(r, 6), hostileText(r, r.size(500)));
  else doc.getArray(root).insert(0, [r.int(-5, 5), hostileText(r, 4)]);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** One awareness update: several entries, any client id (ours, another's, huge), any state. */
function awarenessUpdate(r: Rand, clients: readonly number[]): { kind: string; bytes: Uint8Array } {
  const e = encoding.createEncoder();
  const count = r.pick([1, 1, 1, 2, 5]);
  varUint(e, count);
  const kinds: string[] = [];
  for (let i = 0; i < count; i++) {
    varUint(e, r.chance(0.6) ? r.pick(clients) : r.pick([0, 2 ** 32 - 1, r.int(0, 2 ** 31)]));
    varUint(e, r.pick([0, 1, r.int(2, 1000), Number.MAX_SAFE_INTEGER]));
    const json = jsonText(r);
    kinds.push(json.kind);
    encoding.writeVarString(e, json.text);
  }
  return { kind: kinds.join('+'), bytes: encoding.toUint8Array(e) };
}

export interface YjsCase {
  kind: string;
  data: Uint8Array | string;
}

/**
 * One y-websocket message. `clients` are awareness client ids the fuzzer's connections speak
 * for and the server's writer ids, so that messages name ids other connections own.
 */
export function yjsCase(r: Rand, clients: readonly number[]): YjsCase {
  const roll = r.int(0, 99);
  if (roll < 30) {
    const a = awarenessUpdate(r, clients);
    return { kind: `awareness:${a.kind.split('+')[0]!}`, data: frame(1, a.bytes) };
  }
  if (roll < 36) return { kind: 'sync1-empty', data: frame(0, 0, new Uint8Array([0])) };
  if (roll < 42)
    return { kind: 'sync1-random', data: frame(0, 0, stateVector(r, r.size(20), clients)) };
  if (roll < 45) return { kind: 'sync1-huge', data: frame(0, 0, stateVector(r, 4000, clients)) };
  if (roll < 50) return { kind: 'sync2-forged', data: frame(0, 1, forgedUpdate(r, clients)) };
  if (roll < 55) return { kind: 'update-forged', data: frame(0, 2, forgedUpdate(r, clients)) };
  if (roll < 60) return { kind: 'sync2-random', data: frame(0, 1, r.bytes(r.size(2000))) };
  if (roll < 64) return { kind: 'update-random', data: frame(0, 2, r.bytes(r.size(2000))) };
  if (roll < 68) return { kind: 'query-awareness', data: frame(3) };
  if (roll < 70) return { kind: 'auth', data: frame(2, r.bytes(r.size(50))) };
  if (roll < 74) {
    const whole = r.chance(0.5) ? awarenessUpdate(r, clients).bytes : forgedUpdate(r, clients);
    const full = frame(r.pick([0, 1]), ...(r.chance(0.5) ? [0] : []), whole);
    return { kind: 'truncated', data: full.slice(0, r.int(1, Math.max(1, full.length - 1))) };
  }
  if (roll < 78) {
    const head = r.pick([[], [0], [0, 0], [1]]);
    return { kind: 'huge-varint', data: new Uint8Array([...head, ...hugeVarint(r), 1, 2, 3]) };
  }
  if (roll < 81)
    return { kind: 'unknown-sync-step', data: frame(0, r.int(3, 2 ** 20), r.bytes(4)) };
  if (roll < 84) return { kind: 'unknown-type', data: frame(r.int(4, 2 ** 30), r.bytes(8)) };
  if (roll < 88) return { kind: 'text-frame', data: hostileText(r, r.size(2000)) };
  if (roll < 90) return { kind: 'empty-frame', data: new Uint8Array(0) };
  if (roll < 92) return { kind: 'oversized', data: r.bytes(64 * 1024 + r.int(1, 4096)) };
  return { kind: 'random-bytes', data: r.bytes(r.size(3000)) };
}
