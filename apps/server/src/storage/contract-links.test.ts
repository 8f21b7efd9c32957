import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from './storage';
import { adapters, docWith, token } from './contract-support';

// The storage contract for the sealed invite links (sealed-links.ts): opaque bytes kept with
// the table, written with it and replaced by a rotation in the same transaction.

const bytes = (...values: number[]) => new Uint8Array(values);

describe.each(adapters)('the storage contract, sealed links: $name', (adapter) => {
  let storage: Storage;
  let reopen: (() => Storage) | undefined;
  let cleanup: () => void;

  const create = (id: string, sealed?: Uint8Array) =>
    storage.createTable(
      { id, name: 'Harbour', ruleset: 'pirates', created: 1 },
      { pub: docWith('pub 0'), gm: docWith('gm 0') },
      [token(`${id}-gm`, { tableId: id, role: 'gm' }), token(`${id}-player`, { tableId: id })],
      undefined,
      sealed,
    );

  beforeEach(() => {
    ({ storage, reopen, cleanup } = adapter.open());
  });
  afterEach(() => {
    storage.close();
    cleanup();
  });

  it('keeps the sealed links a table was made with; none for a table made without', () => {
    create('T1', bytes(1, 2, 3));
    create('T0');
    expect(storage.sealedLinks('T1')).toEqual(bytes(1, 2, 3));
    expect(storage.sealedLinks('T0')).toBeUndefined();
    expect(storage.sealedLinks('nope')).toBeUndefined();
    // What it answers is a copy: changing it changes nothing stored.
    storage.sealedLinks('T1')![0] = 9;
    expect(storage.sealedLinks('T1')).toEqual(bytes(1, 2, 3));
  });

  it('replaces them on rotation, also for a table made without', () => {
    create('T1', bytes(1));
    create('T0');
    storage.rotateLinks('T1', [token('T1-player-2', { tableId: 'T1' })], bytes(2));
    storage.rotateLinks('T0', [], bytes(7, 7));
    expect(storage.sealedLinks('T1')).toEqual(bytes(2));
    expect(storage.sealedLinks('T0')).toEqual(bytes(7, 7));
  });

  it('keeps the old ones when a rotation is undone with its batch, or refused', () => {
    create('T1', bytes(1));
    expect(() =>
      storage.batch(() => {
        storage.rotateLinks('T1', [token('T1-player-2', { tableId: 'T1' })], bytes(2));
        throw new Error('the batch fails');
      }),
    ).toThrow('the batch fails');
    expect(storage.sealedLinks('T1')).toEqual(bytes(1));
    expect(storage.findToken('T1-player')?.revoked).toBe(false);
    // A fresh token that already exists: the whole rotation is refused.
    expect(() =>
      storage.rotateLinks('T1', [token('T1-gm', { tableId: 'T1' })], bytes(3)),
    ).toThrow();
    expect(storage.sealedLinks('T1')).toEqual(bytes(1));
  });

  it('keeps them with the first table when a second with its id is refused', () => {
    create('T1', bytes(1));
    expect(() =>
      storage.createTable(
        { id: 'T1', name: 'Other', ruleset: 'fate-core', created: 5 },
        { pub: docWith('x'), gm: docWith('y') },
        [],
        undefined,
        bytes(5),
      ),
    ).toThrow();
    expect(storage.sealedLinks('T1')).toEqual(bytes(1));
  });

  it('keeps them across a reopen (durable adapters)', ({ skip }) => {
    if (!reopen) skip('this adapter keeps nothing past its process');
    create('T1', bytes(1));
    storage.rotateLinks('T1', [], bytes(4, 5));
    storage.close();
    storage = reopen!();
    expect(storage.sealedLinks('T1')).toEqual(bytes(4, 5));
  });
});
