import { describe, expect, it } from 'vitest';
import { Replica, createTable, openReplica, sleep, testRandom } from '../test/harness';
import { RawIo, YjsLane, fingerprint, knownIds } from './fuzz-lanes';
import type { Answer } from './fuzz-lanes';
import { Rand } from './fuzz-messages';
import { describeSent, documentedCodes, drawBatch, furnish } from './fuzz-setup';
import type { Finding, IoLane, Role, Sent, TableKey } from './fuzz-setup';
import { RetryingClient, SOAK, childServerForFile, percentile, sized } from './support';

// Guarantee 13: whatever arrives, the process stays up, every table answers, and what is
// refused changes nothing. Seeded: FATEBOARD_SEED=<seed> replays a run's messages.
const BATCHES = sized(8, 160);
const COMMANDS = sized(80, 120);
const MESSAGES = sized(200, 300);
const MAX_CRASHES = 3;
const KNOWN_CODES = documentedCodes();

const { server, dataDir, cleanup } = childServerForFile('fateboard-fuzz-');

describe(`fuzzing (${SOAK ? 'soak' : 'quick'}: ${BATCHES} batches)`, () => {
  it('keeps the process up, every table answering, and refused input changes nothing', async () => {
    const { seed: SEED, random } = testRandom('fuzz');
    console.log(`fuzz seed ${SEED} (replay: FATEBOARD_SEED=${SEED})`);
    const started = Date.now();
    await server.start();
    const tables = {
      attack: await createTable(server.url),
      control: await createTable(server.url),
    };
    const victim = await createTable(server.url);
    const gms = {
      attack: new RetryingClient(server.url, tables.attack.tokens.gm),
      control: new RetryingClient(server.url, tables.control.tokens.gm),
      victim: new RetryingClient(server.url, victim.tokens.gm),
    };
    cleanup.push(() => Object.values(gms).forEach((c) => c.close()));
    const seats = {
      attack: await furnish(server.url, dataDir, tables.attack, gms.attack),
      control: await furnish(server.url, dataDir, tables.control, gms.control),
    };
    const tokenOf = (table: TableKey, role: Role) =>
      role === 'player'
        ? seats[table]
        : role === 'seatless'
          ? tables[table].tokens.player
          : tables[table].tokens[role];

    // A real participant whose awareness id the fuzzer tries to speak for.
    const ann = new Replica(server.url, `table/${tables.attack.id}`, seats.attack);
    ann.provider.awareness.setLocalState({ user: { name: 'Ann', color: '#30bced' } });
    cleanup.push(() => ann.destroy());
    const r = new Rand(random);
    const clientIds = [
      ann.doc.clientID,
      0,
      1,
      2,
      3,
      ...Array.from({ length: 4 }, () => r.int(4, 2 ** 31)),
    ];

    const findings = new Map<string, Finding>();
    let batch = 0;
    const find = (what: string, example: Record<string, unknown>) => {
      const known = findings.get(what);
      if (known) known.count++;
      else findings.set(what, { what, seed: SEED, batch, count: 1, example });
    };
    const counts = { commands: new Map<string, number>(), messages: new Map<string, number>() };
    const answers = new Map<string, number>();
    const closes = new Map<string, number>();
    const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
    let crashes = 0;

    // The victim table's GM sends a command ten times a second the whole time.
    const latencies: number[] = [];
    let probeFailures = 0;
    let fuzzing = true;
    const probe = (async () => {
      for (let i = 0; fuzzing; i++) {
        const crashesBefore = crashes;
        const start = performance.now();
        const ack = await gms.victim
          .send({ id: `probe-${i}`, type: 'gm.note', text: `probe ${i}` }, 30_000)
          .catch(() => undefined);
        if (ack?.ok && crashes === crashesBefore && server.running)
          latencies.push(performance.now() - start);
        else if (!ack?.ok) probeFailures++;
        await sleep(100);
      }
    })();

    /** Sends one message on a fresh connection of its own (to isolate a crash). */
    const sendAlone = async (s: Sent): Promise<Answer | undefined> => {
      const token = tokenOf(s.table, s.role);
      if (s.channel === 'socket.io') {
        const io = await RawIo.open(server.url, token);
        const answer = await io.command(s.data as string);
        io.close();
        return answer;
      }
      const name = `table/${tables[s.table].id}${s.doc === 'gm' ? '/gm' : ''}`;
      const lane = new YjsLane(() => server.url, name, token, new Map());
      await lane.send(s.data, true);
      await sleep(100);
      await health();
      lane.close();
      return undefined;
    };

    /** Every table answers: a fresh sync of each document, a GM round trip on each table. */
    const health = async (): Promise<string | undefined> => {
      const docs = [
        ...Object.values(tables).flatMap((t) => [
          [`table/${t.id}`, t.tokens.spectator],
          [`table/${t.id}/gm`, t.tokens.gm],
        ]),
        [`table/${victim.id}`, victim.tokens.spectator],
      ];
      for (const [name, token] of docs) {
        try {
          (await openReplica(server.url, name!, token!, 10_000)).destroy();
        } catch {
          return server.running ? `no fresh sync of ${name!}` : undefined;
        }
      }
      const roundTrip = await Promise.all([
        gms.attack.send({ id: `health-${batch}`, type: 'gm.note', text: 'still here' }, 15_000),
        gms.control.send({ id: `health-${batch}`, type: 'gm.reveal', hiddenId: 'nothing' }, 15_000),
      ]).catch(() => undefined);
      if (!server.running) return undefined;
      if (!roundTrip?.[0].ok) return 'the attack table refused its GM';
      if (roundTrip[1].ok || roundTrip[1].code !== 'not-found')
        return 'the control table GM round trip';
      return undefined;
    };

    const yjsLane = new Map<string, YjsLane>();
    cleanup.push(() => yjsLane.forEach((l) => l.close()));
    const lane = (table: TableKey, role: Role, doc: 'pub' | 'gm') => {
      const key = `${table}/${role}/${doc}`;
      let found = yjsLane.get(key);
      if (!found) {
        const name = `table/${tables[table].id}${doc === 'gm' ? '/gm' : ''}`;
        found = new YjsLane(() => server.url, name, tokenOf(table, role), closes);
        yjsLane.set(key, found);
      }
      return found;
    };

    const before = fingerprint(dataDir, tables.control.id);
    for (batch = 0; batch < BATCHES && crashes < MAX_CRASHES; batch++) {
      const ids = {
        attack: knownIds(dataDir, tables.attack.id),
        control: knownIds(dataDir, tables.control.id),
      };
      // The batch, drawn up front from the seed: commands by lane, y-websocket messages by lane.
      const sent: Sent[] = [];
      const { ioLanes, yjsLanes } = drawBatch(
        r,
        ids,
        `fz-${SEED}-${batch}`,
        clientIds,
        COMMANDS,
        MESSAGES,
      );

      const runIo = async ({ table, role, cases }: IoLane) => {
        let io: RawIo | undefined;
        for (const { sent: s, mustRefuse } of cases) {
          if (!server.running) return;
          if (!io || io.closed)
            io = await RawIo.open(server.url, tokenOf(table, role)).catch(() => undefined);
          if (!io) continue;
          sent.push(s);
          bump(counts.commands, s.kind);
          const answer = await io.command(s.data as string);
          const code = typeof answer === 'string' ? answer : answer.ok ? 'ok' : answer.code;
          bump(answers, code);
          if (answer === 'no-answer') find('a command got no answer', describeSent(s));
          else if (code === 'internal') find(`internal error on ${s.kind}`, describeSent(s));
          else if (mustRefuse && code === 'ok')
            find(`accepted ${s.kind} (${role})`, describeSent(s));
          else if (code !== 'ok' && code !== 'closed' && !KNOWN_CODES.includes(code))
            find(`unknown code ${code}`, describeSent(s));
        }
        io?.close();
      };
      const runYjs = async (messages: Sent[]) => {
        for (const s of messages) {
          if (!server.running) return;
          sent.push(s);
          bump(counts.messages, s.kind);
          await lane(s.table, s.role, s.doc!)
            .send(s.data)
            .catch(() => undefined);
          await sleep(15);
        }
      };
      await Promise.all([
        ...[...ioLanes.values()].map(runIo),
        ...[...yjsLanes.values()].map(runYjs),
      ]);
      await sleep(100);
      const problem = server.running ? await health() : undefined;
      yjsLane.forEach((l) => l.unstall());
      if (problem) find(problem, { batch, lastSent: sent.slice(-5).map(describeSent) });

      if (!server.running) {
        crashes++;
        console.log(`fuzz: the server died in batch ${batch} (seed ${SEED}); isolating`);
        await server.start();
        // The culprit is a message whose client stalled (its connection is still open), or one
        // of the last: each is sent alone, newest first, from a client that then stalls (so a
        // crash that waits for the next connection is reproduced), then every table is asked.
        const stalled = sent.filter((s) => s.stall).reverse();
        const suspects = [
          ...stalled,
          ...sent
            .filter((s) => !s.stall)
            .slice(-20)
            .reverse(),
        ];
        let culprit: Sent | undefined;
        for (const s of suspects.slice(0, 40)) {
          await sendAlone(s).catch(() => undefined);
          await health().catch(() => undefined);
          if (!server.running) {
            culprit = s;
            await server.start();
            break;
          }
        }
        find(
          culprit ? `crash: ${culprit.kind}` : 'crash (not isolated)',
          culprit ? describeSent(culprit) : { lastSent: sent.slice(-5).map(describeSent) },
        );
      }
      const after = fingerprint(dataDir, tables.control.id);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        find('refused input changed the control table', { before, after });
      }
    }
    fuzzing = false;
    await probe;

    const report = {
      guarantee: 'fuzz',
      seed: SEED,
      mode: SOAK ? 'soak' : 'quick',
      batches: batch,
      seconds: Math.round((Date.now() - started) / 1000),
      commands: Object.fromEntries(counts.commands),
      messages: Object.fromEntries(counts.messages),
      answers: Object.fromEntries(answers),
      closes: Object.fromEntries(closes),
      crashes,
      victimLatencyMs: {
        n: latencies.length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: Math.max(0, ...latencies),
        failures: probeFailures,
      },
      findings: [...findings.values()],
    };
    console.log(JSON.stringify(report));
    expect([...findings.values()], `fuzz seed ${SEED}: replay with FATEBOARD_SEED=${SEED}`).toEqual(
      [],
    );
    expect(latencies.length).toBeGreaterThan(10);
    expect(percentile(latencies, 99)).toBeLessThan(2000);
  }, 900_000);
});
