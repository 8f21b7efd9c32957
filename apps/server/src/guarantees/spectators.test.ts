import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { RawYjs, connectSocket, createTable, sleep, testRandom, yjsMessage } from '../test/harness';
import type { Participant } from '../test/harness';
import { validSheet } from '../test/sheets';
import { serverPerTest } from '../test/per-test';
import { readStored } from './stored';
import { percentile, sized, until as waitFor } from './support';

// Guarantee 5: a spectator is read-only whatever it sends. Thousands of random and
// well-formed Yjs sync, update and awareness messages and socket.io events from spectator
// connections change no document, reach no other connection, and the spectator still
// receives the table's updates while the server stays responsive.
const MESSAGES = sized(3000, 30000);
const EVENTS = sized(600, 6000);

const t = serverPerTest();

const ROOTS = [
  'meta',
  'seats',
  'characters',
  'aspects',
  'compels',
  'rolls',
  'log',
  'hidden',
  'notes',
];

/** A well-formed Yjs update that writes into the table's own roots, if anyone applied it. */
const forgedUpdate = fc
  .record({
    root: fc.constantFrom(...ROOTS),
    key: fc.string({ maxLength: 12 }),
    value: fc.jsonValue({ maxDepth: 3 }),
  })
  .map(({ root, key, value }) => {
    const doc = new Y.Doc();
    doc.getMap(root).set(key, value);
    const update = Y.encodeStateAsUpdate(doc);
    doc.destroy();
    return update;
  });

const stateVector = fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 5 }).map((entries) => {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, entries.length);
  for (const [client, clock] of entries) {
    encoding.writeVarUint(e, client);
    encoding.writeVarUint(e, clock);
  }
  return encoding.toUint8Array(e);
});

const awarenessUpdate = fc
  .record({ client: fc.nat(), state: fc.jsonValue({ maxDepth: 2 }) })
  .map(({ client, state }) => {
    const a = new awarenessProtocol.Awareness(new Y.Doc());
    a.clientID = client;
    a.setLocalState({ state });
    const bytes = awarenessProtocol.encodeAwarenessUpdate(a, [client]);
    a.destroy();
    return bytes;
  });

const bytes = fc.uint8Array({ maxLength: 300 });

const anyYjsMessage: fc.Arbitrary<Uint8Array> = fc.oneof(
  forgedUpdate.map((u) => yjsMessage(0, 1, u)), // sync step 2
  forgedUpdate.map((u) => yjsMessage(0, 2, u)), // update
  bytes.map((b) => yjsMessage(0, 1, b)),
  bytes.map((b) => yjsMessage(0, 2, b)),
  stateVector.map((sv) => yjsMessage(0, 0, sv)), // sync step 1 (a read: answered, rate-limited)
  awarenessUpdate.map((u) => yjsMessage(1, u)),
  bytes.map((b) => yjsMessage(1, b)),
  fc.constant(yjsMessage(3)), // query awareness
  bytes.map((b) => yjsMessage(2, b)), // auth
  fc.tuple(fc.integer({ min: 4, max: 1000 }), bytes).map(([t, b]) => yjsMessage(t, b)),
  bytes,
);

const socketEvent = fc.record({
  event: fc.oneof(
    fc.constantFrom('command', 'presence', 'join', 'sync', 'update', '__proto__'),
    fc.string({ maxLength: 10 }),
  ),
  payload: fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(
      { id: 's1', type: 'join', name: 'Sneaky' },
      { id: 's2', type: 'aspect.add', kind: 'situation', text: 'Spectator was here' },
      { id: 's3', type: 'gm.adjust', adjust: { what: 'gm-pool', value: 99 } },
    ),
  ),
});

