import type Database from 'better-sqlite3';
import type { ChatAuthor, ChatMessage } from '@fateboard/table';
import { whisperReaders } from '@fateboard/table';
import { toMessage } from './rows';
import type { ChatRow } from './rows';
import type { ChatScope, NewChatMessage, StoredChat } from './storage';
import { chatRowBytes, chatRowBytesSql } from './table-bytes';
import type { ByteLengthSql } from './table-bytes';

// The chat's rows in the SQLite file (sqlite.ts): one row per message, numbered per table.

/**
 * `from_seat`/`from_name` are NULL for the GM; `to_kind` is `table`, `gm` (a player's whisper)
 * or `seat` (a whisper to `to_seat`, from the GM or a player); `spectators` (NewChatMessage)
 * is 0 or 1; `gm` is 1 when the GM reads the message (whisperReaders); `client_id` is
 * NewChatMessage's `id`. ON DELETE CASCADE: a table's messages go with it. Created by
 * SCHEMA's IF NOT EXISTS on open, so a file an older server wrote simply gains it (one made
 * before `client_id` or `gm` gets those columns from migrate.ts).
 */
export const CHAT_SCHEMA = `
CREATE TABLE IF NOT EXISTS chat (
  table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  n INTEGER NOT NULL,
  at INTEGER NOT NULL,
  from_seat TEXT,
  from_name TEXT,
  to_kind TEXT NOT NULL,
  to_seat TEXT,
  text TEXT NOT NULL,
  -- 1: public while spectators could read the chat (the GM's switch when it was sent).
  spectators INTEGER NOT NULL DEFAULT 1,
  -- The sender's id for the message (chat.send's), NULL without one: a retry finds it.
  client_id TEXT,
  -- 1: the GM reads it (all but a whisper between players the table kept from the GM).
  gm INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (table_id, n)
);
`;

/**
 * One message per author and client id in a table (the GM's from_seat is NULL, seat ids are
 * never empty): a retry's lookup, and the guard against a second row. Made by the migration
 * that gave older files the column (migrate.ts), so that it exists on every file.
 */
export const CHAT_RETRY_INDEX = `
CREATE UNIQUE INDEX IF NOT EXISTS chat_retry
  ON chat (table_id, COALESCE(from_seat, ''), client_id) WHERE client_id IS NOT NULL;
`;

/**
 * Each reader's messages by an index of their own, newest first from any `n` (ChatScope): a
 * spectator's page never walks the whispers, a player's never the other players' whispers.
 * Partial indexes, used by queries whose WHERE states the same condition. Made by migrate.ts.
 */
export const CHAT_READER_INDEXES = `
CREATE INDEX IF NOT EXISTS chat_public ON chat (table_id, n) WHERE to_kind = 'table';
CREATE INDEX IF NOT EXISTS chat_spectators ON chat (table_id, n)
  WHERE to_kind = 'table' AND spectators = 1;
CREATE INDEX IF NOT EXISTS chat_gm ON chat (table_id, n) WHERE gm = 1;
CREATE INDEX IF NOT EXISTS chat_from_seat ON chat (table_id, from_seat, n)
  WHERE to_kind <> 'table';
CREATE INDEX IF NOT EXISTS chat_to_seat ON chat (table_id, to_seat, n) WHERE to_kind = 'seat';
`;

/** SQLite's byte length of a text (as UTF-8) or blob column. */
export const sqliteBytes: ByteLengthSql = (column) => `length(CAST(${column} AS BLOB))`;

/** A chat row's bytes (table-bytes.ts's chatRowBytes), in SQL. */
export const CHAT_ROW_BYTES_SQL = chatRowBytesSql(sqliteBytes);

const COLUMNS = 'n, at, from_seat, from_name, to_kind, to_seat, text, gm';

const page = (where: string) =>
  `SELECT ${COLUMNS} FROM chat
   WHERE table_id = @tableId AND ${where} AND n < @before ORDER BY n DESC LIMIT @limit`;

/**
 * Each reader's page (ChatScope), newest first on the scope's own index, stopping at the
 * limit. A seat's merges the newest of its three indexes (public, sent, received).
 */
export const CHAT_PAGES: Record<ChatScope['kind'], string> = {
  gm: page('gm = 1'),
  public: page(`to_kind = 'table'`),
  spectator: page(`to_kind = 'table' AND spectators = 1`),
  seat: `SELECT ${COLUMNS} FROM chat WHERE table_id = @tableId AND n IN (
      SELECT n FROM (SELECT n FROM chat WHERE table_id = @tableId AND to_kind = 'table'
        AND n < @before ORDER BY n DESC LIMIT @limit)
      UNION ALL
      SELECT n FROM (SELECT n FROM chat WHERE table_id = @tableId AND to_kind <> 'table'
        AND from_seat = @seatId AND n < @before ORDER BY n DESC LIMIT @limit)
      UNION ALL
      SELECT n FROM (SELECT n FROM chat WHERE table_id = @tableId AND to_kind = 'seat'
        AND to_seat = @seatId AND n < @before ORDER BY n DESC LIMIT @limit)
    ) ORDER BY n DESC LIMIT @limit`,
};

