import { afterEach, describe, expect, it } from 'vitest';
import { readGm, readTable } from '@fateboard/table';
import type { Participant } from '../test/harness';
import {
  Replica,
  TestServer,
  api,
  connectSocket,
  createTable,
  unlimitedCommands,
} from '../test/harness';
import { ziraAndBrute } from '../test/characters';
import { until } from './support';

// The scene board's door under attack, over real sockets: one person's many connections
// moving their token at once, the same move twice at once, callers with no right to a
// token, and zone names built to hurt. Each gets a clear answer; nothing else changes; the
// server stays up and the documents stay whole.

let server: TestServer;
const open: ({ close(): void } | { destroy(): void })[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    if ('destroy' in o) o.destroy();
    else o.close();
  }
  await server?.stop();
});

/** A table in a scene: Ann plays Zira, the GM a Brute; three zones in a row, Zira on the Pier. */
async function docks() {
  server = await TestServer.start({ limits: unlimitedCommands(500) });
  const table = await createTable(server.url);
  const name = `table/${table.id}`;
  const { gm, ann, seat, zira, brute } = await ziraAndBrute(server.url, table);
  const { seatToken } = seat;
  await gm.ok({ type: 'scene.start', name: 'Docks', characterIds: [zira, brute] });
  const zone = async (zoneName: string, x: number) =>
    (
      (await gm.ok({ type: 'zone.add', name: zoneName, x, y: 0, w: 4, h: 3 })).result as {
        zoneId: string;
      }
    ).zoneId;
  const pier = await zone('Pier', 0);
  const shed = await zone('Warehouse', 4);
  const roof = await zone('Roof', 8);
  await gm.ok({ type: 'border.add', a: pier, b: shed });
  await gm.ok({ type: 'border.add', a: shed, b: roof });
  await gm.ok({ type: 'board.move', characterId: zira, zoneId: pier });
  await gm.ok({ type: 'board.move', characterId: brute, zoneId: roof });
  const replica = new Replica(server.url, name, table.tokens.gm);
  await replica.synced();
  open.push(gm, ann, replica);
  return { table, name, gm, ann, seatToken, zira, brute, pier, shed, roof, replica };
}

