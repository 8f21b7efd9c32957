// The PostgreSQL database's tables (postgres.ts; rows.ts reads their rows as records): the
// same tables as the SQLite file (sqlite-rows.ts, sqlite-chat.ts), plus `fences` and `leases`
// for cluster mode and the chat counter on `tables`. Every int8 reads as a JS number
// (postgres.ts sets the parser): seqs and times stay far below 2^53. A database made by an
// older server gets what it lacks when a node opens it (CREATE ... IF NOT EXISTS).

import { chatRowBytesSql, tableBytesSql } from './table-bytes';
import type { ByteLengthSql } from './table-bytes';

/** PostgreSQL's byte length of a text (as UTF-8) or bytea column. */
const postgresBytes: ByteLengthSql = (column) => `octet_length(${column})`;

/** A chat row's bytes (table-bytes.ts's chatRowBytes), in SQL. */
export const CHAT_ROW_BYTES_SQL = chatRowBytesSql(postgresBytes);

/**
 * Created on open when absent. JSON columns are text holding JSON.stringify's output, as in
 * SQLite: jsonb would reorder keys and drop duplicates, so what is read back would not be
 * exactly what was stored; the two queries that look inside cast to json.
 */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  id text PRIMARY KEY,
  name text NOT NULL,
  ruleset text NOT NULL,
  created bigint NOT NULL,
  -- The player and spectator link tokens sealed under the GM token; NULL for tables made
  -- without (sealed-links.ts).
  sealed_links bytea,
  -- The number of the table's last chat message: one UPDATE numbers the next one atomically,
  -- where MAX(n) + 1 would give two concurrent appends the same number.
  chat_n bigint NOT NULL DEFAULT 0,
  -- What the table holds on disk (table-bytes.ts), moved by every write in its transaction.
  stored_bytes bigint NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tokens (
  hash text PRIMARY KEY,
  table_id text NOT NULL REFERENCES tables(id),
  role text NOT NULL,
  seat_id text,
  kind text NOT NULL,
  revoked boolean NOT NULL DEFAULT false,
  created bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS tokens_by_table ON tokens (table_id, kind, role);
CREATE TABLE IF NOT EXISTS commands (
  table_id text NOT NULL REFERENCES tables(id),
  seq bigint NOT NULL,
  command_id text NOT NULL,
  actor text NOT NULL,
  token_hash text,
  secret_hash text,
  type text NOT NULL,
  payload text NOT NULL,
  result text,
  created bigint NOT NULL,
  -- The writer numbers its commands (CommandWrite): a seq another writer took is refused.
  PRIMARY KEY (table_id, seq),
  UNIQUE (table_id, command_id)
);
-- Where the current session starts (the roll history reads back to it), without a scan.
CREATE INDEX IF NOT EXISTS commands_sessions ON commands (table_id, seq)
  WHERE type = 'session.start';
CREATE TABLE IF NOT EXISTS updates (
  table_id text NOT NULL REFERENCES tables(id),
  doc text NOT NULL,
  seq bigint NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (table_id, doc, seq)
);
CREATE TABLE IF NOT EXISTS snapshots (
  table_id text NOT NULL REFERENCES tables(id),
  doc text NOT NULL,
  seq bigint NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (table_id, doc)
);
-- As sqlite-chat.ts's: from_seat/from_name NULL for the GM, to_kind 'table', 'gm' or 'seat',
-- client_id the sender's id for the message (NewChatMessage's).
CREATE TABLE IF NOT EXISTS chat (
  table_id text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  n bigint NOT NULL,
  at bigint NOT NULL,
  from_seat text,
  from_name text,
  to_kind text NOT NULL,
  to_seat text,
  text text NOT NULL,
  spectators boolean NOT NULL DEFAULT true,
  client_id text,
  -- Whether the GM reads it: all but a whisper between players kept from the GM.
  gm boolean NOT NULL DEFAULT true,
  PRIMARY KEY (table_id, n)
);
CREATE UNIQUE INDEX IF NOT EXISTS chat_retry
  ON chat (table_id, COALESCE(from_seat, ''), client_id) WHERE client_id IS NOT NULL;
