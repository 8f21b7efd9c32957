import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import type { Ack } from '@fateboard/table';
import { openReplica, samePub, sleep, waitFor } from '../test/harness';
import type { Participant } from '../test/harness';
import { clusterTests, storedPub, tableWithGms } from '../test/cluster-fixture';

// Nothing waits forever: while the cluster's PostgreSQL or Redis stops answering (a hung host,
// a managed failover), every command is answered within 2 s, refused with a message that names
// what is unavailable, and accepted again within 1 s of its return; nothing is half-written.

const { unavailable, services, cleanup, track } = clusterTests();

/**
 * How long each outage lasts: a few seconds by default; FATEBOARD_OUTAGE_MS=30000 (at most
 * 30 s, the tests' time allows no more) measures a managed service's 30 s failover.
 */
const OUTAGE_MS = Math.min(Number(process.env.FATEBOARD_OUTAGE_MS ?? 0), 30_000) || undefined;
const pgOutageMs = OUTAGE_MS ?? 6000;
const redisOutageMs = OUTAGE_MS ?? 5000;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** One attempt: its answer and how long it took, or 'none' after 10 s. */
async function timed(p: Participant, command: Record<string, unknown>) {
  const sent = performance.now();
  let ack: Ack | 'none';
  try {
    ack = (await p.socket.timeout(10_000).emitWithAck('command', command)) as Ack;
  } catch {
    ack = 'none';
  }
  return { ack, ms: performance.now() - sent };
}

/** Sends `command` under its id until acknowledged; answers when it was. */
async function untilAcked(p: Participant, command: Record<string, unknown>): Promise<number> {
  await p.untilOk(command);
  return performance.now();
}

const aspect = (id: string) => ({ id, type: 'aspect.add', kind: 'situation', text: id });

type Answer = { id: string; via: string; at: number; ms: number; ack: Ack | 'none' };

/**
 * For `forMs`, a command through each node at once every 200 ms after the last answers: what
 * each was answered, when it was sent (since the start) and how long the answer took.
 */
async function attemptsFor(
  forMs: number,
  label: string,
  via: Record<string, Participant>,
): Promise<Answer[]> {
  const start = performance.now();
  const answers: Answer[] = [];
  let n = 0;
  while (performance.now() - start < forMs) {
    await Promise.all(
      Object.entries(via).map(async ([name, p]) => {
        const id = `${label}-${++n}`;
        const at = performance.now() - start;
        const { ack, ms } = await timed(p, aspect(id));
        answers.push({ id, via: name, at, ms, ack });
      }),
    );
    await sleep(200);
  }
  return answers;
}

/** The answers as one line of a test's report. */
const said = (answers: Answer[]) =>
  JSON.stringify(
    answers.map((a) => [
      Math.round(a.at),
      a.via,
      Math.round(a.ms),
      a.ack === 'none' ? 'none' : a.ack.ok ? 'ok' : `${a.ack.code}: ${a.ack.message}`,
    ]),
  );

describe.skipIf(unavailable)('nothing waits forever', () => {
  it('PostgreSQL stops answering: every command answered within 2 s, then accepted within 1 s of its return', async () => {
    const cluster = await services.startProxied('postgres', { count: 2, every: true });
    cleanup.push(() => cluster.close());
    const { proxy } = cluster;
    const { one, two, table, gmOne, gmTwo } = await tableWithGms(cluster, track);
    const spectators = [
      track(await openReplica(one.url, `table/${table.id}`, table.tokens.spectator)),
      track(await openReplica(two.url, `table/${table.id}`, table.tokens.spectator)),
    ];
    await gmOne.ok(aspect('before'));

    proxy.hang();
    const answers = await attemptsFor(pgOutageMs, 'during', { 'node 1': gmOne, 'node 2': gmTwo });
    proxy.heal();
    const healed = performance.now();
    const back = await untilAcked(gmTwo, aspect('after'));
    console.info(
      `PostgreSQL hung ${seconds(pgOutageMs)}: answers ${said(answers)}; accepted ${Math.round(back - healed)} ms after its return`,
    );
    for (const a of answers) {
      expect(a.ack, `${a.id} via ${a.via}`).not.toBe('none');
      expect(a.ms, `${a.id} via ${a.via} answered in time`).toBeLessThan(2000);
      if (a.ack === 'none' || a.ack.ok) continue;
      expect(['storage', 'unknown-outcome']).toContain(a.ack.code);
      if (a.ack.code === 'storage') expect(a.ack.message).toMatch(/storage/);
    }
    expect(back - healed).toBeLessThan(1000);

    // What was refused was not stored; what was unknown is settled by its retry, once.
    const stored = readTable(await storedPub(cluster.reader, table.id)).aspects.map((a) => a.text);
    for (const a of answers) {
      if (a.ack !== 'none' && !a.ack.ok && a.ack.code === 'storage') {
        expect(stored, `${a.id} refused, so not stored`).not.toContain(a.id);
      }
    }
    for (const a of answers) {
      if (a.ack !== 'none' && !a.ack.ok && a.ack.code === 'unknown-outcome') {
        await untilAcked(a.via === 'node 1' ? gmOne : gmTwo, aspect(a.id));
      }
    }
    const pub = await storedPub(cluster.reader, table.id);
    const texts = readTable(pub).aspects.map((a) => a.text);
    expect(new Set(texts).size, 'each stored once').toBe(texts.length);
    for (const replica of spectators) {
      await waitFor(() => samePub(pub, replica.doc), 'a spectator equal to storage', 5000);
    }
  }, 120_000);

  it('Redis stops answering: commands that need it are answered within 2 s, named as Redis, then accepted within 1 s of its return', async () => {
    const cluster = await services.startCluster({ count: 2 });
    cleanup.push(() => cluster.close());
    const { gmOne, gmTwo } = await tableWithGms(cluster, track);
    await gmOne.ok(aspect('before'));
    await gmTwo.ok(aspect('forwarded'));

    services.redis.pause();
    cleanup.push(() => services.redis.resume());
    const answers = await attemptsFor(redisOutageMs, 'paused', {
      'node 1': gmOne,
      'node 2': gmTwo,
    });
    services.redis.resume();
    const resumed = performance.now();
    const back = await untilAcked(gmTwo, aspect('after'));
    console.info(
      `Redis paused ${seconds(redisOutageMs)}: answers ${said(answers)}; accepted ${Math.round(back - resumed)} ms after its return`,
    );
    for (const a of answers) {
      expect(a.ack, `${a.id} via ${a.via}`).not.toBe('none');
      expect(a.ms, `${a.id} via ${a.via} answered in time`).toBeLessThan(2000);
      if (a.ack === 'none' || a.ack.ok) continue;
      expect(a.ack.message, `${a.id} via ${a.via}`).not.toMatch(/moving between servers/);
      if (a.ack.code === 'storage') expect(a.ack.message, `${a.id} via ${a.via}`).toMatch(/Redis/);
    }
    // The writer (node 1) stores its own clients' commands all along; once Redis is known to be
    // away (its PING unanswered), nobody waits on it: node 2's forwards are refused at once.
    for (const a of answers) {
      if (a.via === 'node 1')
        expect(a.ack, `${a.id} stored by the writer`).toMatchObject({ ok: true });
      if (a.at > 1500) expect(a.ms, `${a.id} via ${a.via}, Redis known away`).toBeLessThan(500);
    }
    expect(back - resumed).toBeLessThan(1000);
  }, 120_000);
});