const movesLogged = async (url: string, tableId: string, token: string): Promise<string[]> => {
  const answer = await api(url, `/api/tables/${tableId}/log?limit=200`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { entries } = answer.body as { entries: { text: string }[] };
  return entries.map((e) => e.text).filter((t) => /^Zira moves to /.test(t));
};

describe('the board under attack', () => {
  it('50 connections of one person moving one token at once: each move whole or refused', async () => {
    const { table, seatToken, zira, pier, shed, replica } = await docks();
    const tries = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => connectSocket(server.url, seatToken, `ann-${i}`)),
    );
    const sockets = tries
      .filter((t): t is PromiseFulfilledResult<Participant> => t.status === 'fulfilled')
      .map((t) => t.value);
    open.push(...sockets);
    // The person's connections are capped; the ones over it are told so, not served.
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.length).toBeLessThan(50);
    for (const t of tries) {
      if (t.status === 'rejected') expect(String(t.reason)).toMatch(/connection/i);
    }
    const placed = (await movesLogged(server.url, table.id, table.tokens.gm)).length;
    // Every connection moves Zira at once, half to the Warehouse, half back to the Pier.
    const acks = await Promise.all(
      sockets.map((s, i) =>
        s.send({ type: 'board.move', characterId: zira, zoneId: i % 2 === 0 ? shed : pier }),
      ),
    );
    const ok = acks.filter((a) => a.ok).length;
    for (const a of acks) {
      if (!a.ok) expect(['invalid', 'rate-limited']).toContain(a.code);
    }
    expect(ok).toBeGreaterThan(0);
    // Each accepted move is one log line; the token stands in one zone of the two.
    await until(
      async () => (await movesLogged(server.url, table.id, table.tokens.gm)).length === placed + ok,
      'the moves in the log',
    );
    await until(() => {
      const where = readTable(replica.doc).board.tokens.find((t) => t.characterId === zira);
      return where !== undefined && [pier, shed].includes(where.zoneId);
    }, 'the token on the board');
    // Alive: the next move is answered.
    const last = await sockets[0]!.send({ type: 'board.move', characterId: zira, zoneId: pier });
    expect(last.ok || (!last.ok && last.code === 'invalid')).toBe(true);
  }, 60_000);

  it('the same move twice at once: one move, the other a clear refusal', async () => {
    const { table, ann, seatToken, zira, shed, roof, replica } = await docks();
    const again = await connectSocket(server.url, seatToken, 'ann-2');
    open.push(again);
    const [a, b] = await Promise.all(
      [ann, again].map((s) => s.send({ type: 'board.move', characterId: zira, zoneId: shed })),
    );
    expect([a!.ok, b!.ok].filter(Boolean)).toHaveLength(1);
    const refused = [a, b].find((x) => !x!.ok) as { code: string; message: string };
    expect(refused.code).toBe('invalid');
    expect(refused.message).toMatch(/already there/);
    // The same command id twice at once is one command: the retry gets the same answer.
    const id = 'move-once-1';
    const [c, d] = await Promise.all(
      [ann, again].map((s) => s.send({ id, type: 'board.move', characterId: zira, zoneId: roof })),
    );
    expect(c!.ok && d!.ok).toBe(true);
    // The first placement, the move to the Warehouse, the one move to the Roof.
    expect(await movesLogged(server.url, table.id, table.tokens.gm)).toHaveLength(3);
    await until(
      () =>
        readTable(replica.doc).board.tokens.find((t) => t.characterId === zira)?.zoneId === roof,
      'the one move',
    );
  }, 60_000);

  it('a spectator and a player moving someone else’s token are refused; nothing changes', async () => {
    const { table, ann, brute, zira, pier, shed, replica } = await docks();
    const spec = await connectSocket(server.url, table.tokens.spectator, 'spec');
    open.push(spec);
    const before = JSON.stringify(readTable(replica.doc).board);
    const attempts = [
      await ann.send({ type: 'board.move', characterId: brute, zoneId: shed }),
      await ann.send({ type: 'board.move', characterId: brute, zoneId: shed, override: true }),
      await spec.send({ type: 'board.move', characterId: zira, zoneId: shed }),
      await spec.send({ type: 'board.move', characterId: brute, zoneId: pier }),
      await ann.send({ type: 'board.overlay', show: true }),
      await ann.send({ type: 'board.move', characterId: zira, zoneId: 'no-such-zone' }),
      await ann.send({ type: 'board.move', characterId: zira, zoneId: { $ne: 1 } }),
    ];
    expect(attempts.map((a) => (a.ok ? 'ok' : a.code))).toEqual([
      'forbidden',
      'forbidden',
      'forbidden',
      'forbidden',
      'forbidden',
      'not-found',
      'bad-command',
    ]);
    await ann.send({ type: 'barrier' });
    expect(JSON.stringify(readTable(replica.doc).board)).toBe(before);
    expect(readTable(replica.doc).boardOnOverlay).toBe(false);
  }, 60_000);

  it('adversarial zone names: kept as text, or refused with a reason', async () => {
    const { gm, replica } = await docks();
    const names = [
      '<img src=x onerror=alert(1)>',
      '"; DROP TABLE zones; --',
      '\u202Egnp.exe',
      'Z̷̢̛a̸l̵g̶o̷'.repeat(4),
      '🦜'.repeat(40),
      'x'.repeat(80),
      'x'.repeat(81),
      '',
      '   ',
      'a\u0000b',
      '{{constructor.constructor("return 1")()}}',
    ];
    const answers: Awaited<ReturnType<Participant['send']>>[] = [];
    for (const [i, name] of names.entries()) {
      answers.push(
        await gm.send({
          type: 'zone.add',
          name,
          x: (i % 8) * 5,
          y: 6 + Math.floor(i / 8) * 4,
          w: 4,
          h: 3,
        }),
      );
    }
    for (const a of answers) if (!a.ok) expect(a.code).toBe('bad-command');
    // The too long, the empty and the control character are refused; the rest kept as given.
    expect(answers.filter((a) => !a.ok).length).toBeGreaterThanOrEqual(3);
    await gm.send({ type: 'barrier' });
    await until(
      () => readTable(replica.doc).board.zones.length === 3 + answers.filter((a) => a.ok).length,
      'the zones',
    );
    const stored = readTable(replica.doc).board.zones.map((z) => z.name);
    expect(stored).toContain('<img src=x onerror=alert(1)>');
    expect(stored).toContain('"; DROP TABLE zones; --');
    expect(stored.every((n) => n.length > 0 && !n.includes('\u0000'))).toBe(true);
  }, 60_000);

  it('adversarial handout titles: the largest kept, the rest refused with a reason, a 1 MiB one cut off', async () => {
    const { table, name, gm } = await docks();
    const prep = new Replica(server.url, `${name}/gm`, table.tokens.gm);
    await prep.synced();
    open.push(prep);
    const image = 'c'.repeat(64);
    const kept = ['x'.repeat(80), '🦜'.repeat(40), '<img src=x onerror=alert(1)>'];
    for (const title of kept) await gm.ok({ type: 'handout.prepare', image, title });
    for (const title of ['x'.repeat(81), 'a\u0000b', '\u202Egnp.exe', 'a\u2066b', '\u200B']) {
      const answer = await gm.send({ type: 'handout.prepare', image, title });
      expect(answer).toMatchObject({ ok: false, code: 'bad-command' });
      expect(answer.ok ? '' : answer.message).toMatch(/title/);
    }
    // A 1 MiB title is past any message the server reads: the connection is closed, unread.
    const big = await connectSocket(server.url, table.tokens.gm, 'big');
    const closed = new Promise<string>((resolve) => big.socket.on('disconnect', resolve));
    big.socket.emit('command', {
      id: 'huge',
      type: 'handout.prepare',
      image,
      title: 'x'.repeat(1 << 20),
    });
    expect(await closed).toBe('transport close');
    big.close();
    // The server stays up; the GM's document holds exactly the kept ones.
    await gm.ok({ type: 'gm.note', text: 'Still here' });
    await until(() => readGm(prep.doc).handouts.length === kept.length, 'the handouts');
    expect(readGm(prep.doc).handouts.map((h) => h.title)).toEqual(kept);
  }, 60_000);
});
