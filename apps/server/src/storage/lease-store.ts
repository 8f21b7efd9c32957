// Cluster mode's table write leases, as the storage keeps them (postgres-leases.ts).

/** Who holds a table's lease, and under which epoch. */
export interface LeaseHolder {
  holder: string;
  epoch: number;
}

/** `acquire`'s answer: this holder's lease (`fresh`: under a new epoch), or who holds it. */
export type LeaseAnswer =
  | { owner: 'self'; epoch: number; fresh: boolean }
  | { owner: 'other'; holder: string; epoch: number };

/**
 * Table write leases kept beside the tables (postgres-leases.ts): one holder per table at a
 * time, each new holder under an epoch above every earlier one, stored as the table's fence as
 * it is taken, so that a commit of an earlier holder is refused from then on. Expiry is the
 * database's clock; a holder trusts its lease on its own clock for less (cluster/leases.ts).
 */
export interface LeaseStore {
  /** Takes the lease if nobody holds it, extends it if `holder` does, or answers who does. */
  acquire(tableId: string, holder: string, ttlMs: number): Promise<LeaseAnswer>;
  /** Extends each lease `holder` still holds under its epoch; answers which, in order. */
  renew(
    leases: readonly { tableId: string; epoch: number }[],
    holder: string,
    ttlMs: number,
  ): Promise<boolean[]>;
  /** Ends the lease if `holder` still holds it under `epoch`; answers whether it did. */
  release(tableId: string, holder: string, epoch: number): Promise<boolean>;
  /** Who holds the table's lease now, if anyone. */
  owner(tableId: string): Promise<LeaseHolder | undefined>;
  close(): Promise<void>;
}