describe('read-only spectators', () => {
  it('thousands of random and well-formed messages change nothing, reach nobody, and updates still flow', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const other = await createTable(server.url);
    const name = `table/${table.id}`;
    const gm = await connectSocket(server.url, table.tokens.gm, 'gm');
    const ann = await connectSocket(server.url, table.tokens.player, 'ann');
    t.later(() => [gm, ann].forEach((p) => p.close()));
    await ann.ok({ type: 'join', name: 'Ann' });
    await ann.ok({ type: 'character.create', character: validSheet('fate-core', 'Zira') });
    await gm.ok({ type: 'gm.note', text: 'A note' });
    const before = readStored(server.dataDir, table.id);

    // Others on the table: every frame they receive during the attack is counted.
    const watchers = await Promise.all([
      RawYjs.open(server.url, name, table.tokens.player),
      RawYjs.open(server.url, name, table.tokens.spectator),
      RawYjs.open(server.url, `${name}/gm`, table.tokens.gm),
    ]);
    t.later(() => watchers.forEach((w) => w.close()));
    await Promise.all(watchers.map((w) => w.barrier()));
    const seen = watchers.map((w) => w.frames.length);
    const presence = { gm: 0 };
    gm.socket.on('presence', () => presence.gm++);

    // Responsiveness: another table's GM keeps sending commands during the attack.
    const otherGm = await t.connect(other.tokens.gm, 'other');
    // Ten a second: well within the default event rate, so only the attack can slow it.
    const latencies: number[] = [];
    const probeFailures: string[] = [];
    let attacking = true;
    const probe = (async () => {
      for (let i = 0; attacking; i++) {
        const start = performance.now();
        const ack = await otherGm
          .send({ type: 'gm.note', text: `probe ${i}` })
          .catch(() => undefined);
        if (ack?.ok) latencies.push(performance.now() - start);
        else probeFailures.push(ack ? ack.code : 'no answer');
        await sleep(100);
      }
    })();

    // The attack: y-websocket messages from spectator connections (reopened when the server
    // closes one for a malformed message), then socket.io events from a spectator.
    let spectator = await RawYjs.open(server.url, name, table.tokens.spectator);
    let closes = 0;
    const { seed } = testRandom('attack messages');
    const messages = fc.sample(anyYjsMessage, { numRuns: MESSAGES, seed });
    for (let i = 0; i < messages.length; i++) {
      if (spectator.closed) {
        closes++;
        spectator = await RawYjs.open(server.url, name, table.tokens.spectator);
      }
      spectator.send(messages[i]!);
      if (i % 50 === 0) await sleep(1);
    }
    await spectator.barrier();
    let specSocket: Participant = await connectSocket(server.url, table.tokens.spectator, 'spec');
    const refusals = new Map<string, number>();
    for (const { event, payload } of fc.sample(socketEvent, { numRuns: EVENTS, seed })) {
      if (!specSocket.socket.connected) {
        specSocket = await connectSocket(server.url, table.tokens.spectator, 'spec');
      }
      try {
        const ack = (await specSocket.socket.timeout(2000).emitWithAck(event, payload)) as {
          ok: boolean;
          code?: string;
        };
        expect(ack.ok, event).toBe(false);
        refusals.set(ack.code ?? '?', (refusals.get(ack.code ?? '?') ?? 0) + 1);
      } catch {
        refusals.set('no-answer', (refusals.get('no-answer') ?? 0) + 1);
      }
    }
    specSocket.close();
    attacking = false;
    await probe;

    // Nothing changed, nothing reached anybody else.
    const after = readStored(server.dataDir, table.id);
    expect(after.commands.length).toBe(before.commands.length);
    expect(Y.encodeStateVector(after.pub)).toEqual(Y.encodeStateVector(before.pub));
    expect(Y.encodeStateVector(after.gm)).toEqual(Y.encodeStateVector(before.gm));
    await Promise.all(watchers.map((w) => w.barrier()));
    expect(watchers.map((w) => w.frames.length)).toEqual(seen);
    expect(({} as Record<string, unknown>).state).toBeUndefined();

    // The spectator still receives the table's updates.
    if (spectator.closed) spectator = await RawYjs.open(server.url, name, table.tokens.spectator);
    t.later(() => spectator.close());
    await spectator.barrier();
    const had = spectator.frames.length;
    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'Still live' });
    await waitFor(
      () => spectator.frames.slice(had).some((f) => f[0] === 0 && f[1] === 2),
      'the update',
      10_000,
    );
    expect(watchers.every((w, i) => w.frames.length > seen[i]! || i === 2)).toBe(true);
    const report = {
      guarantee: 'spectators',
      yjsMessages: messages.length,
      socketEvents: EVENTS,
      closedForMalformed: closes,
      refusals: Object.fromEntries(refusals),
      otherTableLatencyMs: {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: Math.max(...latencies),
      },
    };
    console.log(JSON.stringify(report));
    expect(probeFailures).toEqual([]);
    expect(percentile(latencies, 95)).toBeLessThan(2000);
  }, 300_000);
});
