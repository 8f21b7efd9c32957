import { expect } from 'vitest';
import * as Y from 'yjs';
import { GM_ROOTS, PUB_ROOTS } from '../doc/roots';
import { DOC_KEYS, gmRoots, pubRoots, type DocKey, type TableDocs } from '../doc/schema';

// Root-by-root probes shared by the tests of everything that copies whole documents (a
// rebuild, a table file): each fills every root and compares every root.

/**
 * Every root type the document holds, as JSON; `meta` without the rebuild's epoch nor the
 * fields in `omit`.
 */
export function rootContents(doc: Y.Doc, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, type] of doc.share) {
    const json = type.toJSON() as Record<string, unknown>;
    if (name === 'meta') for (const field of ['epoch', ...omit]) delete json[field];
    out[name] = json;
  }
  return out;
}

/** The names given for each document are exactly its registered roots. */
export function expectRegisteredRoots(names: Record<DocKey, Iterable<string>>): void {
  expect([...names.pub].sort()).toEqual(Object.keys(PUB_ROOTS).sort());
  expect([...names.gm].sort()).toEqual(Object.keys(GM_ROOTS).sort());
}

/** Both documents of `actual` hold what those of `expected` hold, root by root. */
export function expectSameRoots(
  actual: TableDocs,
  expected: TableDocs,
  omit: readonly string[] = [],
): void {
  for (const key of DOC_KEYS) {
    expect(rootContents(actual[key], omit)).toEqual(rootContents(expected[key], omit));
  }
}

/** Puts something into every root that is still empty, so that none passes for copied. */
export function fillEveryRoot(doc: Y.Doc): void {
  doc.transact(() => {
    for (const type of doc.share.values()) {
      if (type instanceof Y.Map && type.size === 0) {
        const nested = new Y.Map<unknown>();
        nested.set('text', 'probe');
        type.set('probe', nested);
      }
      if (type instanceof Y.Array && type.length === 0) type.push(['probe']);
    }
  });
}

/** Opens every registered root of both documents and fills each one still empty. */
export function fillEveryRegisteredRoot(docs: TableDocs): void {
  pubRoots(docs.pub);
  gmRoots(docs.gm);
  fillEveryRoot(docs.pub);
  fillEveryRoot(docs.gm);
}
