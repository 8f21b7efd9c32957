import { randomInt } from 'node:crypto';
import * as Y from 'yjs';
import { DOC_KEYS } from '@fateboard/table';
import type { DocKey, TableDocs } from '@fateboard/table';
import type { DocUpdate } from '../storage';

// The Yjs side of a room's documents (docs.ts): the updates a command makes, and what the
// replicas lack after a reload.

/** A writer id no writer claims (they are small, see claimWriterId): 2^20 up to 2^31. */
export const followerId = () => randomInt(2 ** 20, 2 ** 31);

type DeleteSet = ReturnType<typeof Y.createDeleteSetFromStructStore>;

/** Whether `next` deletes an item that `known` does not. */
function deletesMore(next: DeleteSet, known: DeleteSet): boolean {
  for (const [client, ranges] of next.clients) {
    for (const { clock, len } of ranges) {
      for (let c = clock; c < clock + len; c++) {
        if (!Y.isDeleted(known, Y.createID(client, c))) return true;
      }
    }
  }
  return false;
}

/**
 * Starts recording every update of both documents; the answer ends it and answers them, one
 * merged update per document that changed (none when nothing changed).
 */
export function recordUpdates(docs: TableDocs): () => DocUpdate[] {
  const captured: Record<DocKey, Uint8Array[]> = { pub: [], gm: [] };
  const offs = DOC_KEYS.map((key) => {
    const record = (update: Uint8Array) => captured[key].push(update);
    docs[key].on('update', record);
    return () => docs[key].off('update', record);
  });
  return () => {
    offs.forEach((off) => off());
    const updates: DocUpdate[] = [];
    for (const key of DOC_KEYS) {
      const parts = captured[key];
      if (parts.length === 0) continue;
      updates.push({ doc: key, bytes: parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts) });
    }
    return updates;
  };
}

/**
 * The state vector of what the document's replicas were sent: all of it, or its own writes
 * only up to `sent` (the clock its writer had when the unsent ones began).
 */
export function replicaVector(doc: Y.Doc, sent: number | undefined): Uint8Array {
  if (sent === undefined) return Y.encodeStateVector(doc);
  const vector = Y.decodeStateVector(Y.encodeStateVector(doc));
  if (sent > 0) vector.set(doc.clientID, sent);
  else vector.delete(doc.clientID);
  return Y.encodeStateVector(vector);
}

/**
 * Per document, what `docs` hold beyond the replicas' state vectors `before` and delete sets
 * `deleted` (in DOC_KEYS order).
 */
export function missingUpdates(
  docs: TableDocs,
  before: Uint8Array[],
  deleted: DeleteSet[],
): DocUpdate[] {
  const missing: DocUpdate[] = [];
  DOC_KEYS.forEach((key, i) => {
    const bytes = Y.encodeStateAsUpdate(docs[key], before[i]);
    // The update always carries the whole delete set: sent only when it holds an item the
    // replicas lack or a deletion the documents did not hold (a replica is sent no frame
    // for a commit that stored nothing).
    const { structs, ds } = Y.decodeUpdate(bytes);
    if (structs.length > 0 || deletesMore(ds, deleted[i]!)) missing.push({ doc: key, bytes });
  });
  return missing;
}
