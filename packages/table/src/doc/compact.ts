import * as Y from 'yjs';
import { GM_ROOTS, PUB_ROOTS, type RootSpecs } from './roots';
import { claimWriterId, maxSmallId, type TableDocs } from './schema';

/**
 * Rebuilds a table's documents from their current state alone. Yjs keeps a small deleted
 * item for every overwritten value (about 20 bytes per command here), so a long campaign's
 * history outgrows its content; the server swaps in the rebuilt documents and tells connected
 * replicas to reload, since the new documents share no history with the old ones.
 */
export function compactTableDocs(docs: TableDocs): TableDocs {
  const epoch = docEpoch(docs.pub) + 1;
  return { pub: rebuild(docs.pub, PUB_ROOTS, epoch), gm: rebuild(docs.gm, GM_ROOTS, epoch) };
}

/**
 * How many times the documents were rebuilt (`meta.epoch`, 0 before the first). A replica
 * holding another epoch's document cannot take updates of this one: it loads afresh.
 */
export function docEpoch(doc: Y.Doc): number {
  const epoch = doc.getMap<unknown>('meta').get('epoch');
  return typeof epoch === 'number' ? epoch : 0;
}

/** A fresh document with every registered root of `source` and none of its history. */
function rebuild(source: Y.Doc, roots: RootSpecs, epoch: number): Y.Doc {
  const target = new Y.Doc();
  // A writer id the old documents never used: a replica of them still names it (4410).
  claimWriterId(target, maxSmallId(source));
  target.transact(() => {
    for (const [name, spec] of Object.entries(roots)) {
      if (spec.kind === 'map') copyMap(source.getMap<unknown>(name), target.getMap<unknown>(name));
      else {
        const items = source.getArray<unknown>(name).toArray().map(copyValue);
        target.getArray<unknown>(name).push(items);
      }
    }
    target.getMap<unknown>('meta').set('epoch', epoch);
  });
  return target;
}

function copyMap(from: Y.Map<unknown>, to: Y.Map<unknown>): void {
  from.forEach((value, key) => to.set(key, copyValue(value)));
}

function copyValue(value: unknown): unknown {
  if (value instanceof Y.Map) {
    const map = new Y.Map<unknown>();
    (value as Y.Map<unknown>).forEach((v, k) => map.set(k, copyValue(v)));
    return map;
  }
  if (value instanceof Y.Array) {
    const arr = new Y.Array<unknown>();
    arr.push((value as Y.Array<unknown>).toArray().map(copyValue));
    return arr;
  }
  return value;
}
