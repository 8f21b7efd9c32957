import { whisperReaders } from '@fateboard/table';
import type { ChatMessage } from '@fateboard/table';
import type pg from 'pg';
import { CHAT_COLUMNS, CHAT_ROW_BYTES_SQL } from './postgres-schema';
import { toMessage } from './rows';
import type { ChatRow } from './rows';
import type { ChatScope, NewChatMessage, StoredChat } from './storage';
import { chatRowBytes } from './table-bytes';
import type { Queryable } from './postgres-transaction';

// The chat in PostgreSQL: each reader's page on its own index, and a message numbered and
// stored (or found under its author's id) in the commit's transaction.

/**
 * Each reader's chat page, newest first on its scope's own index (postgres-schema.ts), stopping
 * at the limit: $1 the table, $2 before, $3 the limit, $4 the seat. A seat's page merges the
 * newest of its three indexes (public, sent, received).
 */
export const CHAT_PAGES: Record<ChatScope['kind'], string> = {
  gm: chatPage('gm'),
  public: chatPage(`to_kind = 'table'`),
  spectator: chatPage(`to_kind = 'table' AND spectators`),
  seat: `SELECT ${CHAT_COLUMNS} FROM chat WHERE table_id = $1 AND n IN (
      (SELECT n FROM chat WHERE table_id = $1 AND to_kind = 'table' AND n < $2
        ORDER BY n DESC LIMIT $3)
      UNION ALL
      (SELECT n FROM chat WHERE table_id = $1 AND to_kind <> 'table' AND from_seat = $4
        AND n < $2 ORDER BY n DESC LIMIT $3)
      UNION ALL
      (SELECT n FROM chat WHERE table_id = $1 AND to_kind = 'seat' AND to_seat = $4 AND n < $2
        ORDER BY n DESC LIMIT $3)
    ) ORDER BY n DESC LIMIT $3`,
};

function chatPage(where: string): string {
  return `SELECT ${CHAT_COLUMNS} FROM chat WHERE table_id = $1 AND ${where} AND n < $2
    ORDER BY n DESC LIMIT $3`;
}

/**
 * Numbers the message with the table's counter and stores it in one statement: the UPDATE
 * locks the table's row, so concurrent appends number one after the other. No such table: no
 * number, and the NOT NULL refuses the row (a statement error, as a missing table's command).
 */
const APPEND_CHAT = `
  WITH next AS (UPDATE tables SET chat_n = chat_n + 1 WHERE id = $1 RETURNING chat_n)
  INSERT INTO chat (table_id, n, at, from_seat, from_name, to_kind, to_seat, text, spectators,
    client_id, gm)
  VALUES ($1, (SELECT chat_n FROM next), $2::bigint, $3::text, $4::text, $5::text, $6::text,
    $7::text, $8::boolean, $9::text, $10::boolean) RETURNING n`;

/** Retention: the table's messages up to a number go, answering the bytes they held. */
const TRIM_CHAT = `
  WITH gone AS (DELETE FROM chat WHERE table_id = $1 AND n <= $2 RETURNING ${CHAT_ROW_BYTES_SQL} AS bytes)
  SELECT COALESCE(SUM(bytes), 0)::bigint AS bytes FROM gone`;

export async function findChat(
  db: Queryable,
  tableId: string,
  from: NewChatMessage['from'],
  id: string,
): Promise<ChatMessage | undefined> {
  const { rows } = await db.query<ChatRow>(
    `SELECT ${CHAT_COLUMNS} FROM chat
     WHERE table_id = $1 AND COALESCE(from_seat, '') = $2 AND client_id = $3`,
    [tableId, from.role === 'player' ? from.seatId : '', id],
  );
  return rows[0] && toMessage(rows[0]);
}

/**
 * One chat write in the commit's transaction (TableWrite's `chat`): the message its author
 * stored under its id, or the message numbered and stored, the oldest past `keep` deleted.
 * Answers it and the bytes the table grew by.
 */
export async function writeChat(
  client: pg.PoolClient,
  tableId: string,
  message: NewChatMessage,
  keep: number,
): Promise<[StoredChat, number]> {
  if (message.id !== undefined) {
    const stored = await findChat(client, tableId, message.from, message.id);
    if (stored) return [{ message: stored, fresh: false }, 0];
  }
  const { from, to } = message;
  const gm = whisperReaders(message).gm;
  const { rows } = await client.query<{ n: number }>(APPEND_CHAT, [
    tableId,
    message.at,
    from.role === 'player' ? from.seatId : null,
    from.role === 'player' ? from.name : null,
    to.kind,
    to.kind === 'seat' ? to.seatId : null,
    message.text,
    message.spectators,
    message.id ?? null,
    gm,
  ]);
  const n = rows[0]!.n;
  let grew = chatRowBytes(message);
  if (n > keep) {
    const { rows: gone } = await client.query<{ bytes: number }>(TRIM_CHAT, [tableId, n - keep]);
    grew -= Number(gone[0]?.bytes ?? 0);
  }
  const stored: ChatMessage = { n, at: message.at, from, to, text: message.text };
  if (from.role === 'player' && to.kind === 'seat') stored.gmReads = gm;
  return [{ message: stored, fresh: true }, grew];
}

/** The newest `limit` messages below `before` that `scope` may read, oldest first. */
export async function readChat(
  pool: pg.Pool,
  tableId: string,
  scope: ChatScope,
  before: number | undefined,
  limit: number,
): Promise<ChatMessage[]> {
  const { rows } = await pool.query<ChatRow>(CHAT_PAGES[scope.kind], [
    tableId,
    before ?? Number.MAX_SAFE_INTEGER,
    limit,
    ...(scope.kind === 'seat' ? [scope.seatId] : []),
  ]);
  return rows.map(toMessage).reverse();
}
