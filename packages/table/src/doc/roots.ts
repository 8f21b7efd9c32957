import type * as Y from 'yjs';
import type { YMap } from './ymap';

/**
 * One root type of a document: a map, or an array (of Y.Maps, of ids, or of plain values), and
 * the fields of the document's view (`readTable` / `readGm`) that are read from it.
 */
interface RootSpec {
  kind: 'map' | 'array';
  of?: 'map' | 'string';
  feeds: readonly string[];
}

/**
 * Every root type of the public document `table/<id>`, in one place: the schema opens these,
 * a rebuild copies these, and the client observes these (and re-reads only the view fields a
 * changed root feeds). A root missing here exists nowhere. What each holds: schema.ts.
 */
export const PUB_ROOTS = {
  meta: {
    kind: 'map',
    feeds: [
      'schemaVersion',
      'id',
      'name',
      'ruleset',
      'gmPool',
      'spotlight',
      'spectatorChat',
      'gmReadsWhispers',
      'handout',
      'boardOnOverlay',
    ],
  },
  seats: { kind: 'map', feeds: ['seats'] },
  characters: { kind: 'map', feeds: ['characters'] },
  aspects: { kind: 'map', feeds: ['aspects'] },
  scene: { kind: 'map', feeds: ['scene'] },
  compels: { kind: 'map', feeds: ['compels'] },
  help: { kind: 'map', feeds: ['help'] },
  conflict: { kind: 'map', feeds: ['conflict'] },
  rolls: { kind: 'array', of: 'map', feeds: ['rolls'] },
  journal: { kind: 'array', feeds: ['log', 'fateSummary'] },
  refs: { kind: 'array', of: 'string', feeds: ['log', 'fateSummary'] },
  fp: { kind: 'map', feeds: ['fateSummary'] },
  countdowns: { kind: 'map', feeds: ['countdowns'] },
  declarations: { kind: 'map', feeds: ['declarations'] },
  zones: { kind: 'map', feeds: ['board'] },
  borders: { kind: 'map', feeds: ['board'] },
  tokens: { kind: 'map', feeds: ['board'] },
} as const satisfies Record<string, RootSpec>;

/** Every root type of the GM document `table/<id>/gm`. */
export const GM_ROOTS = {
  meta: { kind: 'map', feeds: ['schemaVersion'] },
  hidden: { kind: 'map', feeds: ['hidden'] },
  notes: { kind: 'map', feeds: ['notes'] },
  countdowns: { kind: 'map', feeds: ['countdowns'] },
  zones: { kind: 'map', feeds: ['board'] },
  borders: { kind: 'map', feeds: ['board'] },
  handouts: { kind: 'map', feeds: ['handouts'] },
} as const satisfies Record<string, RootSpec>;

export type RootSpecs = Readonly<Record<string, RootSpec>>;
/** The view fields the public document's roots feed (views.ts checks they are TableView's). */
export type PubFeed = (typeof PUB_ROOTS)[keyof typeof PUB_ROOTS]['feeds'][number];
export type GmFeed = (typeof GM_ROOTS)[keyof typeof GM_ROOTS]['feeds'][number];

type RootType<S extends RootSpec> = S extends { kind: 'map' }
  ? Y.Map<unknown>
  : S extends { of: 'map' }
    ? Y.Array<YMap>
    : S extends { of: 'string' }
      ? Y.Array<string>
      : Y.Array<unknown>;

export type Roots<S extends RootSpecs> = { [K in keyof S]: RootType<S[K]> };

/**
 * Opened roots by document and spec. Once Yjs has handed out a root as a map or an array it
 * always hands out that same object, so a document's roots are opened once, not on each of
 * the dozen reads a command makes.
 */
const opened = new WeakMap<Y.Doc, Map<RootSpecs, unknown>>();

/** The document's root types named in `specs`, by name (Yjs creates a missing one empty). */
export function openRoots<S extends RootSpecs>(doc: Y.Doc, specs: S): Roots<S> {
  let byDoc = opened.get(doc);
  const known = byDoc?.get(specs);
  if (known) return known as Roots<S>;
  const out: Record<string, Y.Map<unknown> | Y.Array<unknown>> = {};
  for (const [name, spec] of Object.entries(specs)) {
    out[name] = spec.kind === 'map' ? doc.getMap<unknown>(name) : doc.getArray<unknown>(name);
  }
  if (!byDoc) opened.set(doc, (byDoc = new Map<RootSpecs, unknown>()));
  byDoc.set(specs, out);
  return out as Roots<S>;
}
