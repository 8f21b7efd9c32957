import { IMAGE_LIMITS } from '@fateboard/table';

/** The table file's format name and version, and how large its parts may be. */
export const TABLE_FORMAT = 'fateboard-table';
export const TABLE_VERSION = 1;
/**
 * The largest table file restored. The long-campaign benchmark's table (15,000 commands, its
 * whole log) exports 4.3 MiB, nearly all of it log; twice as long a campaign fits. Reading a
 * file this size takes a worker thread about two seconds (docs/PROTOCOL.md, BENCHMARKS.md).
 */
export const MAX_TABLE_FILE_BYTES = 8 * 1024 * 1024;
/**
 * The table's pictures ride in the same file, each the base64 of its largest stored variant
 * (`images`), beside the rest and counted apart: at most IMAGE_LIMITS.tableBytes of pictures
 * (a third more as base64), so that the file of any table the server keeps restores. The rest
 * of the file is still held to MAX_TABLE_FILE_BYTES.
 */
export const MAX_TABLE_IMAGES_BYTES = Math.ceil((IMAGE_LIMITS.tableBytes * 4) / 3);
/** The largest body a restore reads: the table, its pictures, and a little JSON around them. */
export const MAX_TABLE_FILE_WITH_IMAGES_BYTES =
  MAX_TABLE_FILE_BYTES + MAX_TABLE_IMAGES_BYTES + IMAGE_LIMITS.tableCount * 128;
/**
 * The most the two documents may take of it, as JSON: what the server loads into memory for
 * every use of the table (the log is stored apart, read a page at a time). The long campaign's
 * documents are 18 KiB; twenty-four full character sheets, two hundred aspects and a few
 * hundred long notes stay well under.
 */
export const MAX_TABLE_DOCUMENTS_BYTES = 2 * 1024 * 1024;
/**
 * The most values (map entries and array items, at any depth) the two documents may hold:
 * what loading the table costs the server's event loop, about 10 µs a value (a long text is
 * one value). Sixty full character sheets are about 9,000; 25,000 load in about a quarter of a
 * second on a loaded two-core machine.
 */
export const MAX_TABLE_VALUES = 25_000;
/** The documents nest about 8 levels inside the file; the log's entries 6. */
export const MAX_TABLE_DEPTH = 24;
