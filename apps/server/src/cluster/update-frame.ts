import type { DocKey } from '@fateboard/table';
import type { DocUpdate } from '../storage';

// A batch's updates as they travel between the nodes: one binary frame rather than JSON with
// the bytes in base64. It is every stored batch's message, the one the nodes send most; JSON
// and base64 cost its writer a tenth of its busy time and its followers as much to read.
//
//   0x01, the sender's name (one byte of length, UTF-8), first and seq (float64 LE each), the
//   number of updates (one byte), then per update its document (0 public, 1 GM) and its bytes
//   (uint32 LE length, then the bytes).
//
// Every other message is JSON, whose first byte is `{`: the first byte tells them apart.

const TAG = 0x01;
const DOCS: readonly DocKey[] = ['pub', 'gm'];
/** A frame holds at most one update per document (the batch's are merged per document). */
const MAX_UPDATES = DOCS.length;
const NAME_MAX = 255;

/** A decoded frame: who sent it and what it says. */
export interface UpdateFrame {
  from: string;
  first: number;
  seq: number;
  updates: DocUpdate[];
}

export function isUpdateFrame(bytes: Uint8Array): boolean {
  return bytes[0] === TAG;
}

/** Throws when the frame cannot say it: a name over 255 bytes, more updates than documents. */
export function encodeUpdateFrame(frame: UpdateFrame): Buffer {
  const name = Buffer.from(frame.from, 'utf8');
  if (name.length > NAME_MAX) throw new Error('a node name longer than 255 bytes');
  if (frame.updates.length > MAX_UPDATES) throw new Error('more than one update per document');
  let size = 1 + 1 + name.length + 8 + 8 + 1;
  for (const u of frame.updates) size += 1 + 4 + u.bytes.length;
  const out = Buffer.allocUnsafe(size);
  let at = out.writeUInt8(TAG, 0);
  at = out.writeUInt8(name.length, at);
  at += name.copy(out, at);
  at = out.writeDoubleLE(frame.first, at);
  at = out.writeDoubleLE(frame.seq, at);
  at = out.writeUInt8(frame.updates.length, at);
  for (const u of frame.updates) {
    at = out.writeUInt8(DOCS.indexOf(u.doc), at);
    at = out.writeUInt32LE(u.bytes.length, at);
    out.set(u.bytes, at);
    at += u.bytes.length;
  }
  return out;
}

/**
 * Reads a frame from another node, every byte untrusted: undefined unless it is exactly a
 * frame (its tag, lengths within it, known documents each at most once, safe integer seqs in
 * order, nothing after). The updates are copies: nothing holds on to the received message.
 */
export function decodeUpdateFrame(bytes: Uint8Array): UpdateFrame | undefined {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const has = (n: number) => at + n <= buf.length;
  if (!has(2) || buf.readUInt8(0) !== TAG) return undefined;
  const nameLength = buf.readUInt8(1);
  at = 2;
  if (!has(nameLength + 8 + 8 + 1)) return undefined;
  const from = buf.toString('utf8', at, at + nameLength);
  at += nameLength;
  const first = buf.readDoubleLE(at);
  const seq = buf.readDoubleLE(at + 8);
  const count = buf.readUInt8(at + 16);
  at += 17;
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(seq) || first > seq) return undefined;
  if (count > MAX_UPDATES) return undefined;
  const updates: DocUpdate[] = [];
  for (let i = 0; i < count; i++) {
    if (!has(5)) return undefined;
    const doc = DOCS[buf.readUInt8(at)];
    const length = buf.readUInt32LE(at + 1);
    at += 5;
    if (doc === undefined || updates.some((u) => u.doc === doc) || !has(length)) return undefined;
    updates.push({ doc, bytes: new Uint8Array(buf.subarray(at, at + length)) });
    at += length;
  }
  return at === buf.length ? { from, first, seq, updates } : undefined;
}
