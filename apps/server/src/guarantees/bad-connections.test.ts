import { describe, expect, it } from 'vitest';
import {
  RawYjs,
  Replica,
  TestServer,
  api,
  connectError,
  createTable,
  openReplica,
  sleep,
  tokenOfLink,
  waitFor,
} from '../test/harness';
import { refusalServer } from './refusal-table';

// Bad connections one at a time: rotating the links disconnects the old ones, an oversized
// socket.io frame and a flood close the connection, and other tables keep serving. Bad
// commands one by one: bad-commands.test.ts; every kind at once: bad-input.test.ts.

const fx = refusalServer();

describe('bad input gets a clear refusal and changes nothing', () => {
  it('rotating the links disconnects old-link sockets and replicas; seat tokens survive', async () => {
    fx.server = await TestServer.start();
    const table = await createTable(fx.server.url);
    const name = `table/${table.id}`;
    const ann = await fx.participant(table.tokens.player, 'ann');
    const joined = await ann.ok({ type: 'join', name: 'Ann' });
    const { seatToken } = joined.result as { seatToken: string };
    const onLink = await fx.participant(table.tokens.player, 'link');
    const onSeat = await fx.participant(seatToken, 'seat');
    const specSocket = await fx.participant(table.tokens.spectator, 'spec');
    const spectator = new Replica(fx.server.url, name, table.tokens.spectator);
    const seatReplica = await openReplica(fx.server.url, name, seatToken);
    fx.cleanup.push(() => [spectator, seatReplica].forEach((r) => r.destroy()));
    await spectator.synced();

    // Only the GM may rotate.
    const denied = await api(fx.server.url, `/api/tables/${table.id}/rotate-links`, {
      method: 'POST',
      token: table.tokens.player,
    });
    expect(denied).toMatchObject({ status: 403, body: { code: 'forbidden' } });

    const rotated = await api(fx.server.url, `/api/tables/${table.id}/rotate-links`, {
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
      expect((await connectError(fx.server.url, old))?.message).toMatch(/replaced by the GM/);
      const raw = await RawYjs.open(fx.server.url, name, old);
      await waitFor(() => raw.closed !== undefined, 'refusal');
      expect(raw.closed).toEqual({ code: 4401, reason: 'revoked-token' });
      expect((await api(fx.server.url, `/api/tables/${table.id}`, { token: old })).body.code).toBe(
        'revoked-token',
      );
    }
    const fresh = await fx.participant(tokenOfLink(links.player), 'fresh');
    await fresh.ok({ type: 'join', name: 'Newcomer' });
    await openReplica(fx.server.url, name, tokenOfLink(links.spectator)).then((r) => r.destroy());
    await fx.anotherTableServes();
  });

  it('an oversized socket.io frame closes the connection', async () => {
    fx.server = await TestServer.start();
    const table = await createTable(fx.server.url);
    const gm = await fx.participant(table.tokens.gm, 'gm');
    const disconnected = new Promise<string>((resolve) => gm.socket.on('disconnect', resolve));
    gm.socket.emit('command', { id: 'big', type: 'join', name: 'x'.repeat(70 * 1024) });
    expect(await disconnected).toBe('transport close');
    expect(fx.storedSeq(table)).toBe(0);
    await fx.anotherTableServes();
  });

  it('a flood → rate-limited, then disconnected', async () => {
    fx.server = await TestServer.start({
      limits: { eventRate: 5, eventBurst: 10, floodDisconnectAfter: 20 },
    });
    const table = await createTable(fx.server.url);
    const gm = await fx.participant(table.tokens.gm, 'gm');
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
    await fx.anotherTableServes();
  });
});