/** The chat's statements on an open database (after CHAT_SCHEMA and the migrations ran). */
export function sqliteChat(db: Database.Database): {
  /** Inside the commit's transaction: the stored message, and the bytes the table grew by. */
  writeChat: (tableId: string, message: NewChatMessage, keep: number) => [StoredChat, number];
  findChat: (tableId: string, from: ChatAuthor, id: string) => ChatMessage | undefined;
  readChat: (
    tableId: string,
    scope: ChatScope,
    before: number | undefined,
    limit: number,
  ) => ChatMessage[];
} {
  // The table's counter, not MAX(n) + 1: numbers never come back once retention deletes rows.
  const next = db.prepare<[string], { n: number }>(
    'UPDATE tables SET chat_n = chat_n + 1 WHERE id = ? RETURNING chat_n AS n',
  );
  const insert = db.prepare(
    `INSERT INTO chat
       (table_id, n, at, from_seat, from_name, to_kind, to_seat, text, spectators, client_id, gm)
     VALUES
       (@tableId, @n, @at, @fromSeat, @fromName, @toKind, @toSeat, @text, @spectators, @clientId,
        @gm)`,
  );
  const find = db.prepare<[string, string, string], ChatRow>(
    `SELECT ${COLUMNS} FROM chat
     WHERE table_id = ? AND COALESCE(from_seat, '') = ? AND client_id = ?`,
  );
  const oldBytes = db.prepare<[string, number], { bytes: number }>(
    `SELECT COALESCE(SUM(${CHAT_ROW_BYTES_SQL}), 0) AS bytes FROM chat WHERE table_id = ? AND n <= ?`,
  );
  const trim = db.prepare<[string, number]>('DELETE FROM chat WHERE table_id = ? AND n <= ?');

  const pages = {
    gm: db.prepare<Record<string, unknown>, ChatRow>(CHAT_PAGES.gm),
    public: db.prepare<Record<string, unknown>, ChatRow>(CHAT_PAGES.public),
    spectator: db.prepare<Record<string, unknown>, ChatRow>(CHAT_PAGES.spectator),
    seat: db.prepare<Record<string, unknown>, ChatRow>(CHAT_PAGES.seat),
  };

  const findOne = (tableId: string, from: ChatAuthor, id: string) => {
    const row = find.get(tableId, from.role === 'player' ? from.seatId : '', id);
    return row ? toMessage(row) : undefined;
  };

  return {
    writeChat: (tableId, message, keep) => {
      if (message.id !== undefined) {
        const stored = findOne(tableId, message.from, message.id);
        if (stored) return [{ message: stored, fresh: false }, 0];
      }
      const n = next.get(tableId)?.n;
      if (n === undefined) throw new Error(`no table ${tableId}`);
      const gm = whisperReaders(message).gm;
      insert.run({
        tableId,
        n,
        at: message.at,
        fromSeat: message.from.role === 'player' ? message.from.seatId : null,
        fromName: message.from.role === 'player' ? message.from.name : null,
        toKind: message.to.kind,
        toSeat: message.to.kind === 'seat' ? message.to.seatId : null,
        text: message.text,
        spectators: message.spectators ? 1 : 0,
        clientId: message.id ?? null,
        gm: gm ? 1 : 0,
      });
      let grew = chatRowBytes(message);
      // Retention: the newest `keep` stay. At steady state this deletes one row on the key.
      if (n > keep) {
        grew -= oldBytes.get(tableId, n - keep)?.bytes ?? 0;
        trim.run(tableId, n - keep);
      }
      const stored: ChatMessage = {
        n,
        at: message.at,
        from: message.from,
        to: message.to,
        text: message.text,
      };
      if (message.from.role === 'player' && message.to.kind === 'seat') stored.gmReads = gm;
      return [{ message: stored, fresh: true }, grew];
    },
    findChat: findOne,
    readChat: (tableId, scope, before, limit) => {
      const params: Record<string, unknown> = {
        tableId,
        before: before ?? Number.MAX_SAFE_INTEGER,
        limit,
        ...(scope.kind === 'seat' ? { seatId: scope.seatId } : {}),
      };
      return pages[scope.kind].all(params).map(toMessage).reverse();
    },
  };
}
