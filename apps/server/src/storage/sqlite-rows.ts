import type { RulesetId } from '@fateboard/rules';
import type { Role } from '@fateboard/table';
import type { StoredActor, StoredCommand, TableRecord, TokenKind, TokenRecord } from './storage';

// The SQLite file's tables and how their rows read as the storage's records (sqlite.ts).

export interface TableRow {
  id: string;
  name: string;
  ruleset: string;
  created: number;
}
export interface TokenRow {
  hash: string;
  table_id: string;
  role: string;
  seat_id: string | null;
  kind: string;
  revoked: number;
  created: number;
}
export interface CommandRow {
  table_id: string;
  command_id: string;
  seq: number;
  actor: string;
  token_hash: string | null;
  secret_hash: string | null;
  type: string;
  payload: string;
  result: string | null;
  created: number;
}
export interface BytesRow {
  doc: string;
  seq: number;
  bytes: Buffer;
}

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  created INTEGER NOT NULL,
  -- The player and spectator link tokens sealed under the GM token; NULL for tables made
  -- before they were kept (migrate.ts adds the column to older files).
  sealed_links BLOB
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

export function toTable(row: TableRow): TableRecord {
  return { id: row.id, name: row.name, ruleset: row.ruleset as RulesetId, created: row.created };
}

export function toToken(row: TokenRow): TokenRecord {
  return {
    hash: row.hash,
    tableId: row.table_id,
    role: row.role as Role,
    seatId: row.seat_id,
    kind: row.kind as TokenKind,
    revoked: row.revoked !== 0,
    created: row.created,
  };
}

export function toCommand(row: CommandRow): StoredCommand {
  return {
    tableId: row.table_id,
    commandId: row.command_id,
    seq: row.seq,
    actor: JSON.parse(row.actor) as StoredActor,
    tokenHash: row.token_hash,
    secretHash: row.secret_hash ?? null,
    type: row.type,
    payload: JSON.parse(row.payload) as unknown,
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    created: row.created,
  };
}
