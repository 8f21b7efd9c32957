import type pg from 'pg';

// PostgreSQL transactions that end: on a client of their own, dropped when the connection
// stops answering, never handed back to the pool mid-transaction.

/** Anything that runs a query: the storage's pool, a client of it, or the lease code's own. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Runs `work` in one transaction on a client of its own. A client whose ROLLBACK fails too
 * (the connection broke) is destroyed rather than handed back to the pool mid-transaction.
 * `retryIfBroken`: when the connection broke before COMMIT was sent, nothing of it is stored,
 * and `work` runs once more on a fresh connection. PostgreSQL ends a transaction left idle
 * for a second (idle_in_transaction_session_timeout, below): a node stalled that long in the
 * middle of creating a table would otherwise answer its user 500.
 */
export async function transaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  { retryIfBroken = false } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    // A checked-out client has no listener of the pool's: its connection breaking would be an
    // unhandled 'error', ending the process. The query under way rejects with it anyway.
    const ignore = () => {};
    client.on('error', ignore);
    let broken = false;
    let committing = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      committing = true;
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that stopped answering answers no ROLLBACK either: it is dropped, which
      // ends the transaction on the server's side.
      if (unanswered(error)) broken = true;
      else await client.query('ROLLBACK').catch(() => (broken = true));
      // A COMMIT whose connection broke may have been applied: never run twice.
      if (!(retryIfBroken && broken && !committing && attempt === 1)) throw error;
    } finally {
      client.removeListener('error', ignore);
      client.release(broken);
    }
  }
}

/** node-postgres gave up waiting for the answer (query_timeout): the connection is unusable. */
function unanswered(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}
