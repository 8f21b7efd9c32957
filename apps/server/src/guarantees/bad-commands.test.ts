import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { TestServer, api, connectError, createTable, openReplica, waitFor } from '../test/harness';
import { fateCoreSheet } from '../test/sheets';
import { refusalServer } from './refusal-table';

// Bad input one request at a time, each refusal with its code and nothing stored: malformed
// commands, a spectator or another's player acting, forged tokens, a spend without points,
// prototype keys and hostile text. Connections (rotated links, oversized frames, floods):
// bad-connections.test.ts; every kind at once under load: bad-input.test.ts.

const fx = refusalServer();

describe('bad input gets a clear refusal and changes nothing', () => {
  it('unknown or malformed commands → bad-command', async () => {
    fx.server = await TestServer.start();
    const table = await createTable(fx.server.url);
    const gm = await fx.participant(table.tokens.gm, 'gm');
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
    expect(fx.storedSeq(table)).toBe(0);
    // A command without an acknowledgement callback is tolerated.
    gm.socket.emit('command', { id: 'no-ack', type: 'nope' });
    // Unknown events get their own code.
    expect(await gm.socket.timeout(2000).emitWithAck('hack', {})).toMatchObject({
      code: 'unknown-event',
    });
    await fx.anotherTableServes();
  });

  it('a spectator on socket.io receives presence only; any command → forbidden', async () => {
    fx.server = await TestServer.start();
    const table = await createTable(fx.server.url);
    const spectator = await fx.participant(table.tokens.spectator, 'spec');
    await fx.participant(table.tokens.gm, 'gm');
    await waitFor(() => spectator.presence !== undefined, 'presence');
    for (const command of [
      { type: 'join', name: 'Sneaky' },
      { type: 'scene.start', name: 'Mine', characterIds: [] },
    ]) {
      expect(await spectator.send(command)).toMatchObject({ ok: false, code: 'forbidden' });
    }
    expect(fx.storedSeq(table)).toBe(0);
    await fx.anotherTableServes();
  });

  it("a player acting for another's character → forbidden; a seatless player may only join", async () => {
    fx.server = await TestServer.start();
    const table = await createTable(fx.server.url);
    const ann = await fx.participant(table.tokens.player, 'ann');
    const bob = await fx.participant(table.tokens.player, 'bob');
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
    const seq = fx.storedSeq(table);
    expect(
      await bob.send({ type: 'character.update', characterId, changes: { name: 'Mine now' } }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    expect(fx.storedSeq(table)).toBe(seq);
    await fx.anotherTableServes();
  });

  it('forged tokens are refused at connect with a clear message', async () => {
    fx.server = await TestServer.start();
    const table = await createTable(fx.server.url);
    for (const token of [undefined, '', 'x', 42, 'A'.repeat(43), `${table.tokens.gm}x`]) {
      const error = await connectError(fx.server.url, token);
      expect(error?.message, String(token)).toBe('This link is not valid.');
      expect((error as Error & { data?: { code: string } }).data?.code).toBe('invalid-token');
    }
    await fx.anotherTableServes();
  });

  it('a spend without points is refused', async () => {
    const { table, gm, ann, characterId } = await fx.seatedTable();
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
    const seq = fx.storedSeq(table);
    const refused = await ann.send({
      type: 'invoke',
      rollId,
      ref: { aspectId: 'high-concept', characterId },
      free: false,
      effect: '+2',
    });
    expect(refused.ok).toBe(false);
    expect(fx.storedSeq(table)).toBe(seq);
    const pub = await openReplica(fx.server.url, `table/${table.id}`, table.tokens.gm);
    fx.cleanup.push(() => pub.destroy());
    expect(readTable(pub.doc).characters[0]?.fatePoints).toBe(0);
    await fx.anotherTableServes();
  });

  // Guarantee 7: a record key naming the prototype chain, and text with control characters,
  // bidi overrides or nothing visible, are refused with bad-command over a real socket.io
  // connection (whose JSON.parse makes `__proto__` an own key), and nothing is stored.
  it('prototype keys in records and hostile text → bad-command, nothing stored', async () => {
    const { table, gm, characterId } = await fx.seatedTable();
    await gm.ok({ type: 'scene.start', name: 'Docks', characterIds: [characterId] });
    const before = fx.storedBytes(table);

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
    const eve = await fx.participant(table.tokens.player, 'eve');
    expect(await eve.send({ type: 'join', name: '\u2066\u2069' })).toMatchObject({
      ok: false,
      code: 'bad-command',
    });
    expect(fx.storedBytes(table)).toBe(before);
    expect(Object.prototype).not.toHaveProperty('Broken arm');

    // Text in any script, with newlines where a note allows them, is taken.
    await eve.ok({ type: 'join', name: 'مريم' });
    await gm.ok({ type: 'gm.note', text: 'שלום\n\tworld' });

    // The REST table name follows the same rules.
    for (const name of ['\u200B', 'Table\u0000', 'Friday\u202E', 'Two\nlines']) {
      const answer = await api(fx.server.url, '/api/tables', {
        body: { name, ruleset: 'fate-core' },
      });
      expect(answer, JSON.stringify(name)).toMatchObject({
        status: 400,
        body: { code: 'bad-request' },
      });
      expect(answer.body.message, JSON.stringify(name)).toMatch(/^name /);
    }
    await fx.anotherTableServes();
  });
});
