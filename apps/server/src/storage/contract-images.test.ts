import { beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from './storage';
import type { ImageAllowance, NewImage } from './image-types';
import { adapters, docWith, openPerCase, token } from './contract-support';
import { blobRowBytes } from './table-bytes';

// The pictures part of the storage contract (image-types.ts), for SQLite and PostgreSQL
// alike: stored once per table and hash, counted in the table's measure, refused past the
// table's allowance with nothing written, read back by variant, gone with their table.

const roomy: ImageAllowance = { tableBytes: 1 << 30, imageBytes: 1 << 30, imageCount: 100 };

function image(tableId: string, hash: string, fullBytes = 300): NewImage {
  return {
    tableId,
    hash,
    kind: 'map',
    created: 5,
    variants: [
      { variant: 'full', bytes: new Uint8Array(fullBytes).fill(7), width: 2000, height: 1000 },
      { variant: 'small', bytes: new Uint8Array(20).fill(3), width: 256, height: 128 },
    ],
  };
}
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe.each(adapters)('the pictures storage contract: $name', (adapter) => {
  const opened = openPerCase(adapter);
  let storage: Storage;

  beforeEach(async () => {
    storage = opened.storage;
    for (const id of ['T1', 'T2']) {
      await storage.createTable(
        { id, name: 'Harbour', ruleset: 'fate-core', created: 1 },
        { pub: docWith('pub 0'), gm: docWith('gm 0') },
        [token(`gm-${id}`, { role: 'gm', tableId: id })],
      );
    }
  });

  it('stores a picture once, counts it, and reads each variant back', async () => {
    const before = (await storage.tableBytes('T1'))!;
    const put = await storage.putImage(image('T1', A), roomy);
    const cost = blobRowBytes(new Uint8Array(300)) + blobRowBytes(new Uint8Array(20));
    expect(put).toEqual({ stored: 'new', bytes: before + cost });
    expect(await storage.tableBytes('T1')).toBe(before + cost);
    // The same picture again (twice at once): found, nothing written, nothing counted.
    const again = await Promise.all([
      storage.putImage(image('T1', A), roomy),
      storage.putImage(image('T1', A), roomy),
    ]);
    expect(again).toEqual([
      { stored: 'exists', bytes: before + cost },
      { stored: 'exists', bytes: before + cost },
    ]);
    const small = await storage.readImage('T1', A, 'small');
    expect(small).toMatchObject({ hash: A, variant: 'small', kind: 'map', width: 256 });
    expect(small?.bytes).toEqual(new Uint8Array(20).fill(3));
    // No medium copy: the full one stands in.
    expect((await storage.readImage('T1', A, 'medium'))?.variant).toBe('full');
    // Another table's picture is another table's.
    expect(await storage.readImage('T2', A, 'full')).toBeUndefined();
    expect((await storage.fullImages('T1', [B, A])).map((i) => i.hash)).toEqual([A]);
  });

  it('refuses past the allowance and the ceiling, writing nothing', async () => {
    await storage.putImage(image('T1', A), roomy);
    const before = await storage.tableBytes('T1');
    expect(await storage.putImage(image('T1', B), { ...roomy, imageCount: 1 })).toEqual({
      stored: false,
      why: 'too-many-images',
    });
    expect(await storage.putImage(image('T1', B), { ...roomy, imageBytes: 500 })).toEqual({
      stored: false,
      why: 'too-many-images',
    });
    expect(await storage.putImage(image('T1', B), { ...roomy, tableBytes: before! + 10 })).toEqual({
      stored: false,
      why: 'storage-full',
    });
    expect(await storage.putImage(image('nope', B), roomy)).toEqual({
      stored: false,
      why: 'no-table',
    });
    expect(await storage.tableBytes('T1')).toBe(before);
    expect(await storage.readImage('T1', B, 'full')).toBeUndefined();
  });

  it('a restored table’s pictures are stored with it', async () => {
    await storage.createTable(
      { id: 'R1', name: 'Restored', ruleset: 'fate-core', created: 1 },
      { pub: docWith('pub 0'), gm: docWith('gm 0') },
      [token('gm-R1', { role: 'gm', tableId: 'R1' })],
      { chunks: [], images: [image('R1', A), image('R1', B, 50)] },
    );
    expect((await storage.readImage('R1', B, 'full'))?.bytes).toEqual(new Uint8Array(50).fill(7));
    expect((await storage.fullImages('R1', [A, B])).map((i) => i.hash)).toEqual([A, B]);
    // Counted as an upload is: storing it again finds it.
    expect((await storage.putImage(image('R1', A), roomy)).stored).toBe('exists');
  });
});
