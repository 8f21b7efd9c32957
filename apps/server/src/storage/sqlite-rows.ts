// The SQLite file's tables (sqlite.ts; rows.ts reads their rows as records).

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  created INTEGER NOT NULL,
  -- The player and spectator link tokens sealed under the GM token; NULL for tables made
  -- before they were kept (migrate.ts adds the column to older files).
  sealed_links BLOB,
  -- The number of the table's last chat message (sqlite-chat.ts), and what the table holds on
  -- disk (table-bytes.ts), kept by every write; migrate.ts adds and measures them on older files.
  chat_n INTEGER NOT NULL DEFAULT 0,
  stored_bytes INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tokens (
  hash TEXT PRIMARY KEY,
  table_id TEXT NOT NULL REFERENCES tables(id),
  role TEXT NOT NULL,
  seat_id TEXT,
  kind TEXT NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tokens_by_table ON tokens(table_id, kind, role);
CREATE TABLE IF NOT EXISTS commands (
  table_id TEXT NOT NULL REFERENCES tables(id),
  command_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  actor TEXT NOT NULL,
  token_hash TEXT,
  secret_hash TEXT,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  result TEXT,
  created INTEGER NOT NULL,
  PRIMARY KEY (table_id, command_id),
  UNIQUE (table_id, seq)
);
CREATE TABLE IF NOT EXISTS updates (
  table_id TEXT NOT NULL REFERENCES tables(id),
  doc TEXT NOT NULL,
  seq INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (table_id, doc, seq)
);
CREATE TABLE IF NOT EXISTS snapshots (
  table_id TEXT NOT NULL REFERENCES tables(id),
  doc TEXT NOT NULL,
  seq INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (table_id, doc)
);
`;

/**
 * Cluster mode's fencing (TableBatch.fence): the lease epoch of the last writer that committed
 * for each table. One node on SQLite writes no fence; the table keeps the contract the same.
 */
export const FENCES_SCHEMA = `
CREATE TABLE IF NOT EXISTS fences (
  table_id TEXT PRIMARY KEY,
  epoch INTEGER NOT NULL
);
`;

/**
 * A restored table's log in chunks (storage.ts, LogChunk): a page reads the one or two rows it
 * needs. No foreign key: a big log is written a slice at a time before its table row
 * (openSqliteStorage), so that no one transaction holds the event loop; chunks whose table
 * never came (a crash between) are dropped when the file is opened.
 */
export const RESTORED_LOG_SCHEMA = `
CREATE TABLE IF NOT EXISTS restored_log (
  table_id TEXT NOT NULL,
  first_n INTEGER NOT NULL,
  last_n INTEGER NOT NULL,
  entries TEXT NOT NULL,
  PRIMARY KEY (table_id, first_n)
);
`;
