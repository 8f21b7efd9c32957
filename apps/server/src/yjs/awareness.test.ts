import { describe, expect, it } from 'vitest';
import { awarenessFrame, awarenessSeen, rawSocketSending } from '../test/awareness-frames';
import { RawYjs, connectSocket, createTable, openReplica, waitFor } from '../test/harness';
import type { CreatedTable, Replica } from '../test/harness';
import { serverPerTest } from '../test/per-test';

// Awareness is the one thing a client may write that other clients read: these tests are
// about what a hostile player can put there (guarantee 9 in docs/GUARANTEES.md).

const t = serverPerTest();

function keep<T extends { close(): void } | { destroy(): void }>(thing: T): T {
  t.later(() => ('close' in thing ? thing.close() : thing.destroy()));
  return thing;
}

async function seatedPlayer(
  table: CreatedTable,
  name: string,
): Promise<{ seatId: string; token: string }> {
  const link = await connectSocket(t.server.url, table.tokens.player, name);
  try {
    const { result } = await link.ok({ type: 'join', name });
    const { seatId, seatToken } = result as { seatId: string; seatToken: string };
    return { seatId, token: seatToken };
  } finally {
    link.close();
  }
}

describe('awareness is bounded before it is applied', () => {
  it('a state nested 30,000 deep is refused, and the next joiner and the table are fine', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const deep = '['.repeat(30_000) + ']'.repeat(30_000);

    // Once from a well-behaved socket, once from one that never answers the close frame.
    const player = keep(await RawYjs.open(server.url, name, table.tokens.player));
    player.send(awarenessFrame(424242, 1, deep));
    await waitFor(() => player.closed !== undefined, 'the sender closed');
    expect(player.closed).toEqual({ code: 4400, reason: 'awareness state over 2048 characters' });
    const silent = await rawSocketSending(
      server.url,
      `/yjs/${name}?token=${encodeURIComponent(table.tokens.player)}`,
      awarenessFrame(434343, 1, `{"a":${deep}}`),
    );
    t.later(() => silent.destroy());

    // The next y-websocket connection encodes everyone's awareness for its first frames:
    // this is where the process used to die.
    const watcher = keep(await RawYjs.open(server.url, name, table.tokens.gm));
    await watcher.barrier();
    expect([...awarenessSeen(watcher).keys()]).toEqual([]);
    const replica = keep(await openReplica(server.url, name, table.tokens.spectator));
    expect(replica.provider.synced).toBe(true);
    const gm = keep(await connectSocket(server.url, table.tokens.gm, 'gm'));
    await gm.ok({ type: 'scene.start', name: 'After the storm', characterIds: [] });
  });

  it('refuses a state too long, too wide or with a prototype key, closing only its sender', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const gm = keep(await RawYjs.open(server.url, name, table.tokens.gm));
    const cases: [string, string][] = [
      [JSON.stringify({ notes: 'x'.repeat(3000) }), 'awareness state over 2048 characters'],
      [
        JSON.stringify({ list: Array.from({ length: 100 }, (_, i) => i) }),
        'awareness state has over 64 entries',
      ],
      ['{"__proto__":{"isGm":true}}', 'awareness state has a forbidden key'],
      ['{"a":' + '['.repeat(500) + ']'.repeat(500) + '}', 'awareness state nested over 8 levels'],
      ['{"who":', 'awareness state is not JSON'],
      ['[1,2]', 'awareness state must be an object'],
    ];
    for (const [json, reason] of cases) {
      const raw = keep(await RawYjs.open(server.url, name, table.tokens.player));
      raw.send(awarenessFrame(777, 1, json));
      await waitFor(() => raw.closed !== undefined, reason);
      expect(raw.closed).toEqual({ code: 4400, reason });
    }
    await gm.barrier();
    expect(awarenessSeen(gm).has(777)).toBe(false);
    expect(gm.closed).toBeUndefined();
  });
});

