import Database from 'better-sqlite3';
import { join } from 'node:path';
import * as Y from 'yjs';

/**
 * What the SQLite file holds for a table, read through a read-only connection of our own
 * (not through the server's storage code, so a bug there cannot hide itself).
 */
export interface Stored {
  pub: Y.Doc;
  gm: Y.Doc;
  /** Every stored command row, in seq order. */
  commands: {
    commandId: string;
    seq: number;
    actor: { role: string; seatId?: string };
    type: string;
    payload: Record<string, unknown>;
    result: unknown;
    created: number;
  }[];
}

export function readStored(dataDir: string, tableId: string): Stored {
  const db = new Database(join(dataDir, 'fateboard.sqlite'), { readonly: true });
  try {
    const read = db.transaction(() => {
      const docs = { pub: new Y.Doc(), gm: new Y.Doc() };
      const since: Record<string, number> = {};
      const snapshots = db
        .prepare<[string], { doc: string; seq: number; bytes: Buffer }>(
          'SELECT doc, seq, bytes FROM snapshots WHERE table_id = ?',
        )
        .all(tableId);
      const parts: Record<string, Uint8Array[]> = { pub: [], gm: [] };
      for (const row of snapshots) {
        since[row.doc] = row.seq;
        parts[row.doc]!.push(new Uint8Array(row.bytes));
      }
      const updates = db
        .prepare<[string], { doc: string; seq: number; bytes: Buffer }>(
          'SELECT doc, seq, bytes FROM updates WHERE table_id = ? ORDER BY seq',
        )
        .all(tableId);
      for (const row of updates) {
        if (row.seq > (since[row.doc] ?? 0)) parts[row.doc]!.push(new Uint8Array(row.bytes));
      }
      for (const key of ['pub', 'gm'] as const) {
        for (const part of parts[key]!) Y.applyUpdate(docs[key], part);
      }
      const commands = db
        .prepare<
          [string],
          {
            command_id: string;
            seq: number;
            actor: string;
            type: string;
            payload: string;
            result: string | null;
            created: number;
          }
        >('SELECT * FROM commands WHERE table_id = ? ORDER BY seq')
        .all(tableId)
        .map((row) => ({
          commandId: row.command_id,
          seq: row.seq,
          actor: JSON.parse(row.actor) as { role: string; seatId?: string },
          type: row.type,
          payload: JSON.parse(row.payload) as Record<string, unknown>,
          result: row.result === null ? null : (JSON.parse(row.result) as unknown),
          created: row.created,
        }));
      return { ...docs, commands };
    });
    return read();
  } finally {
    db.close();
  }
}
