import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleAttack, sampleSheet } from '@fateboard/table';
import {
  Replica,
  connectSocket,
  createTable,
  openReplica,
  sleep,
  testRandom,
} from '../test/harness';
import type { CreatedTable } from '../test/harness';
import { commandCase } from './fuzz-commands';
import { RawIo, YjsLane, fingerprint, knownIds } from './fuzz-lanes';
import type { Answer } from './fuzz-lanes';
import { Rand, yjsCase } from './fuzz-messages';
import { RetryingClient, SOAK, childServerForFile, percentile, sized } from './support';

// Guarantee 13: whatever arrives, the process stays up, every table answers, and what is
// refused changes nothing. Seeded: FATEBOARD_SEED=<seed> replays a run's messages.
const BATCHES = sized(8, 160);
const COMMANDS = sized(80, 120);
const MESSAGES = sized(200, 300);
const MAX_CRASHES = 3;
const KNOWN_CODES = documentedCodes();

/**
 * The refusal codes docs/PROTOCOL.md promises: the commands' table ("Error codes") and the
 * server's ("Server-side codes"). An answer with any other code is a finding: either the
 * server says something the protocol does not, or the protocol forgot to say it.
 */
function documentedCodes(): string[] {
  const protocol = readFileSync(join(import.meta.dirname, '../../../../docs/PROTOCOL.md'), 'utf8');
  const tableAfter = (heading: string) => {
    const start = protocol.indexOf(heading);
    if (start < 0) throw new Error(`PROTOCOL.md has no "${heading}"`);
    const rows = protocol
      .slice(start)
      .split('\n\n')
      .find((block) => block.startsWith('| code'));
    return [...(rows ?? '').matchAll(/^\| `([a-z-]+)`/gm)].map((m) => m[1]!);
  };
  const codes = [...tableAfter('### Error codes'), ...tableAfter('Server-side codes')];
  if (codes.length < 10) throw new Error('PROTOCOL.md lists too few error codes: read wrongly?');
  return codes;
}

const { server, dataDir, cleanup } = childServerForFile('fateboard-fuzz-');

type TableKey = 'attack' | 'control';
type Role = 'gm' | 'player' | 'seatless' | 'spectator';
/** One message as sent, enough to send it again alone. */
interface Sent {
  channel: 'socket.io' | 'y-websocket';
  table: TableKey;
  role: Role;
  doc?: 'pub' | 'gm';
  kind: string;
  data: Uint8Array | string;
  /** y-websocket: the client stops reading after sending it (see YjsLane). */
  stall?: boolean;
}
interface Finding {
  what: string;
  seed: number;
  batch: number;
  count: number;
  example: Record<string, unknown>;
}

function describeSent(s: Sent): Record<string, unknown> {
  const { data, ...rest } = s;
  const head = typeof data === 'string' ? data.slice(0, 300) : Buffer.from(data.slice(0, 48));
  const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  return { ...rest, bytes, head: typeof head === 'string' ? head : head.toString('hex') };
}

/** A seated player with a character, an NPC, an aspect, a roll, a compel, a secret and a note. */
async function furnish(table: CreatedTable, gm: RetryingClient): Promise<string> {
  const ann = await connectSocket(server.url, table.tokens.player, 'ann');
  const joined = await ann.ok({ type: 'join', name: 'Ann' });
  await ann.ok({ type: 'character.create', character: sampleSheet('fate-core', 'Zira') });
  ann.close();
  const ok = async (command: Record<string, unknown>) => {
    const ack = await gm.send({ id: `setup-${Math.random()}`, ...command });
    if (!ack.ok) throw new Error(`${String(command.type)}: ${ack.code} ${ack.message}`);
    return ack;
  };
  await ok({ type: 'character.create', npc: true, character: sampleSheet('fate-core', 'Vex') });
  const ids = knownIds(dataDir, table.id).characters!;
  await ok({ type: 'aspect.add', kind: 'situation', text: 'On Fire', freeInvokes: 2 });
  await ok({ type: 'gm.prepare', kind: 'situation', text: 'Trapdoor', note: 'secret' });
  await ok({ type: 'gm.note', text: 'A note' });
  await ok({ type: 'scene.start', name: 'The Docks', characterIds: ids });
  await ok({ type: 'roll', characterId: ids[0], ...sampleAttack('fate-core'), action: 'overcome' });
  await ok({ type: 'compel.offer', characterId: ids[0], text: 'Trouble finds you' });
  return (joined.result as { seatToken: string }).seatToken;
}

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
      attack: await furnish(tables.attack, gms.attack),
      control: await furnish(tables.control, gms.control),
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
      const ioLanes = new Map<
        string,
        { table: TableKey; role: Role; cases: { sent: Sent; mustRefuse: boolean }[] }
      >();
      for (let i = 0; i < COMMANDS; i++) {
        const table: TableKey = r.chance(0.4) ? 'control' : 'attack';
        const c = commandCase(r, ids[table], `fz-${SEED}-${batch}-${i}`);
        let role = r.pick<Role>(['gm', 'gm', 'gm', 'player', 'player', 'seatless', 'spectator']);
        if (table === 'control' && !c.mustRefuse) role = 'spectator';
        if (table === 'control' && role === 'seatless') role = 'gm';
        const key = `${table}/${role}`;
        if (!ioLanes.has(key)) ioLanes.set(key, { table, role, cases: [] });
        const s: Sent = { channel: 'socket.io', table, role, kind: c.kind, data: c.text };
        ioLanes.get(key)!.cases.push({ sent: s, mustRefuse: c.mustRefuse || role === 'spectator' });
      }
      const yjsLanes = new Map<string, Sent[]>();
      for (let i = 0; i < MESSAGES; i++) {
        const table: TableKey = r.chance(0.5) ? 'control' : 'attack';
        const role = r.pick<Role>(['gm', 'player', 'spectator']);
        const doc = role === 'gm' && r.chance(0.3) ? 'gm' : 'pub';
        const m = yjsCase(r, clientIds);
        const key = `${table}/${role}/${doc}`;
        yjsLanes.set(key, [
          ...(yjsLanes.get(key) ?? []),
          { channel: 'y-websocket', table, role, doc, ...m },
        ]);
      }

      const runIo = async ({
        table,
        role,
        cases,
      }: typeof ioLanes extends Map<string, infer V> ? V : never) => {
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
