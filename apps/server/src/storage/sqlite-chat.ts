import type Database from 'better-sqlite3';
import type { ChatAuthor, ChatMessage } from '@fateboard/table';
import { toMessage } from './rows';
import type { ChatRow } from './rows';
import type { ChatScope, NewChatMessage } from './storage';

// The chat's rows in the SQLite file (sqlite.ts): one row per message, numbered per table.

/**
 * `from_seat`/`from_name` are NULL for the GM; `to_kind` is `table`, `gm` (a player's whisper)
 * or `seat` (the GM's whisper to `to_seat`); `spectators` (NewChatMessage) is 0 or 1;
 * `client_id` is NewChatMessage's `id`. ON DELETE CASCADE: a table's messages go with it.
 * Created by SCHEMA's IF NOT EXISTS on open, so a file an older server wrote simply gains it
 * (one made before `client_id` gets that column from migrate.ts).
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

/** The chat's statements on an open database (after CHAT_SCHEMA ran). */
export function sqliteChat(db: Database.Database): {
  appendChat: (tableId: string, message: NewChatMessage) => ChatMessage;
  findChat: (tableId: string, from: ChatAuthor, id: string) => ChatMessage | undefined;
  readChat: (
    tableId: string,
    scope: ChatScope,
    before: number | undefined,
    limit: number,
  ) => ChatMessage[];
} {
  const next = db.prepare<[string], { n: number }>(
    'SELECT COALESCE(MAX(n), 0) + 1 AS n FROM chat WHERE table_id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO chat
       (table_id, n, at, from_seat, from_name, to_kind, to_seat, text, spectators, client_id)
     VALUES
       (@tableId, @n, @at, @fromSeat, @fromName, @toKind, @toSeat, @text, @spectators, @clientId)`,
  );
  const find = db.prepare<[string, string, string], ChatRow>(
    `SELECT n, at, from_seat, from_name, to_kind, to_seat, text FROM chat
     WHERE table_id = ? AND COALESCE(from_seat, '') = ? AND client_id = ?`,
  );
  // Newest first on the (table_id, n) key, stopping at the limit; the scope filters rows.
  const page = (where: string) =>
    db.prepare<Record<string, unknown>, ChatRow>(
      `SELECT n, at, from_seat, from_name, to_kind, to_seat, text FROM chat
       WHERE table_id = @tableId AND n < @before AND (${where})
       ORDER BY n DESC LIMIT @limit`,
    );
  const pages = {
    all: page('1'),
    public: page(`to_kind = 'table'`),
    spectator: page(`to_kind = 'table' AND spectators = 1`),
    seat: page(`to_kind = 'table' OR from_seat = @seatId OR to_seat = @seatId`),
  };

  const append = db.transaction((tableId: string, message: NewChatMessage): ChatMessage => {
    const n = next.get(tableId)?.n ?? 1;
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
    });
    return { n, at: message.at, from: message.from, to: message.to, text: message.text };
  });

  return {
    appendChat: (tableId, message) => append(tableId, message),
    findChat: (tableId, from, id) => {
      const row = find.get(tableId, from.role === 'player' ? from.seatId : '', id);
      return row ? toMessage(row) : undefined;
    },
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