-- Restored seats' claims (claims.ts), one per seat: the code's sha-256, and the code sealed
-- for the GM.
CREATE TABLE IF NOT EXISTS seat_claims (
  table_id text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  seat_id text NOT NULL,
  hash text NOT NULL UNIQUE,
  sealed bytea NOT NULL,
  created bigint NOT NULL,
  PRIMARY KEY (table_id, seat_id)
);
-- A restored table's log in chunks (storage.ts, LogChunk), written in the table's own
-- transaction: a page of the log reads the one or two rows it needs.
CREATE TABLE IF NOT EXISTS restored_log (
  table_id text NOT NULL REFERENCES tables(id),
  first_n bigint NOT NULL,
  last_n bigint NOT NULL,
  entries text NOT NULL,
  PRIMARY KEY (table_id, first_n)
);
-- A database made before the tables' measure and the chat's gm column gets them here (its
-- messages all the GM's to read: whispers between players came later), measured once.
ALTER TABLE chat ADD COLUMN IF NOT EXISTS gm boolean NOT NULL DEFAULT true;
ALTER TABLE tables ADD COLUMN IF NOT EXISTS stored_bytes bigint;
UPDATE tables SET stored_bytes = ${tableBytesSql(postgresBytes)}
  WHERE stored_bytes IS NULL;
ALTER TABLE tables ALTER COLUMN stored_bytes SET DEFAULT 0,
  ALTER COLUMN stored_bytes SET NOT NULL;
-- Each reader's history by an index of its own (sqlite-chat.ts's CHAT_READER_INDEXES).
CREATE INDEX IF NOT EXISTS chat_public ON chat (table_id, n) WHERE to_kind = 'table';
CREATE INDEX IF NOT EXISTS chat_spectators ON chat (table_id, n)
  WHERE to_kind = 'table' AND spectators;
CREATE INDEX IF NOT EXISTS chat_gm ON chat (table_id, n) WHERE gm;
CREATE INDEX IF NOT EXISTS chat_from_seat ON chat (table_id, from_seat, n)
  WHERE to_kind <> 'table';
CREATE INDEX IF NOT EXISTS chat_to_seat ON chat (table_id, to_seat, n) WHERE to_kind = 'seat';
-- A table's pictures (sqlite-images.ts): one row per picture and variant, stored once.
CREATE TABLE IF NOT EXISTS images (
  table_id text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  hash text NOT NULL,
  variant text NOT NULL,
  kind text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  created bigint NOT NULL,
  PRIMARY KEY (table_id, hash, variant)
);
-- Cluster mode: the latest lease epoch that committed for each table (TableBatch.fence). No
-- foreign key: the epoch belongs to the lease on the id, whatever the table's rows.
CREATE TABLE IF NOT EXISTS fences (
  table_id text PRIMARY KEY,
  epoch bigint NOT NULL
);
-- Cluster mode: each table's write lease (storage/postgres-leases.ts), taken under an epoch
-- that is stored in fences as it is taken. Expiry is the database's clock. No foreign key: a
-- lease is on the id, as the fence is.
CREATE TABLE IF NOT EXISTS leases (
  table_id text PRIMARY KEY,
  holder text NOT NULL,
  epoch bigint NOT NULL,
  expires_at timestamptz NOT NULL
);
`;

/**
 * What SCHEMA creates, read from it: when all of it exists, opening skips the DDL, whose
 * CREATE INDEX would otherwise lock the tables against writes for a moment on every node's
 * start.
 */
export const SCHEMA_OBJECTS = [
  ...SCHEMA.matchAll(/CREATE (?:UNIQUE )?(?:TABLE|INDEX) IF NOT EXISTS (\w+)/g),
].map((match) => match[1]!);

export const TABLE_COLUMNS = 'id, name, ruleset, created';
export const TOKEN_COLUMNS = 'hash, table_id, role, seat_id, kind, revoked, created';
export const COMMAND_COLUMNS =
  'table_id, command_id, seq, actor, token_hash, secret_hash, type, payload, result, created';
export const CHAT_COLUMNS = 'n, at, from_seat, from_name, to_kind, to_seat, text, gm';
