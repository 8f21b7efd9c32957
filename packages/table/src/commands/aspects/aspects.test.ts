import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readGm, readTable } from '../../doc/views';
import { GM, charOf, refused, sceneWithAspect, validSheet } from '../../test/harness';

// Aspects on the scene, the spotlight, and what the GM keeps secret until revealed.

describe('aspects, spotlight and GM secrets', () => {
  it('adds, edits, pushes, dismisses and removes an aspect', () => {
    const { t, aspectId } = sceneWithAspect();
    t.ok(GM, { type: 'aspect.edit', ref: { aspectId }, text: 'Raging Fire' });
    t.ok(GM, { type: 'spotlight.push', ref: { aspectId } });
    expect(readTable(t.docs.pub).spotlight).toMatchObject({ aspectId, text: 'Raging Fire' });
    t.ok(GM, { type: 'spotlight.dismiss' });
    expect(readTable(t.docs.pub).spotlight).toBeNull();
    t.ok(GM, { type: 'aspect.remove', ref: { aspectId } });
    expect(readTable(t.docs.pub).aspects).toEqual([]);
    refused(t, GM, { type: 'aspect.remove', ref: { aspectId } }, 'not-found');
    refused(
      t,
      GM,
      { type: 'aspect.add', kind: 'situation', text: 'x', owner: 'nobody' },
      'not-found',
    );
  });

  it('keeps prepared aspects and notes out of the public document until revealed', () => {
    const { t } = sceneWithAspect();
    const hiddenId = t.ok(GM, {
      type: 'gm.prepare',
      kind: 'situation',
      text: 'Trapdoor',
      freeInvokes: 2,
    }).hiddenId!;
    t.ok(GM, { type: 'gm.note', text: 'The mayor did it' });
    const npcDraft = t.ok(GM, {
      type: 'gm.npc-draft',
      character: validSheet('fate-core', 'Mayor'),
    }).hiddenId!;
    const pubBytes = new TextDecoder().decode(Y.encodeStateAsUpdate(t.docs.pub));
    expect(pubBytes).not.toContain('Trapdoor');
    expect(pubBytes).not.toContain('mayor did it');
    expect(pubBytes).not.toContain('Mayor');
    expect(readGm(t.docs.gm).hidden).toHaveLength(2);
    const { aspectId } = t.ok(GM, { type: 'gm.reveal', hiddenId });
    expect(readTable(t.docs.pub).aspects.find((x) => x.id === aspectId)).toMatchObject({
      text: 'Trapdoor',
      freeInvokes: { gm: 2 },
    });
    const { characterId } = t.ok(GM, { type: 'gm.reveal', hiddenId: npcDraft });
    expect(charOf(t, characterId!)).toMatchObject({ name: 'Mayor', npc: true, owner: 'gm' });
    expect(readGm(t.docs.gm).hidden).toEqual([]);
    refused(t, GM, { type: 'gm.reveal', hiddenId }, 'not-found');
  });
});
