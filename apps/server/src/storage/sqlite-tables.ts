import type Database from 'better-sqlite3';
import { DOC_KEYS } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import { restoreCommand, restoredPage, rollPage } from './storage';
import type {
  CommandRolls,
  CommandWrite,
  LogChunk,
  RestoredHistory,
  RollQuery,
  SealedLinks,
  StoredDocument,
  StoredDocuments,
  TableRecord,
  TokenRecord,
} from './storage';
import { blobRowBytes, logChunkBytes } from './table-bytes';
import { checkFence, tokenParams } from './sqlite-statements';
import type { Statements, prepareSealed } from './sqlite-statements';
import type { sqliteImages } from './sqlite-images';

// A table in the SQLite file: created (or restored, its log apart), compacted, its documents
// loaded, its log and rolls read back.

/** The restored log's rows, written apart from createTable's transaction (createInSlices). */
export interface RestoredLogRows {
  insert: (tableId: string, chunks: readonly LogChunk[]) => void;
  /** Drops the table's chunks, unless the table exists (they are its log then). */
  dropOrphans: (tableId: string) => void;
}

/** What the file does with a whole table; `sealed` and `images` prepare on first use. */
export function sqliteTables(
  db: Database.Database,
  q: Statements,
  writeCommand: (command: CommandWrite) => number,
  sealed: () => ReturnType<typeof prepareSealed>,
  images: () => ReturnType<typeof sqliteImages>,
) {
  const insertChunks = (tableId: string, chunks: readonly LogChunk[]) => {
    for (const c of chunks) q.insertChunk.run({ tableId, ...c });
  };
  const restoredLog: RestoredLogRows = {
    // Without a sync of its own: the table's own transaction, which comes last and syncs the
    // log (synchronous FULL), makes every slice before it durable with it. A sync a slice would
    // hold the event loop for as long as the disk takes.
    insert: (tableId, chunks) => {
      if (chunks.length === 0) return;
      db.pragma('synchronous = NORMAL');
      try {
        db.transaction(insertChunks)(tableId, chunks);
      } finally {
        db.pragma('synchronous = FULL');
      }
    },
    dropOrphans: (tableId) => q.dropChunks.run(tableId, tableId),
  };

  const readLog = (tableId: string, before: number | undefined, limit: number): unknown[] => {
    const below = before ?? Number.MAX_SAFE_INTEGER;
    const newer = q.readLog
      .all(tableId, below, limit)
      .map((row) => JSON.parse(row.entry) as unknown)
      .reverse();
    if (newer.length >= limit) return newer;
    function* chunks(): Generator<string> {
      for (const row of q.chunksBefore.iterate(tableId, below)) yield row.entries;
    }
    return [...restoredPage(chunks(), below, limit - newer.length), ...newer];
  };

  const createTable = db.transaction(
    (
      table: TableRecord,
      docs: Record<DocKey, Uint8Array>,
      tokens: TokenRecord[],
      history: RestoredHistory | undefined,
      links: SealedLinks | undefined,
    ) => {
      q.insertTable.run(table);
      if (links !== undefined) sealed().set.run(links, table.id);
      let bytes = 0;
      for (const doc of DOC_KEYS) {
        q.upsertSnapshot.run({ tableId: table.id, doc, seq: 0, bytes: docs[doc] });
        bytes += blobRowBytes(docs[doc]);
      }
      for (const token of tokens) q.insertToken.run(tokenParams(token));
      if (history !== undefined) {
        insertChunks(table.id, history.chunks);
        bytes += history.storedApart ?? 0;
        for (const chunk of history.chunks) bytes += logChunkBytes(chunk);
        bytes += writeCommand({ ...restoreCommand(table), seq: 1 });
        for (const image of history.images ?? []) bytes += images().insert(image);
      }
      q.grow.run(bytes, table.id);
    },
  );

  const compact = db.transaction(
    (tableId: string, seq: number, docs: Record<DocKey, Uint8Array>, fence?: number) => {
      checkFence(q, tableId, fence, 'compacting');
      if (q.laterSnapshot.get(tableId, seq)) return;
      // The snapshots replace the old ones and the updates they cover, bytes and all.
      let grew = -(q.snapshotsBytes.get(tableId)?.bytes ?? 0);
      grew -= q.updatesBytes.get(tableId, seq)?.bytes ?? 0;
      for (const doc of DOC_KEYS) {
        q.upsertSnapshot.run({ tableId, doc, seq, bytes: docs[doc] });
        grew += blobRowBytes(docs[doc]);
      }
      q.deleteUpdates.run(tableId, seq);
      q.grow.run(grew, tableId);
    },
  );

  const loadDocuments = db.transaction((tableId: string): StoredDocuments => {
    const docs: Record<DocKey, StoredDocument> = {
      pub: { snapshot: null, updates: [] },
      gm: { snapshot: null, updates: [] },
    };
    const since: Record<string, number> = {};
    for (const row of q.snapshots.all(tableId)) {
      if (row.doc !== 'pub' && row.doc !== 'gm') continue;
      docs[row.doc].snapshot = new Uint8Array(row.bytes);
      since[row.doc] = row.seq;
    }
    for (const row of q.updates.all(tableId)) {
      if (row.doc !== 'pub' && row.doc !== 'gm') continue;
      if (row.seq <= (since[row.doc] ?? 0)) continue;
      docs[row.doc].updates.push(new Uint8Array(row.bytes));
    }
    return { seq: q.lastSeq.get(tableId)?.seq ?? 0, docs, bytes: q.bytes.get(tableId)?.bytes ?? 0 };
  });

  const readRolls = (tableId: string, query: RollQuery) => {
    function* session(): Generator<CommandRolls> {
      for (const row of q.sessionRolls.iterate(tableId)) {
        if (row.type === 'session.start') return; // ends the iteration, freeing the statement
        if (row.rolls !== null) yield { seq: row.seq, rolls: JSON.parse(row.rolls) as unknown[] };
      }
    }
    return rollPage(session(), query);
  };
  return { restoredLog, readLog, createTable, compact, loadDocuments, readRolls };
}
