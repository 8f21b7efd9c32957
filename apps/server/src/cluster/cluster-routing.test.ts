import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { api, createTable, samePub, sleep, waitFor } from '../test/harness';
import type { Participant, TestServer } from '../test/harness';
import { expireLease, leaseOf, storedPub } from '../test/cluster-fixture';
import { inProcessClusterTests } from '../test/in-process-cluster';

// Cluster mode with nodes in this process, on a real PostgreSQL and a real Redis: a command
// reaches its table's writer once, whether retried through another node, fenced out by a later
// writer or cut off before COMMIT; a writer that stops hands the table on; Redis down and back.
// cluster-serving.test.ts has the everyday cases.

const {
  unavailable,
  services,
  startCluster,
  connect,
  replica,
  sqlSession,
  twoNodesNodeOneWriting,
} = inProcessClusterTests();

describe.skipIf(unavailable)('a cluster of three nodes', () => {
  it('applies a command id retried through another node once', async () => {
    const { nodes, reader } = await startCluster();
    const [one, two, three] = nodes as [TestServer, TestServer, TestServer];
    const table = await createTable(one.url);
    const viaOne = await connect(one.url, table.tokens.gm, 'gm1');
    const viaThree = await connect(three.url, table.tokens.gm, 'gm3');
    const viaTwo = await connect(two.url, table.tokens.gm, 'gm2');
    const command = { id: 'retry-1', type: 'aspect.add', kind: 'situation', text: 'Once only' };
    const first = await viaTwo.ok(command);
    expect(await viaThree.send(command)).toEqual(first);
    expect(await viaOne.send(command)).toEqual(first);
    const stored = readTable(await storedPub(reader, table.id));
    expect(stored.aspects.map((a) => a.text)).toEqual(['Once only']);
  }, 60_000);

  it('routes a command fenced out by a later writer again, directly and forwarded: acknowledged, stored once', async () => {
    const { reader, databaseUrl, table, viaOne, viaTwo } = await twoNodesNodeOneWriting();
    // Two sessions: one holds the row, the other watches (a transaction reads
    // pg_stat_activity once, at its first look).
    const sql = await sqlSession(databaseUrl);
    const locker = await sqlSession(databaseUrl);
    const fence = async () =>
      Number(
        (
          await sql.query<{ epoch: string }>('SELECT epoch FROM fences WHERE table_id = $1', [
            table.id,
          ])
        ).rows[0]!.epoch,
      );

    // What a stall does to the writer: a later writer's epoch reaches the fence row while its
    // commit waits for that row. This side plays the later writer: it holds the row with a
    // higher epoch, and lets go once the command waits on it. `expire`: the writer's lease is
    // over too (it expired during the stall); else the leases still name the writer, which
    // must give that lease up itself for the next claim to take an epoch above the fence.
    const fencedOut = async (via: Participant, text: string, expire: boolean) => {
      await locker.query('BEGIN');
      await locker.query('UPDATE fences SET epoch = epoch + 10 WHERE table_id = $1', [table.id]);
      const answer = via.send({
        id: `fenced-${text}`,
        type: 'aspect.add',
        kind: 'situation',
        text,
      });
      let waiting = 0;
      for (let i = 0; i < 250 && waiting === 0; i++) {
        if (i > 0) await sleep(20);
        waiting = (
          await sql.query(
            `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'
               AND query LIKE 'INSERT INTO fences%'`,
          )
        ).rows.length;
      }
      expect(waiting, "the writer's commit waiting for the fence row").toBe(1);
      if (expire) await expireLease(databaseUrl, table.id);
      await locker.query('COMMIT');
      return answer;
    };

    // On the writer itself: routed again there, under a fresh lease above the fence.
    const bumped = (await fence()) + 10;
    expect(await fencedOut(viaOne, 'Direct', false)).toMatchObject({ ok: true, seq: 2 });
    expect(await fence()).toBeGreaterThan(bumped);
    // Forwarded by node 2 to node 1, fenced out there: node 2 routes it again and writes it.
    expect(await fencedOut(viaTwo, 'Forwarded', true)).toMatchObject({ ok: true, seq: 3 });
    expect((await leaseOf(databaseUrl, table.id))?.node).toBe('node-2');
    expect(readTable(await storedPub(reader, table.id)).aspects.map((a) => a.text)).toEqual([
      'First',
      'Direct',
      'Forwarded',
    ]);
  }, 60_000);

  it('tries a command once more when its database session ended before COMMIT, directly and forwarded', async () => {
    const { reader, databaseUrl, table, viaOne, viaTwo } = await twoNodesNodeOneWriting();
    // Every other insert of an `ends-` command ends its own session, as PostgreSQL ends a
    // stalled node's (or a restart does): the first try of each, counted by a sequence, which
    // no rollback undoes.
    const sql = await sqlSession(databaseUrl);
    await sql.query(`CREATE SEQUENCE ends`);
    await sql.query(`CREATE FUNCTION end_session() RETURNS trigger AS $$
      BEGIN
        IF nextval('ends') % 2 = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await sql.query(`CREATE TRIGGER end_session BEFORE INSERT ON commands FOR EACH ROW
      WHEN (NEW.command_id LIKE 'ends-%') EXECUTE FUNCTION end_session()`);
    const aspect = (id: string) => ({ id, type: 'aspect.add', kind: 'situation', text: id });
    expect(await viaOne.send(aspect('ends-direct'))).toMatchObject({ ok: true, seq: 2 });
    expect(await viaTwo.send(aspect('ends-forwarded'))).toMatchObject({ ok: true, seq: 3 });
    const { rows } = await sql.query<{ n: string }>(`SELECT last_value AS n FROM ends`);
    expect(Number(rows[0]!.n), 'two tries of each').toBe(4);
    expect(readTable(await storedPub(reader, table.id)).aspects.map((a) => a.text)).toEqual([
      'First',
      'ends-direct',
      'ends-forwarded',
    ]);
  }, 60_000);

  it("closes a replaced link's connections on every node, and tells the GM's", async () => {
    const { nodes } = await startCluster();
    const [one, two, three] = nodes as [TestServer, TestServer, TestServer];
    const table = await createTable(one.url);
    const player = await connect(two.url, table.tokens.player, 'p');
    const watcher = await connect(three.url, table.tokens.spectator, 's');
    const gmPhone = await connect(three.url, table.tokens.gm, 'gm-phone');
    const rotated = await api(one.url, `/api/tables/${table.id}/rotate-links`, {
      method: 'POST',
      token: table.tokens.gm,
    });
    expect(rotated.status).toBe(200);
    await waitFor(() => player.closed?.code === 'revoked-token', 'the player told on node 2');
    await waitFor(() => watcher.closed?.code === 'revoked-token', 'the spectator told on node 3');
    // The GM's other device, on node 3, hears of the new links to fetch them.
    await waitFor(() => gmPhone.linksRotated.length === 1, 'the GM told on node 3');
  }, 60_000);

  it('moves the table to another node when its writer stops, keeping every acknowledged command', async () => {
    const { nodes, reader } = await startCluster(3, 1000);
    const [one, two, three] = nodes as [TestServer, TestServer, TestServer];
    const table = await createTable(one.url);
    const gmOnOne = await connect(one.url, table.tokens.gm, 'gm1');
    const gmOnTwo = await connect(two.url, table.tokens.gm, 'gm2');
    const spectator = await replica(three.url, `table/${table.id}`, table.tokens.spectator);
    // Node 1 writes the table: its command came first.
    const acked = [await gmOnOne.ok({ type: 'aspect.add', kind: 'situation', text: 'First' })];
    acked.push(await gmOnTwo.ok({ type: 'aspect.add', kind: 'situation', text: 'Forwarded' }));
    await one.server.close();
    const stopped = Date.now();
    // Node 2 takes over once node 1's lease is gone, and goes on after the last seq.
    let next;
    for (;;) {
      next = await gmOnTwo.send({
        id: 'after-stop',
        type: 'aspect.add',
        kind: 'situation',
        text: 'After',
      });
      if (next.ok || Date.now() - stopped > 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(next).toMatchObject({ ok: true, seq: acked[1]!.seq + 1 });
    expect(Date.now() - stopped).toBeLessThan(5000);
    await waitFor(
      () => readTable(spectator.doc).aspects.length === 3,
      'the new writer heard on node 3',
    );
    expect(readTable(await storedPub(reader, table.id)).aspects.map((a) => a.text)).toEqual([
      'First',
      'Forwarded',
      'After',
    ]);
    expect(samePub(await storedPub(reader, table.id), spectator.doc)).toBe(true);
  }, 60_000);

  it("while Redis is down the writer takes its own clients' commands, the others are refused naming Redis, reads are served, and all recover", async () => {
    const { nodes } = await startCluster(2, 1000);
    const [one, two] = nodes as [TestServer, TestServer];
    const table = await createTable(one.url);
    const gmOnOne = await connect(one.url, table.tokens.gm, 'gm1');
    const gm = await connect(two.url, table.tokens.gm, 'gm');
    // Node 2 writes the table.
    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'Before' });
    // Redis goes away for 2.5 s.
    const restarting = services.redis.restart({ downMs: 2500 });
    // Past a lease: the lease is in PostgreSQL, so the writer keeps it and writes on.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await gm.send({ type: 'aspect.add', kind: 'situation', text: 'Kept' })).toMatchObject({
      ok: true,
    });
    // A command through node 1 would have to be forwarded: refused, saying why.
    const forwarded = await gmOnOne.send({ type: 'aspect.add', kind: 'situation', text: 'Far' });
    expect(forwarded).toMatchObject({ ok: false, code: 'storage' });
    expect(!forwarded.ok && forwarded.message).toMatch(/Redis/);
    const read = await api(one.url, `/api/tables/${table.id}`, { token: table.tokens.gm });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(table.id);
    await restarting;
    const after = await gmOnOne.untilOk({
      id: 'after-redis',
      type: 'aspect.add',
      kind: 'situation',
      text: 'After',
    });
    expect(after).toMatchObject({ ok: true });
  }, 60_000);
});
