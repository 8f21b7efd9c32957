import type pg from 'pg';
import { blobRowBytes, blobRowsBytes } from './table-bytes';
import type { ImageAllowance, NewImage, PutImageOutcome, StoredImage } from './image-types';
import type { DroppedImages } from './image-types';
import { toImage } from './image-types';
import type { ImageRow } from './image-types';

// A table's pictures in PostgreSQL, as sqlite-images.ts keeps them in SQLite (the schema is in
// postgres-schema.ts).

type Queryable = Pick<pg.ClientBase, 'query'>;

const COLUMNS = 'hash, variant, kind, width, height, bytes';

/** The rows of one picture, in the caller's transaction; answers the bytes they cost. */
export async function insertImage(client: Queryable, image: NewImage): Promise<number> {
  const { rows } = await client.query<{ variant: string }>(
    `INSERT INTO images (table_id, hash, variant, kind, width, height, bytes, created)
     SELECT $1::text, $2::text, v, $3::text, w, h, b, $4::bigint
     FROM unnest($5::text[], $6::int[], $7::int[], $8::bytea[]) AS x(v, w, h, b)
     ON CONFLICT (table_id, hash, variant) DO NOTHING RETURNING variant`,
    [
      image.tableId,
      image.hash,
      image.kind,
      image.created,
      image.variants.map((v) => v.variant),
      image.variants.map((v) => v.width),
      image.variants.map((v) => v.height),
      image.variants.map((v) =>
        Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength),
      ),
    ],
  );
  const inserted = new Set(rows.map((r) => r.variant));
  return image.variants
    .filter((v) => inserted.has(v.variant))
    .reduce((sum, v) => sum + blobRowBytes(v.bytes), 0);
}

/**
 * putImage in one transaction: the table's row locked first (FOR UPDATE), so that two uploads
 * to one table count their allowance one after the other; the same picture twice at once is
 * stored once (the second finds the first's rows when it gets the lock).
 */
export async function putImage(
  client: Queryable,
  image: NewImage,
  allowance: ImageAllowance,
): Promise<PutImageOutcome> {
  const { rows: table } = await client.query<{ stored_bytes: number }>(
    'SELECT stored_bytes FROM tables WHERE id = $1 FOR UPDATE',
    [image.tableId],
  );
  const stored = table[0]?.stored_bytes;
  if (stored === undefined) return { stored: false, why: 'no-table' };
  const { rows: existing } = await client.query(
    `SELECT 1 FROM images WHERE table_id = $1 AND hash = $2 AND variant = 'full'`,
    [image.tableId, image.hash],
  );
  if (existing.length > 0) {
    await client.query('UPDATE images SET created = $3 WHERE table_id = $1 AND hash = $2', [
      image.tableId,
      image.hash,
      image.created,
    ]);
    return { stored: 'exists', bytes: Number(stored) };
  }
  const { rows: totals } = await client.query<{ count: number; bytes: number }>(
    `SELECT COUNT(*)::bigint AS count, COALESCE(SUM(octet_length(bytes)), 0)::bigint AS bytes
     FROM images WHERE table_id = $1 AND variant = 'full'`,
    [image.tableId],
  );
  const count = Number(totals[0]?.count ?? 0);
  const bytes = Number(totals[0]?.bytes ?? 0);
  const full = image.variants.find((v) => v.variant === 'full')?.bytes.byteLength ?? 0;
  if (count + 1 > allowance.imageCount || bytes + full > allowance.imageBytes) {
    return { stored: false, why: 'too-many-images' };
  }
  const cost = image.variants.reduce((sum, v) => sum + blobRowBytes(v.bytes), 0);
  if (Number(stored) + cost > allowance.tableBytes) return { stored: false, why: 'storage-full' };
  const grew = await insertImage(client, image);
  const { rows } = await client.query<{ stored_bytes: number }>(
    'UPDATE tables SET stored_bytes = stored_bytes + $2 WHERE id = $1 RETURNING stored_bytes',
    [image.tableId, grew],
  );
  return { stored: 'new', bytes: Number(rows[0]!.stored_bytes) };
}

export async function readImage(
  db: Queryable,
  tableId: string,
  hash: string,
  variant: string,
): Promise<StoredImage | undefined> {
  const { rows } = await db.query<ImageRow>(
    `SELECT ${COLUMNS} FROM images WHERE table_id = $1 AND hash = $2 AND variant IN ($3, 'full')
     ORDER BY variant = 'full' LIMIT 1`,
    [tableId, hash, variant],
  );
  return rows[0] && toImage(rows[0]);
}

export async function fullImages(
  db: Queryable,
  tableId: string,
  hashes: readonly string[],
): Promise<StoredImage[]> {
  if (hashes.length === 0) return [];
  const { rows } = await db.query<ImageRow>(
    `SELECT ${COLUMNS} FROM images WHERE table_id = $1 AND variant = 'full'
     AND hash = ANY($2::text[]) ORDER BY hash`,
    [tableId, hashes],
  );
  return rows.map(toImage);
}

/**
 * dropImages in the caller's transaction: the table's row locked first, as putImage locks it,
 * so that an upload again (which restarts a picture's grace) and a drop go one after the other.
 */
export async function dropImages(
  client: Queryable,
  tableId: string,
  keep: readonly string[],
  before: number,
): Promise<DroppedImages> {
  const { rows: table } = await client.query('SELECT 1 FROM tables WHERE id = $1 FOR UPDATE', [
    tableId,
  ]);
  if (table.length === 0) return { images: 0, bytes: 0 };
  const { rows } = await client.query<{ hash: string; length: string }>(
    `DELETE FROM images WHERE table_id = $1 AND NOT (hash = ANY($2::text[])) AND created < $3
     RETURNING hash, octet_length(bytes) AS length`,
    [tableId, keep, before],
  );
  if (rows.length === 0) return { images: 0, bytes: 0 };
  const bytes = blobRowsBytes(rows.map((r) => r.length));
  await client.query('UPDATE tables SET stored_bytes = stored_bytes - $2 WHERE id = $1', [
    tableId,
    bytes,
  ]);
  return { images: new Set(rows.map((r) => r.hash)).size, bytes };
}
