import type { RulesetId } from '@fateboard/rules';
import type { ChatMessage, ChatTarget, Role } from '@fateboard/table';
import type {
  SeatClaim,
  StoredActor,
  StoredCommand,
  TableRecord,
  TokenKind,
  TokenRecord,
} from './storage';

// How the rows of either database (sqlite.ts, postgres.ts) read as the storage's records: both
// keep the same tables under the same column names.

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
  /** SQLite has no booleans: 0 or 1 there. */
  revoked: boolean | number;
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
export interface ChatRow {
  n: number;
  at: number;
  from_seat: string | null;
  from_name: string | null;
  to_kind: string;
  to_seat: string | null;
  text: string;
  /** Whether the GM reads it (SQLite: 0 or 1). */
  gm: boolean | number;
}

export interface ClaimRow {
  table_id: string;
  seat_id: string;
  hash: string;
  sealed: Buffer;
  created: number;
}

export function toClaim(row: ClaimRow): SeatClaim {
  return {
    tableId: row.table_id,
    seatId: row.seat_id,
    hash: row.hash,
    sealed: new Uint8Array(row.sealed),
    created: row.created,
  };
}

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
    revoked: row.revoked === true || row.revoked === 1,
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

function toTarget(row: ChatRow): ChatTarget {
  if (row.to_kind === 'seat' && row.to_seat !== null) return { kind: 'seat', seatId: row.to_seat };
  if (row.to_kind === 'gm') return { kind: 'gm' };
  return { kind: 'table' };
}

export function toMessage(row: ChatRow): ChatMessage {
  const message: ChatMessage = {
    n: row.n,
    at: row.at,
    from:
      row.from_seat === null
        ? { role: 'gm' }
        : { role: 'player', seatId: row.from_seat, name: row.from_name ?? '' },
    to: toTarget(row),
    text: row.text,
  };
  // A whisper between two players says whether the GM reads it (ChatMessage's gmReads).
  if (row.from_seat !== null && message.to.kind === 'seat') {
    message.gmReads = row.gm === true || row.gm === 1;
  }
  return message;
}
