import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

// The y-websocket wire format: message types (y-websocket's provider) and sync sub-types
// (y-protocols/sync). Only framing lives here; what a message means is the connection's job.
export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_AUTH = 2;
export const MESSAGE_QUERY_AWARENESS = 3;
export const SYNC_STEP1 = 0;
export const SYNC_STEP2 = 1;
export const SYNC_UPDATE = 2;

function frame(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
}

export function syncMessage(step: number, payload: Uint8Array): Uint8Array {
  return frame((e) => {
    encoding.writeVarUint(e, MESSAGE_SYNC);
    encoding.writeVarUint(e, step);
    encoding.writeVarUint8Array(e, payload);
  });
}

export function awarenessMessage(update: Uint8Array): Uint8Array {
  return frame((e) => {
    encoding.writeVarUint(e, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(e, update);
  });
}

/** A client's state vector is empty when it has nothing yet (a first load). */
export function isEmptyStateVector(sv: Uint8Array): boolean {
  return sv.length === 0 || (sv.length === 1 && sv[0] === 0);
}

/** One entry of an awareness update, its state still the JSON text the sender wrote. */
export interface AwarenessEntry {
  clientId: number;
  clock: number;
  json: string;
}

/**
 * The entries of an awareness update, read without parsing their JSON (y-protocols would
 * JSON.parse everything at once). Throws on a truncated or malformed update.
 */
export function readAwarenessEntries(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const entries: AwarenessEntry[] = [];
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const json = decoding.readVarString(decoder);
    entries.push({ clientId, clock, json });
  }
  return entries;
}

/** An awareness update in y-protocols' format from entries whose JSON is already checked. */
export function writeAwarenessEntries(entries: readonly AwarenessEntry[]): Uint8Array {
  return frame((e) => {
    encoding.writeVarUint(e, entries.length);
    for (const entry of entries) {
      encoding.writeVarUint(e, entry.clientId);
      encoding.writeVarUint(e, entry.clock);
      encoding.writeVarString(e, entry.json);
    }
  });
}
