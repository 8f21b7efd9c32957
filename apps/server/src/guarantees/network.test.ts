import { afterEach, describe, expect, it } from 'vitest';
import {
  Replica,
  TestServer,
  connectSocket,
  createTable,
  sameGm,
  samePub,
  storedDocs,
  testRandom,
  unlimitedCommands,
} from '../test/harness';
import { validSheet } from '../test/sheets';
import { FaultyProxy } from './proxy';
import { RetryingClient, SOAK, sized, until } from './support';

// Guarantee 2: whatever the network does to the connections (latency that differs per
// connection, stalls, cuts, refused connections), once it behaves again every replica of
// every participant ends identical to the server's documents.
const FAULT_MS = sized(8_000, 90_000);
const SPECTATORS = sized(3, 8);

let server: TestServer | undefined;
let proxy: FaultyProxy | undefined;
const cleanup: (() => void)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) cleanup.pop()!();
  await proxy?.close();
  await server?.stop();
});

describe(`convergence under a bad network (${SOAK ? 'soak' : 'quick'}: ${FAULT_MS / 1000} s of faults)`, () => {
  it('every replica ends identical to the server (JSON and state vectors)', async () => {
    server = await TestServer.start({ limits: { ...unlimitedCommands(200), eventBurst: 400 } });
    const table = await createTable(server.url);
    const name = `table/${table.id}`;

    // Two seated players with a character each, set up directly.
    const seats: { token: string; characterId: string }[] = [];
    for (const player of ['Ann', 'Bob']) {
      const p = await connectSocket(server.url, table.tokens.player, player);
      const joined = await p.ok({ type: 'join', name: player });
      const made = await p.ok({
        type: 'character.create',
        character: validSheet('fate-core', player),
      });
      seats.push({
        token: (joined.result as { seatToken: string }).seatToken,
        characterId: (made.result as { characterId: string }).characterId,
      });
      p.close();
    }

    // The network's faults are drawn from a seed printed on failure (the timing of a real
    // network still varies from run to run, so a replay repeats the faults, not the race).
    const { random } = testRandom('network faults');
    proxy = await FaultyProxy.start(
      server.server.port,
      {
        maxLatencyMs: 300,
        jitterMs: 80,
        cutChance: 0.01,
        stallChance: 0.004,
        refuseChance: 0.15,
      },
      random,
    );
    const via = proxy.url;
    const replicas = [
      { doc: 'pub', r: new Replica(via, name, table.tokens.gm) },
      { doc: 'gm', r: new Replica(via, `${name}/gm`, table.tokens.gm) },
      ...seats.map((s) => ({ doc: 'pub', r: new Replica(via, name, s.token) })),
      ...Array.from({ length: SPECTATORS }, () => ({
        doc: 'pub',
        r: new Replica(via, name, table.tokens.spectator),
      })),
    ];
    cleanup.push(() => replicas.forEach(({ r }) => r.destroy()));
    const gm = new RetryingClient(via, table.tokens.gm);
    const players = seats.map((s) => new RetryingClient(via, s.token));
    cleanup.push(() => [gm, ...players].forEach((c) => c.close()));

    const [a, b] = seats.map((s) => s.characterId) as [string, string];
    let stop = false;
    let sent = 0;
    const stream = async (
      client: RetryingClient,
      who: string,
      make: (i: number) => Record<string, unknown>,
    ) => {
      for (let i = 0; !stop; i++) {
        await client.send({ id: `${who}-${i}`, ...make(i) });
        sent++;
      }
    };
    const gmCommands = (i: number): Record<string, unknown> =>
      [
        { type: 'aspect.add', kind: 'situation', text: `Fog ${i}` },
        { type: 'gm.note', text: `Note ${i}` },
        {
          type: 'gm.adjust',
          adjust: { what: 'fate-points', characterId: i % 2 ? a : b, value: 3 },
        },
        { type: 'gm.prepare', kind: 'situation', text: `Hidden ${i}` },
      ][i % 4]!;
    const playerCommands =
      (mine: string, theirs: string) =>
      (i: number): Record<string, unknown> =>
        [
          { type: 'fate-point.give', fromCharacterId: mine, toCharacterId: theirs },
          { type: 'character.update', characterId: mine, changes: { name: `Name ${i}` } },
          { type: 'roll', characterId: mine, skillId: 'fight', action: 'overcome', difficulty: 1 },
        ][i % 3]!;
    const streams = [
      stream(gm, 'gm', gmCommands),
      stream(players[0]!, 'ann', playerCommands(a, b)),
      stream(players[1]!, 'bob', playerCommands(b, a)),
    ];
    await new Promise((r) => setTimeout(r, FAULT_MS));
    stop = true;
    await Promise.all(streams);
    proxy.calm();

    // A quiet period: nothing is sent, the network behaves; every replica catches up.
    await until(
      () => {
        const stored = storedDocs(server!.dataDir, table.id);
        return replicas.every(({ doc, r }) =>
          doc === 'gm' ? sameGm(stored.gm, r.doc) : samePub(stored.pub, r.doc),
        );
      },
      'every replica to converge',
      120_000,
    );
    // And a fresh direct replica (the server's live documents) agrees too.
    const direct = new Replica(server.url, name, table.tokens.gm);
    cleanup.push(() => direct.destroy());
    await direct.synced(30_000);
    expect(samePub(direct.doc, replicas[0]!.r.doc)).toBe(true);
    expect(sent).toBeGreaterThan(10);
    expect(proxy.stats.cuts + proxy.stats.stalls).toBeGreaterThan(0);
    console.log(JSON.stringify({ guarantee: 'network', commands: sent, ...proxy.stats }));
  }, 600_000);
});
