import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { createTable, sleep, waitFor } from '../test/harness';
import type { Replica } from '../test/harness';
import type { ClusterNode } from '../test/cluster-nodes';
import {
  ATTEMPT_MS,
  FAILOVER_MS,
  Journal,
  attempt,
  checkStored,
  converge,
  failoverTests,
  ms,
} from '../test/failover-support';
import { balancer } from '../test/round-robin';

// Failover with the nodes as real processes (test/cluster-nodes.ts, the default 4000 ms lease
// renewed every second): the owner killed (SIGKILL), with its clients behind a load balancer
// and with them on the other nodes. The clients are real sockets that retry a command under
// its id on a `storage` or `unknown-outcome` answer or a timeout, as the app's client does;
// what PostgreSQL holds at the end is the judge. cluster-*.test.ts have the in-process cases.

const { unavailable, cleanup, startNodes, connect, replica, watchLease } = failoverTests();

describe.skipIf(unavailable)('failover between node processes', () => {
  it('behind a load balancer: the clients of a killed node reconnect to another and catch up', async () => {
    const { nodes, reader, sql } = await startNodes();
    const lb = await balancer(nodes);
    cleanup.push(() => lb.close());
    const table = await createTable(nodes[0]!.url);
    const name = `table/${table.id}`;
    const journal = new Journal();
    // Round robin: the three replicas land on nodes 1, 2 and 3, the GM's socket on node 1.
    const replicas: Record<string, Replica> = {};
    for (const n of [1, 2, 3])
      replicas[`node ${n}`] = await replica(lb.url, name, table.tokens.spectator);
    const gm = await connect(lb.url, table.tokens.gm, 'gm');
    await journal.ok(gm, journal.aspect('before'));
    await journal.ok(gm, journal.aspect('before'));
    await nodes[0]!.kill('SIGKILL');
    const killed = performance.now();
    // The GM's socket and node 1's replica come back through the balancer to a live node.
    const after = await journal.until(gm, journal.aspect('after'));
    console.info(
      `behind the balancer: first command acknowledged ${Math.round(after.at - killed)} ms after the kill`,
    );
    expect(after.at - killed).toBeLessThan(FAILOVER_MS + ATTEMPT_MS);
    await journal.ok(gm, journal.aspect('after'));
    const stored = await checkStored(journal, reader, sql, table.id);
    expect(readTable(stored).aspects).toHaveLength(4);
    await converge(stored, replicas);
  }, 60_000);

  it('SIGKILL of the owner: another node owns the table within its lease and a claim, nothing acknowledged is lost', async () => {
    const { nodes, reader, sql, databaseUrl } = await startNodes(3);
    const [one, two, three] = nodes as [ClusterNode, ClusterNode, ClusterNode];
    const table = await createTable(one.url);
    const journal = new Journal();
    const gmOnOne = await connect(one.url, table.tokens.gm, 'gm1');
    const gmOnTwo = await connect(two.url, table.tokens.gm, 'gm2');
    const playerOnThree = await connect(three.url, table.tokens.player, 'ann3');
    const spectators = {
      'node 2': await replica(two.url, `table/${table.id}`, table.tokens.spectator),
      'node 3': await replica(three.url, `table/${table.id}`, table.tokens.spectator),
    };
    const lease = watchLease(databaseUrl, table.id);

    // Node 1 owns the table: the first command came through it. Then play through the others.
    await journal.ok(gmOnOne, journal.aspect('first'));
    await waitFor(() => lease.holder()?.node === 'node-1', 'node 1 holding the lease');
    await journal.ok(playerOnThree, { id: 'ann-join', type: 'join', name: 'Ann' });
    await journal.ok(gmOnTwo, journal.aspect('forwarded'));
    await journal.ok(playerOnThree, journal.character('zira'));
    await journal.ok(gmOnTwo, journal.aspect('forwarded'));
    const acknowledgedOnOne = journal.aspect('acked-on-1');
    const firstAck = await journal.ok(gmOnOne, acknowledgedOnOne);

    // One more through node 1, not waited for: killed with it, maybe stored, maybe not.
    const inFlight = journal.aspect('in-flight');
    void attempt(gmOnOne, inFlight, 100);
    await sleep(3);
    await one.kill('SIGKILL');
    const killed = performance.now();
    // And one sent through node 2 at the kill, waited for as long as the app's client waits
    // (10 s): how long a command forwarded to the dead owner goes unanswered.
    const probe = journal.aspect('probe');
    const probeAnswer = attempt(gmOnTwo, probe, 10_000).then((ack) => ({
      ack,
      ms: performance.now() - killed,
    }));
    const { rows } = await sql.query('SELECT seq FROM commands WHERE command_id = $1', [
      inFlight.id,
    ]);
    const inFlightStored = rows.length > 0;

    // Node 2's GM plays on; its first acknowledgement is the failover.
    const after = await journal.until(gmOnTwo, journal.aspect('after-kill'));
    const failoverMs = after.at - killed;
    await waitFor(
      () => ['node-2', 'node-3'].includes(lease.holder()?.node ?? ''),
      'Redis naming a new holder',
    );
    const moved = lease.movedFrom('node-1', killed);
    console.info(
      `SIGKILL failover: first command acknowledged ${ms(failoverMs)} ms after the kill ` +
        `(${after.attempts} attempts of ${ATTEMPT_MS} ms); the leases named a new holder after ` +
        `${moved === undefined ? '?' : ms(moved - killed)} ms; holders ` +
        JSON.stringify(lease.changes.map((c) => [ms(c.at - killed), c.node, c.epoch])) +
        `; the in-flight command was ${inFlightStored ? '' : 'not '}stored by node 1`,
    );
    expect(failoverMs).toBeLessThan(FAILOVER_MS);

    const probed = await probeAnswer;
    journal.note(probe.id, probed.ack);
    console.info(
      `SIGKILL: a command forwarded to the dead owner at the kill was answered ` +
        `${JSON.stringify(probed.ack === 'timeout' || probed.ack.ok ? probed.ack : probed.ack.code)} ` +
        `after ${ms(probed.ms)} ms`,
    );
    await journal.until(gmOnTwo, probe);

    // Retried under their ids through another node: each applies once.
    expect((await journal.until(gmOnTwo, acknowledgedOnOne)).ack).toEqual(firstAck);
    await journal.until(gmOnTwo, inFlight);
    for (let i = 0; i < 3; i++) await journal.until(gmOnTwo, journal.aspect('after-kill'));
    // A new player, on node 3: a join and a character, through the new owner.
    const boOnThree = await connect(three.url, table.tokens.player, 'bo3');
    const join = {
      id: 'bo-join',
      type: 'join',
      name: 'Bo',
      secret: randomBytes(32).toString('base64url'),
    };
    await journal.until(boOnThree, join);
    await journal.until(boOnThree, journal.character('vex'));

    const stored = await checkStored(journal, reader, sql, table.id);
    const texts = readTable(stored).aspects.map((a) => a.text);
    expect(texts.filter((t) => t === inFlight.id)).toHaveLength(1);
    expect(texts.filter((t) => t === acknowledgedOnOne.id)).toHaveLength(1);
    await converge(stored, spectators);
  }, 60_000);
});
