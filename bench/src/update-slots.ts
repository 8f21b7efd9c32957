// Which of a round's updates a broadcast frame carries, read from the Yjs update itself.
// Hocuspocus sends every update that arrived in one turn of its event loop as one merged
// broadcast (its default flushDelay 0); when the load process sends late and so in a
// burst, several of the writer's updates reach the receivers as one frame. Counting frames
// would then call the round incomplete: instead each frame is mapped to the updates it
// carries by the writer's clock (one writer: its structs alone are in the update).
import * as Y from 'yjs';
import type { SlotsOf } from './clients';

/** A varuint at `pos` (Yjs client ids reach 2^32: no bitwise arithmetic). */
function varUint(b: Uint8Array, pos: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = b[pos++]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return { value, next: pos };
    scale *= 128;
  }
}

/** The Yjs update in [`at`: 0 sync][2 update][varuint length][update]. */
export function updateIn(frame: Uint8Array, at: number): Uint8Array {
  const { value: length, next } = varUint(frame, at + 2);
  return frame.subarray(next, next + length);
}

/** The clock of an update's first struct: [clients][structs][client][clock] (update v1). */
function firstClock(update: Uint8Array): number {
  let pos = 0;
  for (let i = 0; i < 3; i++) pos = varUint(update, pos).next;
  return varUint(update, pos).value;
}

/**
 * The slots of a round whose k-th message was `sent[k]`, a frame with its y-websocket
 * message at `at`. A frame as long as the one sent for its first update is that update
 * alone (a merge of several is longer); any other is parsed for where it ends.
 */
export function roundSlots(sent: Uint8Array[], at: number): SlotsOf {
  const starts = sent.map((f) => firstClock(updateIn(f, at)));
  const index = new Map(starts.map((clock, k) => [clock, k]));
  return (frame, offset) => {
    const update = updateIn(frame, offset);
    const first = index.get(firstClock(update));
    if (first === undefined) return undefined;
    if (frame.length === sent[first]!.length) return { first, count: 1 };
    const end = Math.max(...Y.parseUpdateMeta(update).to.values());
    let count = 1;
    while (first + count < starts.length && starts[first + count]! < end) count++;
    return { first, count };
  };
}
