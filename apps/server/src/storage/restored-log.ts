// A restored table's log, kept as chunks of entries apart from its commands
// (RestoredHistory): cut into chunks, and a page read back from them.

/**
 * Consecutive entries of a restored log, numbered `first` to `last`, as the JSON text of
 * their array: one stored row, parsed only when a page reaches into it.
 */
export interface LogChunk {
  first: number;
  last: number;
  entries: string;
}

/** About this much JSON a chunk: a page of the log parses one or two, never the whole log. */
export const LOG_CHUNK_BYTES = 32 * 1024;

/** A checked log (entries numbered 1, 2, 3…) as chunks of about LOG_CHUNK_BYTES each. */
export function logChunks(log: readonly { n: number }[]): LogChunk[] {
  const chunks: LogChunk[] = [];
  let run: string[] = [];
  let bytes = 0;
  let first = 0;
  const close = (last: number) => {
    if (run.length > 0) chunks.push({ first, last, entries: `[${run.join(',')}]` });
    run = [];
    bytes = 0;
  };
  for (const [i, entry] of log.entries()) {
    if (run.length === 0) first = entry.n;
    const text = JSON.stringify(entry);
    run.push(text);
    bytes += text.length + 1;
    if (bytes >= LOG_CHUNK_BYTES) close(entry.n);
    else if (i === log.length - 1) close(entry.n);
  }
  return chunks;
}

/**
 * Restored entries numbered below `before`, the newest `limit` of them, oldest first, from
 * the table's chunks newest first (each a LogChunk's `entries`): stops at the first chunk that
 * completes the page.
 */
export function restoredPage(
  newestFirst: Iterable<string>,
  before: number,
  limit: number,
): unknown[] {
  const page: unknown[] = [];
  for (const text of newestFirst) {
    const entries = JSON.parse(text) as { n: number }[];
    for (let i = entries.length - 1; i >= 0 && page.length < limit; i--) {
      if (entries[i]!.n < before) page.push(entries[i]);
    }
    if (page.length >= limit) break;
  }
  return page.reverse();
}
