import type Database from 'better-sqlite3';
import type { SeatClaim } from './storage';
import { toClaim } from './rows';
import type { ClaimRow } from './rows';

// Restored seats' claims in the SQLite file (sqlite.ts; claims.ts says what they are for).

/**
 * One row per seat that has a claim; `hash` the code's sha-256 (the code itself is never
 * stored, only sealed for the GM in `sealed`). ON DELETE CASCADE: a table's claims go with it.
 * Created by IF NOT EXISTS on open, so a file an older server wrote simply gains it.
 */
export const CLAIMS_SCHEMA = `
CREATE TABLE IF NOT EXISTS seat_claims (
  table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  seat_id TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  sealed BLOB NOT NULL,
  created INTEGER NOT NULL,
  PRIMARY KEY (table_id, seat_id)
);
`;

/** The claims' statements on an open database (after CLAIMS_SCHEMA ran). */
export function sqliteClaims(db: Database.Database) {
  const q = {
    put: db.prepare(
      `INSERT INTO seat_claims (table_id, seat_id, hash, sealed, created)
       VALUES (@tableId, @seatId, @hash, @sealed, @created)
       ON CONFLICT (table_id, seat_id) DO UPDATE SET
         hash = excluded.hash, sealed = excluded.sealed, created = excluded.created`,
    ),
    find: db.prepare<[string], ClaimRow>('SELECT * FROM seat_claims WHERE hash = ?'),
    all: db.prepare<[string], ClaimRow>(
      'SELECT * FROM seat_claims WHERE table_id = ? ORDER BY seat_id',
    ),
    drop: db.prepare<[string, string]>(
      'DELETE FROM seat_claims WHERE table_id = ? AND seat_id = ?',
    ),
  };
  return {
    putClaim: (claim: SeatClaim): void => {
      q.put.run({ ...claim, sealed: Buffer.from(claim.sealed) });
    },
    findClaim: (hash: string): SeatClaim | undefined => {
      const row = q.find.get(hash);
      return row ? toClaim(row) : undefined;
    },
    claims: (tableId: string): SeatClaim[] => q.all.all(tableId).map(toClaim),
    dropClaim: (tableId: string, seatId: string): void => {
      q.drop.run(tableId, seatId);
    },
  };
}
