import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createTableDocs, readTable } from '@fateboard/table';
import { TableState } from './table-state.svelte';
import { GM, sceneTable } from './test/play';

function aspect(id: string, text: string): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  map.set('id', id);
  map.set('kind', 'situation');
  map.set('text', text);
  map.set('at', 1);
  return map;
}

describe('TableState', () => {
  it('follows the document and keeps unchanged parts of the view by identity', () => {
    const { pub } = createTableDocs({ id: 't1', name: 'Abbey', ruleset: 'fate-core' });
    const state = new TableState(pub);
    expect(state.view.name).toBe('Abbey');

    pub.getMap('aspects').set('a1', aspect('a1', 'On fire'));
    expect(state.view.aspects.map((a) => a.text)).toEqual(['On fire']);
    const first = state.view.aspects[0];
    const scene = state.view.scene;

    pub.getMap('aspects').set('a2', aspect('a2', 'Dark'));
    pub.getMap('meta').set('gmPool', 2);
    expect(state.view.aspects.map((a) => a.text)).toEqual(['On fire', 'Dark']);
    expect(state.view.gmPool).toBe(2);
    // Untouched values are the same proxies: their readers do not re-render.
    expect(state.view.aspects[0]).toBe(first);
    expect(state.view.scene).toBe(scene);
    state.destroy();
  });

  it('reads the document once per transaction, however many parts it changed', () => {
    const { t, ann, zira } = sceneTable();
    // A newcomer's replica: the whole table arrives in one update (every root at once).
    const replica = new Y.Doc();
    const state = new TableState(replica);
    const before = state.version;
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(t.docs.pub));
    expect(state.version).toBe(before + 1);
    expect(state.view.characters.map((c) => c.name).sort()).toEqual(['Brute', 'Tam', 'Zira']);

    // A roll changes the rolls, the log and more, in one transaction: one read.
    const seen = Y.encodeStateVector(t.docs.pub);
    t.ok(ann, { type: 'roll', characterId: zira, skillId: 'fight', action: 'overcome' });
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(t.docs.pub, seen));
    expect(state.version).toBe(before + 2);
    expect(state.view.rolls).toHaveLength(1);
    expect(state.view.log.at(-1)?.type).toBe(t.view().log.at(-1)?.type);
    state.destroy();
  });

  it('reads only what a change touched, and still ends where a whole read would', () => {
    const { t, ann, zira, tam } = sceneTable();
    t.ok(ann, { type: 'fate-point.give', fromCharacterId: zira, toCharacterId: tam });
    const replica = new Y.Doc();
    const state = new TableState(replica);
    const sync = () =>
      Y.applyUpdate(replica, Y.encodeStateAsUpdate(t.docs.pub, Y.encodeStateVector(replica)));
    sync();
    const aspects = state.view.aspects;
    const firstEntry = state.view.log[0];
    for (let i = 0; i < 5; i++) {
      t.ok(ann, { type: 'roll', characterId: zira, skillId: 'fight', action: 'overcome' });
      sync();
    }
    // The log's older entries were neither read nor rewritten: the same proxies.
    expect(state.view.log[0]).toBe(firstEntry);
    expect(state.view.aspects).toBe(aspects);
    expect($plain(state.view)).toEqual(readTable(replica));

    // A renamed character: the log's entries that name her (a gift's sentence) are read again.
    const gift = () => state.view.log.find((e) => e.type === 'fate-point.give')?.text;
    expect(gift()).toContain('Zira');
    t.docs.pub.transact(() => {
      (t.docs.pub.getMap('characters').get(zira) as Y.Map<unknown>).set('name', 'Zira Vel');
    });
    sync();
    expect($plain(state.view)).toEqual(readTable(replica));
    expect(gift()).toContain('Zira Vel');
    state.destroy();
  });

  it('gives a field as last read, plain and equal to the view, after each change', () => {
    const { t, ann, zira } = sceneTable();
    const replica = new Y.Doc();
    const state = new TableState(replica);
    const sync = () => Y.applyUpdate(replica, Y.encodeStateAsUpdate(t.docs.pub));
    sync();
    t.ok(ann, { type: 'roll', characterId: zira, skillId: 'fight', action: 'overcome' });
    sync();
    const first = state.plain('rolls');
    expect(first).toHaveLength(1);
    expect(first).toEqual($plain(state.view.rolls));
    // Plain data: not the view's proxies, so copying it reads no signal.
    expect(first[0]).not.toBe(state.view.rolls[0]);
    expect(structuredClone(first)).toEqual(first);

    // An invoke on the roll: the roll as read again, the view brought to the same.
    const rain = String(t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'Rain' }).aspectId);
    const ref = { aspectId: rain };
    t.ok(ann, { type: 'invoke', rollId: first[0]!.id, ref, free: false, effect: '+2' });
    sync();
    expect(state.plain('rolls')[0]?.invokes).toHaveLength(1);
    expect(state.plain('rolls')[0]?.actor.total).toBe(first[0]!.actor.total + 2);
    expect(state.plain('rolls')).toEqual($plain(state.view.rolls));
    state.destroy();
  });

  it('rebinds to a fresh replica after a rebuild', () => {
    const a = createTableDocs({ id: 't1', name: 'Old', ruleset: 'fate-core' }).pub;
    const state = new TableState(a);
    const b = createTableDocs({ id: 't1', name: 'New', ruleset: 'fate-core' }).pub;
    state.rebind(b);
    expect(state.view.name).toBe('New');
    a.getMap('meta').set('name', 'Stale');
    expect(state.view.name).toBe('New');
    state.destroy();
  });

  it('keeps the old view while a reloaded replica is still empty, so open forms keep their subject', () => {
    const a = createTableDocs({ id: 't1', name: 'Old', ruleset: 'narrative' }).pub;
    const state = new TableState(a);
    const empty = new Y.Doc();
    state.rebind(empty);
    // Until the server's state arrives the view still shows the table, not a blank one.
    expect(state.view.name).toBe('Old');
    expect(state.view.ruleset).toBe('narrative');
    const b = createTableDocs({ id: 't1', name: 'Rebuilt', ruleset: 'narrative' }).pub;
    Y.applyUpdate(empty, Y.encodeStateAsUpdate(b));
    expect(state.view.name).toBe('Rebuilt');
    empty.getMap('meta').set('name', 'Later');
    expect(state.view.name).toBe('Later');
    state.destroy();
  });
});

/** A `$state` view as plain JSON, to compare with a whole read of the document. */
function $plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
