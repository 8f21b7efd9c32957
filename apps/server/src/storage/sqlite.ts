import type { LogChunk, Storage } from './storage';
import { logChunkBytes } from './table-bytes';
import type { Log } from '../ops/logger';
import { openSqlite } from './sqlite-file';
import type { SqliteFile, SqliteFileOptions } from './sqlite-file';
import type { RestoredLogRows } from './sqlite-tables';

export type { SqliteFile, SqliteFileOptions } from './sqlite-file';

// The SQLite adapter (one node): sqlite-file.ts opens the file, sqlite-statements.ts prepares
// its statements, sqlite-commit.ts writes a batch, sqlite-tables.ts a whole table.

/**
 * Opens (creating if needed) `<dataDir>/fateboard.sqlite` in WAL mode, and brings a file an
 * older server wrote up to date (migrate.ts).
 */
export function openSqliteStorage(dataDir: string, log?: Log): Storage {
  const { file, restoredLog } = openSqlite(dataDir, { checkpoints: 'worker', log });
  // Each method does its work at once and answers a settled promise, a throw as a rejection:
  // SQLite's commit stays within the turn of the event loop.
  const storage: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(file)) {
    storage[name] = (...args: unknown[]): Promise<unknown> => {
      try {
        return Promise.resolve((method as (...a: unknown[]) => unknown)(...args));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
  }
  storage.createTable = createInSlices(file, restoredLog);
  return storage as unknown as Storage;
}

/** About this much of a restored log a transaction: a few milliseconds of the event loop. */
const SLICE_BYTES = 64 * 1024;

/**
 * createTable that writes a restored log's chunks a slice at a time, each slice its own
 * transaction with a turn of the event loop between, then the table in one transaction: the
 * table exists, with all of its log, or not at all (a failure drops the chunks written).
 */
function createInSlices(file: SqliteFile, restoredLog: RestoredLogRows): Storage['createTable'] {
  return async (table, docs, tokens, history, links) => {
    const chunks = history?.chunks ?? [];
    try {
      let slice: LogChunk[] = [];
      let bytes = 0;
      let storedApart = 0;
      for (const chunk of chunks) {
        // Read once: a chunk from a worker decodes its text when read (file-work/jobs.ts).
        const entries = chunk.entries;
        slice.push({ first: chunk.first, last: chunk.last, entries });
        bytes += entries.length;
        storedApart += logChunkBytes({ entries });
        if (bytes < SLICE_BYTES) continue;
        restoredLog.insert(table.id, slice);
        [slice, bytes] = [[], 0];
        await new Promise((resolve) => setImmediate(resolve));
      }
      restoredLog.insert(table.id, slice);
      file.createTable(
        table,
        docs,
        tokens,
        history && {
          chunks: [],
          storedApart,
          ...(history.images ? { images: history.images } : {}),
        },
        links,
      );
    } catch (error) {
      restoredLog.dropOrphans(table.id);
      throw error instanceof Error ? error : new Error(String(error));
    }
  };
}

/** The synchronous SQLite file behind `openSqliteStorage`. */
export function openSqliteFile(dataDir: string, options: SqliteFileOptions = {}): SqliteFile {
  return openSqlite(dataDir, options).file;
}
