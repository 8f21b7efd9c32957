import { beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from './storage';
import type { ImageAllowance, NewImage } from './image-types';
import {
  STORED,
  adapters,
  createTables,
  docWith,
  openPerCase,
  part,
  token,
  write,
} from './contract-support';
import { blobRowBytes } from './table-bytes';

// The pictures part of the storage contract (image-types.ts), for SQLite and PostgreSQL
// alike: stored once per table and hash, counted in the table's measure, refused past the
// table's allowance with nothing written, read back by variant, gone with their table, and
// dropped once no document names them (their grace over), given back to the table's measure.

const roomy: ImageAllowance = { tableBytes: 1 << 30, imageBytes: 1 << 30, imageCount: 100 };

function image(tableId: string, hash: string, fullBytes = 300, created = 5): NewImage {
  return {
    tableId,
    hash,
    kind: 'map',
    created,
    variants: [
      { variant: 'full', bytes: new Uint8Array(fullBytes).fill(7), width: 2000, height: 1000 },
      { variant: 'small', bytes: new Uint8Array(20).fill(3), width: 256, height: 128 },
    ],
  };
}
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

describe.each(adapters)('the pictures storage contract: $name', (adapter) => {
  const opened = openPerCase(adapter);
  let storage: Storage;

  beforeEach(async () => {
    storage = opened.storage;
    await createTables(storage, 'T1', 'T2');
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

  it('drops the pictures no document names once their grace is over, and gives their bytes back', async () => {
    const bare = (await storage.tableBytes('T1'))!;
    await storage.putImage(image('T1', A, 300, 10), roomy);
    await storage.putImage(image('T1', B, 100, 10), roomy);
    await storage.putImage(image('T1', C, 50, 30), roomy);
    await storage.putImage(image('T2', B, 100, 10), roomy);
    const full = (await storage.tableBytes('T1'))!;
    // A named, B not and stored before 20, C not but stored at 30: within its grace.
    expect(await storage.dropImages('T1', [A], 20)).toEqual({
      images: 1,
      bytes: blobRowBytes(new Uint8Array(100)) + blobRowBytes(new Uint8Array(20)),
    });
    expect(await storage.readImage('T1', B, 'full')).toBeUndefined();
    expect(await storage.readImage('T1', B, 'small')).toBeUndefined();
    expect((await storage.fullImages('T1', [A, B, C])).map((i) => i.hash)).toEqual([A, C]);
    expect(await storage.tableBytes('T1')).toBe(full - blobRowBytes(new Uint8Array(100)) - 20 - 64);
    // Another table's copy of the same picture is its own.
    expect((await storage.readImage('T2', B, 'full'))?.hash).toBe(B);
    // Nothing more to drop: nothing changes.
    expect(await storage.dropImages('T1', [A], 20)).toEqual({ images: 0, bytes: 0 });
    // Uploaded again, a picture's grace starts again: C at 40 outlives a drop before 35.
    expect((await storage.putImage(image('T1', C, 50, 40), roomy)).stored).toBe('exists');
    expect(await storage.dropImages('T1', [], 35)).toMatchObject({ images: 1 });
    expect((await storage.fullImages('T1', [A, C])).map((i) => i.hash)).toEqual([C]);
    expect(await storage.dropImages('T1', [], 41)).toMatchObject({ images: 1 });
    // Every picture gone: the table holds what it held before any.
    expect(await storage.tableBytes('T1')).toBe(bare);
    expect(await storage.dropImages('nope', [], 41)).toEqual({ images: 0, bytes: 0 });
  });

  it('drops no picture under an epoch a later one has overtaken', async () => {
    await storage.putImage(image('T1', A), roomy);
    expect(await storage.commit([part('T1', [write(1, 'a')], 3)])).toEqual([STORED]);
    await expect(storage.dropImages('T1', [], 100, 2)).rejects.toThrow(/fenced/);
    expect((await storage.readImage('T1', A, 'full'))?.hash).toBe(A);
    expect(await storage.dropImages('T1', [], 100, 3)).toMatchObject({ images: 1 });
  });
});
