import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
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

/** A fresh server and table where Ann is seated with her character, Zird; the GM connected. */
async function seatedTable() {
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
  return { table, gm, ann, characterId };
}

/** The table's stored documents, byte for byte, and its command count. */
function storedBytes(table: CreatedTable): string {
  const { pub, gm, seq } = storedDocs(server.dataDir, table.id);
  const bytes = (doc: Y.Doc) => Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64');
  return `${seq}:${bytes(pub)}:${bytes(gm)}`;
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
    const { table, gm, ann, characterId } = await seatedTable();
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

  // Guarantee 7: a record key naming the prototype chain, and text with control characters,
  // bidi overrides or nothing visible, are refused with bad-command over a real socket.io
  // connection (whose JSON.parse makes `__proto__` an own key), and nothing is stored.
  it('prototype keys in records and hostile text → bad-command, nothing stored', async () => {
    const { table, gm, characterId } = await seatedTable();
    await gm.ok({ type: 'scene.start', name: 'Docks', characterIds: [characterId] });
    const before = storedBytes(table);

    // Sent as JSON text, so the frame on the wire carries the key itself.
    const rename = (name: string) => ({ type: 'character.update', characterId, changes: { name } });
    const raw = (json: string) => JSON.parse(json) as Record<string, unknown>;
    const bad: [string, Record<string, unknown>, RegExp][] = [
      [
        'absorb.names with __proto__',
        raw(
          `{"type":"absorb","characterId":"${characterId}","shifts":1,"option":0,"names":{"__proto__":"Broken arm"}}`,
        ),
        /the key "__proto__" is not allowed[\s\S]*names/,
      ],
      [
        'conflict.start.aspects with constructor',
        raw(`{"type":"conflict.start","order":["${characterId}"],"aspects":{"constructor":"x"}}`),
        /the key "constructor" is not allowed[\s\S]*aspects/,
      ],
      [
        'conflict.start.aspects with prototype',
        raw(`{"type":"conflict.start","order":["${characterId}"],"aspects":{"prototype":"x"}}`),
        /the key "prototype" is not allowed/,
      ],
      [
        'NUL in an aspect',
        { type: 'aspect.add', kind: 'situation', text: 'On\u0000Fire' },
        /U\+0000/,
      ],
      [
        'newline in an aspect',
        { type: 'aspect.add', kind: 'situation', text: 'On\nFire' },
        /line break/,
      ],
      ['escape in a note', { type: 'gm.note', text: 'ok\u001b[2J' }, /U\+001B/],
      ['RLO in a name', rename('Zird\u202Egpj.exe'), /U\+202E/],
      [
        'isolate in a reason',
        { type: 'gm.adjust', adjust: { what: 'gm-pool', value: 3 }, reason: '\u2067x' },
        /U\+2067/,
      ],
      ['zero-width name', rename('\u200B\u200D'), /show something/],
      ['BOM name', rename('\uFEFF'), /not be empty/],
      [
        'lone combining mark',
        { type: 'aspect.add', kind: 'boost', text: '\u0301' },
        /show something/,
      ],
    ];
    for (const [what, command, message] of bad) {
      const ack = await gm.send(command);
      expect(ack, what).toMatchObject({ ok: false, code: 'bad-command' });
      if (!ack.ok) expect(ack.message, what).toMatch(message);
    }
    // A seatless player's join with a hidden name is refused the same way.
    const eve = await participant(table.tokens.player, 'eve');
    expect(await eve.send({ type: 'join', name: '\u2066\u2069' })).toMatchObject({
      ok: false,
      code: 'bad-command',
    });
    expect(storedBytes(table)).toBe(before);
    expect(Object.prototype).not.toHaveProperty('Broken arm');

    // Text in any script, with newlines where a note allows them, is taken.
    await eve.ok({ type: 'join', name: 'مريم' });
    await gm.ok({ type: 'gm.note', text: 'שלום\n\tworld' });

    // The REST table name follows the same rules.
    for (const name of ['\u200B', 'Table\u0000', 'Friday\u202E', 'Two\nlines']) {
      const answer = await api(server.url, '/api/tables', { body: { name, ruleset: 'fate-core' } });
      expect(answer, JSON.stringify(name)).toMatchObject({
        status: 400,
        body: { code: 'bad-request' },
      });
      expect(answer.body.message, JSON.stringify(name)).toMatch(/^name /);
    }
    await anotherTableServes();
  });
});
