import { beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from './storage';
import { adapters, docWith, openPerCase, token } from './contract-support';

// The storage contract for the sealed invite links (sealed-links.ts): opaque bytes kept with
// the table, written with it and replaced by a rotation in the same transaction.

const bytes = (...values: number[]) => new Uint8Array(values);

describe.each(adapters)('the storage contract, sealed links: $name', (adapter) => {
  const opened = openPerCase(adapter);
  let storage: Storage;

  const create = (id: string, sealed?: Uint8Array) =>
    storage.createTable(
      { id, name: 'Harbour', ruleset: 'pirates', created: 1 },
      { pub: docWith('pub 0'), gm: docWith('gm 0') },
      [token(`${id}-gm`, { tableId: id, role: 'gm' }), token(`${id}-player`, { tableId: id })],
      undefined,
      sealed,
    );

  beforeEach(() => {
    storage = opened.storage;
  });

  it('keeps the sealed links a table was made with; none for a table made without', async () => {
    await create('T1', bytes(1, 2, 3));
    await create('T0');
    expect(await storage.sealedLinks('T1')).toEqual(bytes(1, 2, 3));
    expect(await storage.sealedLinks('T0')).toBeUndefined();
    expect(await storage.sealedLinks('nope')).toBeUndefined();
    // What it answers is a copy: changing it changes nothing stored.
    (await storage.sealedLinks('T1'))![0] = 9;
    expect(await storage.sealedLinks('T1')).toEqual(bytes(1, 2, 3));
  });

  it('replaces them on rotation, also for a table made without', async () => {
    await create('T1', bytes(1));
    await create('T0');
    await storage.rotateLinks('T1', [token('T1-player-2', { tableId: 'T1' })], bytes(2));
    await storage.rotateLinks('T0', [], bytes(7, 7));
    expect(await storage.sealedLinks('T1')).toEqual(bytes(2));
    expect(await storage.sealedLinks('T0')).toEqual(bytes(7, 7));
  });

  it('keeps the old ones when a rotation is refused, and the old links valid', async () => {
    await create('T1', bytes(1));
    // A fresh token that already exists: the whole rotation is refused, one transaction.
    await expect(
      storage.rotateLinks(
        'T1',
        [token('T1-player-2', { tableId: 'T1' }), token('T1-gm', { tableId: 'T1' })],
        bytes(3),
      ),
    ).rejects.toThrow();
    expect(await storage.sealedLinks('T1')).toEqual(bytes(1));
    expect((await storage.findToken('T1-player'))?.revoked).toBe(false);
    expect(await storage.findToken('T1-player-2')).toBeUndefined();
  });

  it('keeps them with the first table when a second with its id is refused', async () => {
    await create('T1', bytes(1));
    await expect(
      storage.createTable(
        { id: 'T1', name: 'Other', ruleset: 'fate-core', created: 5 },
        { pub: docWith('x'), gm: docWith('y') },
        [],
        undefined,
        bytes(5),
      ),
    ).rejects.toThrow();
    expect(await storage.sealedLinks('T1')).toEqual(bytes(1));
  });

  it('keeps them across a reopen (durable adapters)', async ({ skip }) => {
    if (!opened.durable) skip('this adapter keeps nothing past its process');
    await create('T1', bytes(1));
    await storage.rotateLinks('T1', [], bytes(4, 5));
    storage = await opened.reopen();
    expect(await storage.sealedLinks('T1')).toEqual(bytes(4, 5));
  });
});
