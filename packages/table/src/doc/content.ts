import * as Y from 'yjs';
import { GM_ROOTS, PUB_ROOTS, type RootSpecs } from './roots';
import { SCHEMA_VERSION, claimWriterId, type DocKey, type TableDocs } from './schema';

/**
 * A table's two documents as plain JSON, and back: what a whole-table export writes and a
 * restore reads (docs/PROTOCOL.md, "Table files"). Every registered root of both documents
 * (roots.ts) is kept with its Yjs type, so that the documents built back are read exactly as
 * the originals were:
 *
 * - a Y.Map is `{ "map": { key: value } }`, a Y.Array `{ "array": [value] }`;
 * - a plain JSON object or array stored as one value (a log row, a spotlight) is
 *   `{ "json": value }`;
 * - strings, numbers, booleans and null are themselves.
 *
 * Each object carries exactly one of these keys, so nothing a table holds can be mistaken for
 * another. `meta.id` and `meta.epoch` are left out: they belong to the server that holds the
 * table (its id, how often it rebuilt the history), not to the table.
 */
export type Content =
  | null
  | boolean
  | number
  | string
  | { map: Record<string, Content> }
  | { array: Content[] }
  | { json: unknown };

export type MapContent = { map: Record<string, Content> };
export type ArrayContent = { array: Content[] };

/** Both documents, root by root. */
export interface TableContent {
  pub: Record<string, MapContent | ArrayContent>;
  gm: Record<string, MapContent | ArrayContent>;
}

/** Each document's registered roots: a root the registry names is written and read back. */
const ROOTS: Record<DocKey, RootSpecs> = { pub: PUB_ROOTS, gm: GM_ROOTS };

/** Meta fields that name the holding server's copy, not the table's content. */
const INSTANCE_FIELDS: readonly string[] = ['id', 'epoch'];

/** The content of both documents, every registered root. */
export function tableContent(docs: TableDocs): TableContent {
  return { pub: docContent(docs.pub, ROOTS.pub), gm: docContent(docs.gm, ROOTS.gm) };
}

function docContent(doc: Y.Doc, roots: RootSpecs): Record<string, MapContent | ArrayContent> {
  const out: Record<string, MapContent | ArrayContent> = {};
  for (const [name, spec] of Object.entries(roots)) {
    if (spec.kind === 'array') {
      out[name] = { array: doc.getArray<unknown>(name).toArray().map(encode) };
      continue;
    }
    const map = encodeMap(doc.getMap<unknown>(name));
    if (name === 'meta') for (const field of INSTANCE_FIELDS) delete map.map[field];
    out[name] = map;
  }
  return out;
}

function encodeMap(map: Y.Map<unknown>): MapContent {
  const out: Record<string, Content> = {};
  // Sorted keys: the same table always exports the same text, whatever order Yjs keeps.
  for (const key of [...map.keys()].sort()) out[key] = encode(map.get(key));
  return { map: out };
}

function encode(value: unknown): Content {
  if (value instanceof Y.Map) return encodeMap(value as Y.Map<unknown>);
  if (value instanceof Y.Array) return { array: (value as Y.Array<unknown>).toArray().map(encode) };
  if (value === null || typeof value !== 'object') {
    // Yjs stores undefined as such; JSON has no undefined, and no reader tells it from absent.
    return value === undefined ? null : (value as string | number | boolean);
  }
  return { json: value };
}

/**
 * Fresh documents for table `id` holding `content` (as written by `tableContent`, checked by
 * the caller), with the schema version of this code and writer ids of their own. Only
 * registered roots are read: anything else in `content` is ignored.
 */
export function docsFromContent(content: TableContent, id: string): TableDocs {
  const docs = { pub: new Y.Doc(), gm: new Y.Doc() };
  for (const key of ['pub', 'gm'] as const) {
    const doc = docs[key];
    claimWriterId(doc);
    doc.transact(() => {
      for (const [name, spec] of Object.entries(ROOTS[key])) {
        const stored = content[key][name];
        if (spec.kind === 'map' && stored && 'map' in stored) {
          fillMap(doc.getMap<unknown>(name), stored);
        }
        if (spec.kind === 'array' && stored && 'array' in stored) {
          doc.getArray<unknown>(name).push(stored.array.map(decode));
        }
      }
      const meta = doc.getMap<unknown>('meta');
      meta.set('id', id);
      meta.set('schemaVersion', SCHEMA_VERSION);
    });
  }
  return docs;
}

function fillMap(target: Y.Map<unknown>, content: MapContent): void {
  for (const [key, value] of Object.entries(content.map)) target.set(key, decode(value));
}

function decode(value: Content): unknown {
  if (value === null || typeof value !== 'object') return value;
  if ('map' in value) {
    const map = new Y.Map<unknown>();
    fillMap(map, value);
    return map;
  }
  if ('array' in value) {
    const array = new Y.Array<unknown>();
    array.push(value.array.map(decode));
    return array;
  }
  return value.json;
}
