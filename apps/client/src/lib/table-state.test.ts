import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createTableDocs } from '@fateboard/table';
import { TableState } from './table-state.svelte';

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
