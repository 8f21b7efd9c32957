import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { compactTableDocs } from './compact';
import { GM_ROOTS, PUB_ROOTS } from './roots';
import { gmRoots, pubRoots } from './schema';
import { GM, sceneTable } from '../test/harness';

/** Every root type the document holds, as JSON; `meta` without the rebuild's epoch. */
function contents(doc: Y.Doc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, type] of doc.share) {
    const json = type.toJSON() as unknown;
    if (name === 'meta') delete (json as Record<string, unknown>).epoch;
    out[name] = json;
  }
  return out;
}

/** Puts something into every root that is still empty, so that none passes for copied. */
function fillEveryRoot(doc: Y.Doc): void {
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

describe('rebuilding a table', () => {
  it('keeps every root type of both documents, and only registered ones exist', () => {
    const { t, a, b } = sceneTable();
    t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'On fire', freeInvokes: 1 });
    t.ok(GM, { type: 'conflict.start', order: [a, b] });
    t.ok(GM, { type: 'gm.note', text: 'The butler did it' });
    pubRoots(t.docs.pub);
    gmRoots(t.docs.gm);
    fillEveryRoot(t.docs.pub);
    fillEveryRoot(t.docs.gm);

    // A root opened anywhere without being registered would be dropped by a rebuild.
    expect([...t.docs.pub.share.keys()].sort()).toEqual(Object.keys(PUB_ROOTS).sort());
    expect([...t.docs.gm.share.keys()].sort()).toEqual(Object.keys(GM_ROOTS).sort());

    const rebuilt = compactTableDocs(t.docs);
    expect(contents(rebuilt.pub)).toEqual(contents(t.docs.pub));
    expect(contents(rebuilt.gm)).toEqual(contents(t.docs.gm));
  });

  it('loses a root the registry does not name (so the check above can fail)', () => {
    const { t } = sceneTable();
    t.docs.pub.getMap<unknown>('unregistered').set('x', 1);
    const rebuilt = compactTableDocs(t.docs);
    expect(contents(rebuilt.pub)).not.toEqual(contents(t.docs.pub));
  });
});