describe('presence shows who the server knows', () => {
  it("providers echo every awareness update back: no storm, and an echoed removal claims nobody's id", async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const ann = await seatedPlayer(table, 'Ann');
    const gm = keep(await openReplica(server.url, name, table.tokens.gm));
    gm.provider.awareness.setLocalStateField('who', { role: 'gm' });
    // Ann opens with the player link, as before joining in the web client.
    const annReplica = keep(await openReplica(server.url, name, table.tokens.player));
    annReplica.provider.awareness.setLocalStateField('who', { role: 'player' });
    const annId = annReplica.doc.clientID;
    const watcher = keep(await RawYjs.open(server.url, name, table.tokens.spectator));
    const seat = () =>
      (awarenessSeen(watcher).get(annId) as { who?: { seatId?: string } } | null)?.who?.seatId;
    await waitFor(() => awarenessSeen(watcher).has(annId), 'Ann before she joined');

    // Ann drops; the GM's provider echoes the removal it is sent. Ann comes back with her
    // seat token.
    annReplica.provider.disconnect();
    await waitFor(() => awarenessSeen(watcher).get(annId) === null, 'Ann gone');
    // A provider's echo of that removal, as the GM's sends it (here by hand, so it surely
    // comes before Ann is back): it must not make Ann's id the GM's.
    const gmRaw = keep(await RawYjs.open(server.url, name, table.tokens.gm));
    gmRaw.send(awarenessFrame(annId, 1_000, 'null'));
    await gmRaw.barrier();
    annReplica.provider.params = { token: ann.token };
    annReplica.provider.connect();
    await waitFor(() => seat() === ann.seatId, "Ann's seat after she is back");

    // Quiet now: echoes are not news, so nothing bounces between the relay and the providers.
    await watcher.barrier();
    const frames = watcher.frames.length;
    await new Promise((r) => setTimeout(r, 300)); // time for a storm to show, if there were one
    await watcher.barrier();
    expect(watcher.frames.length - frames).toBeLessThanOrEqual(1);
  });

  it('a player who reopens the document with their seat token shows their seat to a spectator', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    // As the web client does: open with the player link, join, then reconnect with the seat.
    const ann = keep(await openReplica(server.url, name, table.tokens.player));
    ann.provider.awareness.setLocalStateField('who', { role: 'player' });
    const watcher = keep(await openReplica(server.url, name, table.tokens.spectator));
    const annAtWatcher = () =>
      watcher.provider.awareness.getStates().get(ann.doc.clientID) as
        { who?: { seatId?: string } } | undefined;
    await waitFor(() => annAtWatcher() !== undefined, 'Ann before joining');
    const seat = await seatedPlayer(table, 'Ann');
    ann.provider.params = { token: seat.token };
    ann.provider.disconnect();
    ann.provider.connect();
    ann.provider.awareness.setLocalStateField('who', { role: 'player', seatId: seat.seatId });
    await waitFor(() => annAtWatcher()?.who?.seatId === seat.seatId, "Ann's seat at the spectator");
  });

  it('relays awareness of players, drops spoofed ids and spectators', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const ann = keep(await openReplica(server.url, name, table.tokens.player));
    const bob = keep(await RawYjs.open(server.url, name, table.tokens.player));
    const spectator = keep(await RawYjs.open(server.url, name, table.tokens.spectator));
    ann.provider.awareness.setLocalState({ name: 'Ann', cursor: 1 });
    spectator.send(awarenessFrame(6060, 1, '{"name":"Lurker"}'));
    const annId = ann.doc.clientID;
    await waitFor(() => awarenessSeen(bob).has(annId), "Ann's awareness at Bob");
    expect(awarenessSeen(bob).get(annId)).toEqual({
      name: 'Ann',
      cursor: 1,
      who: { role: 'player' },
    });
    await spectator.barrier();
    await bob.barrier();
    expect(awarenessSeen(bob).has(6060)).toBe(false);

    // Another connection on the same player link cannot speak for Ann's client id.
    const raw = keep(await RawYjs.open(server.url, name, table.tokens.player));
    raw.send(awarenessFrame(annId, 999, '{"name":"Not Ann"}'));
    await raw.barrier();
    await bob.barrier();
    expect((awarenessSeen(bob).get(annId) as { name: string }).name).toBe('Ann');
  });

  it("a player's claim to be the GM or someone else is replaced by their own seat", async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const ann = await seatedPlayer(table, 'Ann');
    const bob = await seatedPlayer(table, 'Bob');
    const spectator = keep(await RawYjs.open(server.url, name, table.tokens.spectator));
    const liar = keep(await RawYjs.open(server.url, name, bob.token));

    liar.send(
      awarenessFrame(
        5150,
        1,
        JSON.stringify({ who: { role: 'gm', seatId: ann.seatId }, name: 'GM' }),
      ),
    );
    await waitFor(() => awarenessSeen(spectator).has(5150), 'the state at the spectator');
    expect(awarenessSeen(spectator).get(5150)).toEqual({
      who: { role: 'player', seatId: bob.seatId },
      name: 'GM',
    });
    expect(liar.closed).toBeUndefined();
  });

  it("a client id belongs to whoever used it first: nobody takes the GM's, even while it reconnects", async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const gm: Replica = keep(await openReplica(server.url, name, table.tokens.gm));
    gm.provider.awareness.setLocalStateField('who', { role: 'gm' });
    const gmId = gm.doc.clientID;
    const bob = await seatedPlayer(table, 'Bob');
    const spectator = keep(await RawYjs.open(server.url, name, table.tokens.spectator));
    await waitFor(() => awarenessSeen(spectator).has(gmId), "the GM's awareness");

    const thief = keep(await RawYjs.open(server.url, name, bob.token));
    const steal = () => thief.send(awarenessFrame(gmId, 1_000_000, '{"who":{"role":"gm"}}'));
    steal();
    await thief.barrier();
    await spectator.barrier();
    expect(awarenessSeen(spectator).get(gmId)).toEqual({ who: { role: 'gm' } });

    // While the GM's connection is down the id is free of connections, not of its owner.
    gm.provider.disconnect();
    await waitFor(() => awarenessSeen(spectator).get(gmId) === null, 'the GM gone');
    steal();
    await thief.barrier();
    await spectator.barrier();
    expect(awarenessSeen(spectator).get(gmId)).toBeNull();

    // Back, the GM is shown again: the thief's clock did not lock it out.
    gm.provider.connect();
    await waitFor(
      () => JSON.stringify(awarenessSeen(spectator).get(gmId)) === '{"who":{"role":"gm"}}',
      "the GM's awareness after the reconnect",
    );
    expect(thief.closed).toBeUndefined();
  });
});
