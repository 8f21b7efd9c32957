import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Ack } from '@fateboard/table';
import { sleep } from '../test/harness';
import { clusterTests, tableWithGms } from '../test/cluster-fixture';
import { COMMIT_AT_ONCE } from '../storage/postgres-at-once';

// Every refusal is true: a refusal that says nothing was stored is never followed by the
// command being stored; whatever may have been stored is answered `unknown-outcome`, and the
// same id sent again is applied at most once and answered as it was.

const { unavailable, services, cleanup, track } = clusterTests();

/** How often each command id is stored, read straight from the database. */
async function storedCount(databaseUrl: string, commandId: string): Promise<number> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query('SELECT seq FROM commands WHERE command_id = $1', [commandId]);
    return rows.length;
  } finally {
    await sql.end();
  }
}

describe.skipIf(unavailable)('every refusal is true', () => {
  it('a command forwarded to a writer that answers too late is answered unknown-outcome, and its retry finds it applied once', async () => {
    const cluster = await services.startProxied('postgres', { count: 2 });
    cleanup.push(() => cluster.close());
    const { proxy } = cluster;
    const { gmOne, gmTwo } = await tableWithGms(cluster, track);
    await gmOne.ok({ type: 'aspect.add', kind: 'situation', text: 'First' });

    // Node 1 writes; its commit is held for longer than node 2 waits for a forwarded answer
    // (a writer paused by a long GC, a slow disk), then goes through.
    const command = { id: 'slow-1', type: 'aspect.add', kind: 'situation', text: 'Slow' };
    const held = proxy.holdNext(COMMIT_AT_ONCE);
    const first = gmTwo.send(command);
    await held;
    await sleep(3000);
    proxy.release();
    const answer: Ack = await first;
    await sleep(300);
    const stored = await storedCount(cluster.databaseUrl, command.id);
    console.info(
      `a forwarded command held 3 s: answered ${JSON.stringify(answer)}, stored ${stored}`,
    );
    // Never "nothing changed" for a command that was stored after all.
    if (stored > 0 && !answer.ok) expect(answer.code).toBe('unknown-outcome');
    // Sent again under its id, as the web client does: applied once, answered alike.
    let again: Ack;
    do {
      again = await gmTwo.send(command);
    } while (!again.ok && again.code === 'unknown-outcome');
    expect(again).toMatchObject({ ok: true, seq: 2 });
    if (answer.ok) expect(again).toEqual(answer);
    expect(await storedCount(cluster.databaseUrl, command.id)).toBe(1);
  }, 60_000);
});
