import { describe, expect, it } from 'vitest';
import type { Ack } from '@fateboard/table';
import { readFence } from '../storage';
import { createTable, sleep } from '../test/harness';
import { LEASE_MS } from '../test/cluster-nodes';
import type { ClusterNode } from '../test/cluster-nodes';
import {
  ATTEMPT_MS,
  Journal,
  attempt,
  checkStored,
  converge,
  failoverTests,
  ms,
} from '../test/failover-support';

// Failover with the nodes as real processes (test/cluster-nodes.ts): Redis restarted without
// its data under a writing cluster. The clients retry a command under its id as the app's
// client does; what PostgreSQL holds at the end is the judge.

const { unavailable, services, cleanup, startNodes, connect, replica } = failoverTests();

describe.skipIf(unavailable)('failover between node processes', () => {
  it('Redis restarted without its data: the writer writes on, forwards are refused naming Redis, nothing is lost, the fence never goes down', async () => {
    const { nodes, reader, sql } = await startNodes(2);
    const [one, two] = nodes as [ClusterNode, ClusterNode];
    const table = await createTable(one.url);
    const journal = new Journal();
    const gmOnOne = await connect(one.url, table.tokens.gm, 'gm1');
    const gmOnTwo = await connect(two.url, table.tokens.gm, 'gm2');
    const spectators = {
      'node 1': await replica(one.url, `table/${table.id}`, table.tokens.spectator),
      'node 2': await replica(two.url, `table/${table.id}`, table.tokens.spectator),
    };
    await journal.ok(gmOnOne, journal.aspect('first'));
    await journal.ok(gmOnTwo, journal.aspect('forwarded'));

    // The stored fence, sampled all along: it must never go down.
    const fences: { at: number; epoch: number | undefined }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        fences.push({ at: performance.now(), epoch: await readFence(sql, table.id) });
        await sleep(50);
      }
    })();
    cleanup.push(async () => {
      sampling = false;
      await sampler;
    });
    const before = (await readFence(sql, table.id))!;
    expect(before).toBeGreaterThan(0);

    // 1. Down for longer than a lease, and back empty.
    const down = performance.now();
    const restarting = services.redis.restart({ downMs: LEASE_MS + 1500 });
    const answers: { at: number; via: string; ack: Ack | 'timeout' }[] = [];
    let up: number | undefined;
    void restarting.then(() => (up = performance.now()));
    while (up === undefined) {
      for (const [via, p] of [
        ['node 1', gmOnOne],
        ['node 2', gmOnTwo],
      ] as const) {
        const command = journal.aspect('while-down');
        const ack = await attempt(p, command);
        journal.note(command.id, ack);
        answers.push({ at: performance.now() - down, via, ack });
      }
      await sleep(200);
    }
    await restarting;
    console.info(
      `Redis down ${ms(up - down)} ms: answers ` +
        JSON.stringify(
          answers.map((a) => [
            ms(a.at),
            a.via,
            a.ack === 'timeout' ? 'timeout' : a.ack.ok ? `ok ${a.ack.seq}` : a.ack.code,
          ]),
        ),
    );
    // The lease is in PostgreSQL: the writer took its own client's commands all along.
    for (const a of answers.filter((x) => x.via === 'node 1')) {
      expect(a.ack, `${ms(a.at)} ms via node 1`).toMatchObject({ ok: true });
    }
    // Node 2's had to be forwarded through Redis: refused, saying so (or, sent as Redis went,
    // unknown), never acknowledged without being stored (checkStored below).
    const upAt = up - down;
    const forwarded = answers.filter((x) => x.via === 'node 2' && x.at > 1000 && x.at < upAt);
    expect(forwarded.length).toBeGreaterThan(2);
    for (const a of forwarded) {
      if (a.ack === 'timeout' || a.ack.ok || a.ack.code === 'unknown-outcome') continue;
      expect(a.ack, `${ms(a.at)} ms via node 2`).toMatchObject({ code: 'storage' });
      expect(a.ack.message).toMatch(/Redis/);
    }

    const recovered = await journal.until(gmOnTwo, journal.aspect('after-redis'), 10_000);
    await journal.until(gmOnOne, journal.aspect('after-redis'));
    const afterFirst = (await readFence(sql, table.id))!;
    console.info(
      `Redis back: node 2's first command acknowledged ${ms(recovered.at - up)} ms after; ` +
        `fence ${before} → ${afterFirst}`,
    );
    expect(recovered.at - up).toBeLessThan(2000 + ATTEMPT_MS);
    // Nobody's lease moved.
    expect(afterFirst).toBe(before);

    // 2. Restarted at once, empty, under commands through both nodes.
    const commands = Array.from({ length: 12 }, (_, i) =>
      journal.aspect(i % 2 ? 'blip-2' : 'blip-1'),
    );
    const blip = services.redis.restart();
    const racing = commands.map((command, i) =>
      sleep(i * 150).then(() => journal.until(i % 2 ? gmOnTwo : gmOnOne, command, 10_000)),
    );
    await blip;
    const raced = await Promise.all(racing);
    await journal.until(gmOnTwo, journal.aspect('after-blip'));
    console.info(
      `Redis restarted at once: attempts per command ` +
        JSON.stringify(raced.map((r) => r.attempts)),
    );

    sampling = false;
    await sampler;
    const epochs = fences.map((f) => f.epoch ?? 0);
    expect(epochs, 'the stored fence never goes down').toEqual([...epochs].sort((a, b) => a - b));

    const stored = await checkStored(journal, reader, sql, table.id);
    await converge(stored, spectators);
  }, 60_000);
});
