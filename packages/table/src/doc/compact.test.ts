import { describe, expect, it } from 'vitest';
import { compactTableDocs } from './compact';
import { GM, sceneTable } from '../test/harness';
import {
  expectRegisteredRoots,
  expectSameRoots,
  fillEveryRegisteredRoot,
  rootContents as contents,
} from '../test/roots';

describe('rebuilding a table', () => {
  it('keeps every root type of both documents, and only registered ones exist', () => {
    const { t, a, b } = sceneTable();
    t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'On fire', freeInvokes: 1 });
    t.ok(GM, { type: 'conflict.start', order: [a, b] });
    t.ok(GM, { type: 'gm.note', text: 'The butler did it' });
    fillEveryRegisteredRoot(t.docs);

    // A root opened anywhere without being registered would be dropped by a rebuild.
    expectRegisteredRoots({ pub: t.docs.pub.share.keys(), gm: t.docs.gm.share.keys() });
    expectSameRoots(compactTableDocs(t.docs), t.docs);
  });

  it('loses a root the registry does not name (so the check above can fail)', () => {
    const { t } = sceneTable();
    t.docs.pub.getMap<unknown>('unregistered').set('x', 1);
    const rebuilt = compactTableDocs(t.docs);
    expect(contents(rebuilt.pub)).not.toEqual(contents(t.docs.pub));
  });
});
