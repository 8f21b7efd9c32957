import { afterEach, describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import {
  RawYjs,
  Replica,
  TestServer,
  api,
  connectError,
  connectSocket,
  createTable,
  openReplica,
  sleep,
  storedDocs,
  tokenOfLink,
  waitFor,
} from './test/harness';
import type { CreatedTable, Participant } from './test/harness';
import { fateCoreSheet } from './test/sheets';

let server: TestServer;
const cleanup: (() => void)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) cleanup.pop()!();
  await server?.stop();
});

async function participant(token: string, name: string): Promise<Participant> {
  const p = await connectSocket(server.url, token, name);
  cleanup.push(() => p.close());
  return p;
}

/** After each attack, another table still works end to end. */
async function anotherTableServes(): Promise<void> {
  const other = await createTable(server.url);
  const p = await participant(other.tokens.player, 'other');
  const ack = await p.send({ type: 'join', name: 'Other' });
  expect(ack.ok).toBe(true);
}

function storedSeq(table: CreatedTable): number {
  return storedDocs(server.dataDir, table.id).seq;
}

describe('bad input gets a clear refusal and changes nothing', () => {
  it('unknown or malformed commands → bad-command', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const gm = await participant(table.tokens.gm, 'gm');
    const inputs: unknown[] = [
      undefined,
      null,
      'join',
      [],
      { type: 'join', name: 'No id' },
      { id: 'x1', type: 'no-such-command' },
      { id: 'x2', type: 'join', name: 42 },
      { id: 'x3', type: 'join', name: 'x'.repeat(5000) },
      { id: 'x4', type: 'join', name: 'Ann', extra: true },
      JSON.parse('{"id":"x5","type":"join","name":"A","__proto__":{"polluted":true}}'),
      { id: 'x6', type: 'join', name: { deep: { deeper: { deepest: [[[[[]]]]] } } } },
    ];
    for (const input of inputs) {
      const ack: unknown = await gm.socket.timeout(2000).emitWithAck('command', input);
      expect(ack, JSON.stringify(input)).toMatchObject({ ok: false, code: 'bad-command' });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(storedSeq(table)).toBe(0);
    // A command without an acknowledgement callback is tolerated.
    gm.socket.emit('command', { id: 'no-ack', type: 'nope' });
    // Unknown events get their own code.
    expect(await gm.socket.timeout(2000).emitWithAck('hack', {})).toMatchObject({
      code: 'unknown-event',
    });
    await anotherTableServes();
  });

  it('a spectator on socket.io receives presence only; any command → forbidden', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const spectator = await participant(table.tokens.spectator, 'spec');
    await participant(table.tokens.gm, 'gm');
    await waitFor(() => spectator.presence !== undefined, 'presence');
    for (const command of [
      { type: 'join', name: 'Sneaky' },
      { type: 'scene.start', name: 'Mine', characterIds: [] },
    ]) {
      expect(await spectator.send(command)).toMatchObject({ ok: false, code: 'forbidden' });
    }
    expect(storedSeq(table)).toBe(0);
    await anotherTableServes();
  });

  it("a player acting for another's character → forbidden; a seatless player may only join", async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const ann = await participant(table.tokens.player, 'ann');
    const bob = await participant(table.tokens.player, 'bob');
    expect(
      await bob.send({ type: 'character.create', character: fateCoreSheet('B', 'b', 'b') }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    await ann.ok({ type: 'join', name: 'Ann' });
    await bob.ok({ type: 'join', name: 'Bob' });
    const created = await ann.ok({
      type: 'character.create',
      character: fateCoreSheet('Zird', 'Wizard', 'Rivals'),
    });
    const { characterId } = created.result as { characterId: string };
    const seq = storedSeq(table);
    expect(
      await bob.send({ type: 'character.update', characterId, changes: { name: 'Mine now' } }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    expect(storedSeq(table)).toBe(seq);
    await anotherTableServes();
  });

  it('forged tokens are refused at connect with a clear message', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    for (const token of [undefined, '', 'x', 42, 'A'.repeat(43), `${table.tokens.gm}x`]) {
      const error = await connectError(server.url, token);
      expect(error?.message, String(token)).toBe('This link is not valid.');
      expect((error as Error & { data?: { code: string } }).data?.code).toBe('invalid-token');
    }
    await anotherTableServes();
  });

  it('rotating the links disconnects old-link sockets and replicas; seat tokens survive', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const ann = await participant(table.tokens.player, 'ann');
    const joined = await ann.ok({ type: 'join', name: 'Ann' });
    const { seatToken } = joined.result as { seatToken: string };
    const onLink = await participant(table.tokens.player, 'link');
    const onSeat = await participant(seatToken, 'seat');
    const specSocket = await participant(table.tokens.spectator, 'spec');
    const spectator = new Replica(server.url, name, table.tokens.spectator);
    const seatReplica = await openReplica(server.url, name, seatToken);
    cleanup.push(() => [spectator, seatReplica].forEach((r) => r.destroy()));
    await spectator.synced();

    // Only the GM may rotate.
    const denied = await api(server.url, `/api/tables/${table.id}/rotate-links`, {
      method: 'POST',
      token: table.tokens.player,
    });
    expect(denied).toMatchObject({ status: 403, body: { code: 'forbidden' } });

    const rotated = await api(server.url, `/api/tables/${table.id}/rotate-links`, {
      method: 'POST',
      token: table.tokens.gm,
    });
    expect(rotated.status).toBe(200);
    const links = rotated.body.links as { player: string; spectator: string };

    await waitFor(
      () => !ann.socket.connected && !onLink.socket.connected && !specSocket.socket.connected,
      'old-link sockets to drop',
    );
    expect(onLink.closed?.code).toBe('revoked-token');
    await waitFor(() => spectator.closeEvents.some((e) => e.code === 4401), 'replica to close');
    // 44xx: the provider does not come back.
    await sleep(400);
    expect(spectator.provider.wsconnected).toBe(false);
    expect(onSeat.socket.connected).toBe(true);
    expect(seatReplica.provider.wsconnected).toBe(true);

    for (const old of [table.tokens.player, table.tokens.spectator]) {
      expect((await connectError(server.url, old))?.message).toMatch(/replaced by the GM/);
      const raw = await RawYjs.open(server.url, name, old);
      await waitFor(() => raw.closed !== undefined, 'refusal');
      expect(raw.closed).toEqual({ code: 4401, reason: 'revoked-token' });
      expect((await api(server.url, `/api/tables/${table.id}`, { token: old })).body.code).toBe(
        'revoked-token',
      );
    }
    const fresh = await participant(tokenOfLink(links.player), 'fresh');
    await fresh.ok({ type: 'join', name: 'Newcomer' });
    await openReplica(server.url, name, tokenOfLink(links.spectator)).then((r) => r.destroy());
    await anotherTableServes();
  });

  it('an oversized socket.io frame closes the connection', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const gm = await participant(table.tokens.gm, 'gm');
    const disconnected = new Promise<string>((resolve) => gm.socket.on('disconnect', resolve));
    gm.socket.emit('command', { id: 'big', type: 'join', name: 'x'.repeat(70 * 1024) });
    expect(await disconnected).toBe('transport close');
    expect(storedSeq(table)).toBe(0);
    await anotherTableServes();
  });

  it('a flood → rate-limited, then disconnected', async () => {
    server = await TestServer.start({
      limits: { eventRate: 5, eventBurst: 10, floodDisconnectAfter: 20 },
    });
    const table = await createTable(server.url);
    const gm = await participant(table.tokens.gm, 'gm');
    // Within the burst every command is handled; past it, refused with rate-limited.
    const first = await Promise.all(
      Array.from({ length: 12 }, (_, i) => gm.send({ id: `burst-${i}`, type: 'nope' })),
    );
    const codes = first.map((a) => (a.ok ? 'ok' : a.code));
    expect(codes.filter((c) => c === 'bad-command')).toHaveLength(10);
    expect(codes.filter((c) => c === 'rate-limited')).toHaveLength(2);
    // Well past it, the connection is dropped with a notice.
    const disconnected = new Promise<void>((resolve) =>
      gm.socket.on('disconnect', () => resolve()),
    );
    for (let i = 0; i < 60; i++) gm.socket.emit('command', { id: `flood-${i}`, type: 'nope' });
    await disconnected;
    await waitFor(() => gm.closed !== undefined, 'the notice');
    expect(gm.closed?.code).toBe('rate-limited');
    await anotherTableServes();
  });

  it('a spend without points is refused', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const gm = await participant(table.tokens.gm, 'gm');
    const ann = await participant(table.tokens.player, 'ann');
    await ann.ok({ type: 'join', name: 'Ann' });
    const created = await ann.ok({
      type: 'character.create',
      character: fateCoreSheet('Zird', 'Wizard', 'Rivals'),
    });
    const { characterId } = created.result as { characterId: string };
    await gm.ok({
      type: 'gm.adjust',
      adjust: { what: 'fate-points', characterId, value: 0 },
      reason: 'test',
    });
    const roll = await ann.ok({
      type: 'roll',
      characterId,
      skillId: 'fight',
      action: 'overcome',
      difficulty: 2,
    });
    const { rollId } = roll.result as { rollId: string };
    const seq = storedSeq(table);
    const refused = await ann.send({
      type: 'invoke',
      rollId,
      ref: { aspectId: 'high-concept', characterId },
      free: false,
      effect: '+2',
    });
    expect(refused.ok).toBe(false);
    expect(storedSeq(table)).toBe(seq);
    const pub = await openReplica(server.url, `table/${table.id}`, table.tokens.gm);
    cleanup.push(() => pub.destroy());
    expect(readTable(pub.doc).characters[0]?.fatePoints).toBe(0);
    await anotherTableServes();
  });
});
