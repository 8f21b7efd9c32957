import type { ImageKind, ImageVariant } from '@fateboard/table';

// A table's pictures as storage keeps them (Storage.putImage, readImage, fullImages): made by
// file-work/images.ts, stored by sqlite-images.ts and postgres-images.ts.

/**
 * One stored copy of a picture: a WebP, the largest (`full`) always, the smaller ones when the
 * picture is larger than they are.
 */
export interface ImageVariantBytes {
  variant: ImageVariant;
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** A picture to store: `hash` is the SHA-256 of its `full` bytes, the name documents give it. */
export interface NewImage {
  tableId: string;
  hash: string;
  kind: ImageKind;
  variants: ImageVariantBytes[];
  created: number;
}

/** One stored variant of a picture, as read back. */
export type StoredImage = ImageVariantBytes & { hash: string; kind: ImageKind };

/** What a table may hold: on disk (its ceiling), of pictures (their full copies), how many. */
export interface ImageAllowance {
  tableBytes: number;
  imageBytes: number;
  imageCount: number;
}

/**
 * A picture stored (`new`), or found stored already under its hash (`exists`: nothing written
 * but its time, which starts its grace before `dropImages` again), with what the table holds on disk afterwards; or refused, nothing written.
 */
export type PutImageOutcome =
  | { stored: 'new' | 'exists'; bytes: number }
  | { stored: false; why: 'no-table' | 'storage-full' | 'too-many-images' };

/** What `dropImages` deleted: how many pictures, and the bytes the table's measure lost. */
export interface DroppedImages {
  images: number;
  bytes: number;
}

/** A picture's row as either database answers it (image sizes may come back as strings). */
export interface ImageRow {
  hash: string;
  variant: string;
  kind: string;
  width: number | string;
  height: number | string;
  bytes: Buffer;
}

export function toImage(row: ImageRow): StoredImage {
  return {
    hash: row.hash,
    variant: row.variant as StoredImage['variant'],
    kind: row.kind as StoredImage['kind'],
    width: Number(row.width),
    height: Number(row.height),
    bytes: new Uint8Array(row.bytes),
  };
}
