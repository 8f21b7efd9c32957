import type Database from 'better-sqlite3';
import { blobRowBytes, blobRowsBytes } from './table-bytes';
import type { ImageAllowance, NewImage, PutImageOutcome, StoredImage } from './image-types';
import type { DroppedImages } from './image-types';
import { toImage } from './image-types';
import type { ImageRow } from './image-types';

// A table's pictures in the SQLite file (image-types.ts says what they are; file-work/images.ts
// makes them).

/**
 * One row per picture and variant, keyed by the table, the picture's hash and the variant:
 * the same picture uploaded twice is stored once. ON DELETE CASCADE: a table's pictures go
 * with it. Created by IF NOT EXISTS on open, so a file an older server wrote simply gains it
 * (it held no picture, so its tables' measure needs no migration).
 */
export const IMAGES_SCHEMA = `
CREATE TABLE IF NOT EXISTS images (
  table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  variant TEXT NOT NULL,
  kind TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  created INTEGER NOT NULL,
  PRIMARY KEY (table_id, hash, variant)
);
`;

/** The pictures' statements on an open database (after IMAGES_SCHEMA ran). */
export function sqliteImages(db: Database.Database) {
  const q = {
    insert: db.prepare(
      `INSERT INTO images (table_id, hash, variant, kind, width, height, bytes, created)
       VALUES (@tableId, @hash, @variant, @kind, @width, @height, @bytes, @created)
       ON CONFLICT (table_id, hash, variant) DO NOTHING`,
    ),
    has: db.prepare<[string, string], { one: number }>(
      `SELECT 1 AS one FROM images WHERE table_id = ? AND hash = ? AND variant = 'full'`,
    ),
    totals: db.prepare<[string], { count: number; bytes: number }>(
      `SELECT COUNT(*) AS count, COALESCE(SUM(length(bytes)), 0) AS bytes FROM images
       WHERE table_id = ? AND variant = 'full'`,
    ),
    measure: db.prepare<[string], { bytes: number }>(
      'SELECT stored_bytes AS bytes FROM tables WHERE id = ?',
    ),
    grow: db.prepare<[number, string]>(
      'UPDATE tables SET stored_bytes = stored_bytes + ? WHERE id = ?',
    ),
    read: db.prepare<[string, string, string], ImageRow>(
      `SELECT hash, variant, kind, width, height, bytes FROM images
       WHERE table_id = ? AND hash = ? AND variant IN (?, 'full')
       ORDER BY variant = 'full' LIMIT 1`,
    ),
    touch: db.prepare<[number, string, string]>(
      'UPDATE images SET created = ? WHERE table_id = ? AND hash = ?',
    ),
    unnamed: db.prepare<[string, string, number], { hash: string; length: number }>(
      `SELECT hash, length(bytes) AS length FROM images
       WHERE table_id = ? AND hash NOT IN (SELECT value FROM json_each(?)) AND created < ?`,
    ),
    drop: db.prepare<[string, string, number]>(
      `DELETE FROM images
       WHERE table_id = ? AND hash NOT IN (SELECT value FROM json_each(?)) AND created < ?`,
    ),
    fulls: db.prepare<[string, string], ImageRow>(
      `SELECT hash, variant, kind, width, height, bytes FROM images
       WHERE table_id = ? AND variant = 'full' AND hash IN (SELECT value FROM json_each(?))
       ORDER BY hash`,
    ),
  };

  /** The rows of one picture, in the caller's transaction; answers the bytes they cost. */
  const insert = (image: NewImage): number => {
    let grew = 0;
    for (const v of image.variants) {
      const { changes } = q.insert.run({
        tableId: image.tableId,
        hash: image.hash,
        variant: v.variant,
        kind: image.kind,
        width: v.width,
        height: v.height,
        bytes: Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength),
        created: image.created,
      });
      if (changes > 0) grew += blobRowBytes(v.bytes);
    }
    return grew;
  };

  const put = db.transaction((image: NewImage, allowance: ImageAllowance): PutImageOutcome => {
    const stored = q.measure.get(image.tableId)?.bytes;
    if (stored === undefined) return { stored: false, why: 'no-table' };
    if (q.has.get(image.tableId, image.hash)) {
      q.touch.run(image.created, image.tableId, image.hash);
      return { stored: 'exists', bytes: stored };
    }
    const totals = q.totals.get(image.tableId) ?? { count: 0, bytes: 0 };
    const full = image.variants.find((v) => v.variant === 'full')?.bytes.byteLength ?? 0;
    if (totals.count + 1 > allowance.imageCount || totals.bytes + full > allowance.imageBytes) {
      return { stored: false, why: 'too-many-images' };
    }
    const cost = image.variants.reduce((sum, v) => sum + blobRowBytes(v.bytes), 0);
    if (stored + cost > allowance.tableBytes) return { stored: false, why: 'storage-full' };
    const grew = insert(image);
    q.grow.run(grew, image.tableId);
    return { stored: 'new', bytes: stored + grew };
  });

  const drop = db.transaction(
    (tableId: string, keep: readonly string[], before: number): DroppedImages => {
      const named = JSON.stringify(keep);
      const rows = q.unnamed.all(tableId, named, before);
      if (rows.length === 0) return { images: 0, bytes: 0 };
      q.drop.run(tableId, named, before);
      const bytes = blobRowsBytes(rows.map((r) => r.length));
      q.grow.run(-bytes, tableId);
      return { images: new Set(rows.map((r) => r.hash)).size, bytes };
    },
  );

  return {
    insert,
    dropImages: drop,
    putImage: (image: NewImage, allowance: ImageAllowance): PutImageOutcome =>
      put(image, allowance),
    readImage: (tableId: string, hash: string, variant: string): StoredImage | undefined => {
      const row = q.read.get(tableId, hash, variant);
      return row && toImage(row);
    },
    fullImages: (tableId: string, hashes: readonly string[]): StoredImage[] =>
      hashes.length === 0 ? [] : q.fulls.all(tableId, JSON.stringify(hashes)).map(toImage),
  };
}
