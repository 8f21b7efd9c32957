import { describe, expect, it } from 'vitest';
import { decodeEvent } from './table-events';
import { decodeUpdateFrame, encodeUpdateFrame, isUpdateFrame } from './update-frame';
import type { UpdateFrame } from './update-frame';

// The nodes' messages are a door like any other: every byte of them is untrusted.

const frame: UpdateFrame = {
  from: 'node-é',
  first: 41,
  seq: 43,
  updates: [
    { doc: 'pub', bytes: new Uint8Array([1, 2, 3, 0, 255]) },
    { doc: 'gm', bytes: new Uint8Array([]) },
  ],
};

describe('a batch update frame', () => {
  it('reads back what was written, in copies', () => {
    const bytes = encodeUpdateFrame(frame);
    expect(isUpdateFrame(bytes)).toBe(true);
    const read = decodeUpdateFrame(bytes);
    expect(read).toEqual(frame);
    bytes.fill(0);
    expect(read?.updates[0]?.bytes).toEqual(new Uint8Array([1, 2, 3, 0, 255]));
  });

  it('reads a frame at an offset of a larger buffer', () => {
    const bytes = encodeUpdateFrame(frame);
    const larger = new Uint8Array(bytes.length + 7);
    larger.set(bytes, 3);
    expect(decodeUpdateFrame(larger.subarray(3, 3 + bytes.length))).toEqual(frame);
  });

  it('refuses every truncation and anything after the frame', () => {
    const bytes = encodeUpdateFrame(frame);
    for (let n = 0; n < bytes.length; n++) {
      expect(decodeUpdateFrame(bytes.subarray(0, n))).toBeUndefined();
    }
    expect(decodeUpdateFrame(Buffer.concat([bytes, Buffer.from([0])]))).toBeUndefined();
  });

  it('refuses unknown documents, a document twice, and more updates than documents', () => {
    const one = { ...frame, updates: [{ doc: 'pub' as const, bytes: new Uint8Array([7]) }] };
    const bytes = encodeUpdateFrame(one);
    const docAt = bytes.length - 1 - 4 - 1;
    const unknown = Buffer.from(bytes);
    unknown[docAt] = 2;
    expect(decodeUpdateFrame(unknown)).toBeUndefined();
    const twice = encodeUpdateFrame({ ...frame, updates: [one.updates[0]!, one.updates[0]!] });
    expect(decodeUpdateFrame(twice)).toBeUndefined();
    const many = Buffer.from(bytes);
    many[docAt - 1] = 3;
    expect(decodeUpdateFrame(many)).toBeUndefined();
    expect(() =>
      encodeUpdateFrame({ ...frame, updates: [...frame.updates, one.updates[0]!] }),
    ).toThrow(/one update per document/);
  });

  it('refuses seqs that are not safe integers in order, and lengths past the end', () => {
    for (const [first, seq] of [
      [5, 4],
      [1.5, 2],
      [0, Number.MAX_SAFE_INTEGER + 2],
      [Number.NaN, 1],
      [-Infinity, 1],
    ] as const) {
      expect(decodeUpdateFrame(encodeUpdateFrame({ ...frame, first, seq }))).toBeUndefined();
    }
    const bytes = encodeUpdateFrame({ ...frame, updates: [frame.updates[0]!] });
    bytes.writeUInt32LE(0xffffffff, bytes.length - 5 - 4);
    expect(decodeUpdateFrame(bytes)).toBeUndefined();
  });

  it('refuses a name over 255 bytes when written', () => {
    expect(() => encodeUpdateFrame({ ...frame, from: 'n'.repeat(256) })).toThrow(/255/);
  });
});

describe('a JSON table event from another node', () => {
  it('is read when it fits its kind', () => {
    expect(decodeEvent({ kind: 'head', seq: 9 })).toEqual({ kind: 'head', seq: 9 });
    expect(decodeEvent({ kind: 'hello' })).toEqual({ kind: 'hello' });
    expect(decodeEvent({ kind: 'close-seat', seatId: 's1' })).toEqual({
      kind: 'close-seat',
      seatId: 's1',
    });
    const share = { participants: [{ role: 'gm', connections: 2 }], spectators: 3 };
    expect(decodeEvent({ kind: 'presence', node: 'n2', share })).toEqual({
      kind: 'presence',
      node: 'n2',
      share,
    });
  });

  it('is dropped when it does not, updates in JSON included (they travel as frames)', () => {
    for (const raw of [
      null,
      'head',
      { kind: 'head', seq: 1.5 },
      { kind: 'hello', doc: 'secret' },
      { kind: 'close-tokens', hashes: [1], message: 'x' },
      { kind: 'close-seat' },
      { kind: 'presence', node: 'n', share: { participants: [{ role: 'god' }], spectators: 0 } },
      { kind: 'presence', node: 'n', share: { participants: [], spectators: -1 } },
      { kind: 'chat', message: { text: 'no id' } },
      { kind: 'awareness', doc: 'pub', update: 7 },
      { kind: 'updates', first: 1, seq: 1, updates: [] },
      { kind: 'unheard-of' },
    ]) {
      expect(decodeEvent(raw)).toBeUndefined();
    }
  });
});
