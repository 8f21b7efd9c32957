import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { connectError, createTable, testRandom } from '../test/harness';
import type { Participant } from '../test/harness';
import type { Ack } from '@fateboard/table';
import { validSheet } from '../test/sheets';
import { serverPerTest } from '../test/per-test';
import { readStored } from './stored';

// Guarantee 3: a command id is applied at most once per table. A retry (the same id) gets
// the first acknowledgement back, whenever and however often it comes: after a reconnect,
// after a restart, out of order, interleaved with new commands.

const t = serverPerTest();

const connect = (token: string, name: string): Promise<Participant> => t.connect(token, name);

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The ack without the seat token, which a retried join mints afresh (stored hashed only). */
function comparable(ack: Ack): unknown {
  if (!ack.ok || typeof ack.result !== 'object' || ack.result === null) return ack;
  const { seatToken: _seatToken, ...rest } = ack.result as Record<string, unknown>;
  return { ...ack, result: rest };
}

const ANN_SECRET = 'ann-secret-0123456789abcdefghij';

/** Seat tokens stored for the table (a replayed join must mint none for a stranger). */
function seatTokens(tableId: string): number {
  const db = new Database(join(t.server.dataDir, 'fateboard.sqlite'), { readonly: true });
  try {
    return db
      .prepare<[string], { n: number }>(
        "SELECT COUNT(*) AS n FROM tokens WHERE table_id = ? AND kind = 'seat'",
      )
      .get(tableId)!.n;
  } finally {
    db.close();
  }
}

function fingerprint(tableId: string) {
  const s = readStored(t.server.dataDir, tableId);
  return {
    rows: s.commands.length,
    pub: Buffer.from(Y.encodeStateVector(s.pub)).toString('hex'),
    gm: Buffer.from(Y.encodeStateVector(s.gm)).toString('hex'),
  };
}

describe('idempotence', () => {
  it('every command replayed twice, out of order, after a reconnect and a restart applies once', async () => {
    const { random } = testRandom('replay order');
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = await connect(table.tokens.gm, 'gm');
    const ann = await connect(table.tokens.player, 'ann');
    const bob = await connect(table.tokens.player, 'bob');
    const annJoin = { id: 'ann-join', type: 'join', name: 'Ann', secret: ANN_SECRET };
    const annSeat = (await ann.ok(annJoin)).result as { seatToken: string };
    await bob.ok({ id: 'bob-join', type: 'join', name: 'Bob' });
    const a = (
      (
        await ann.ok({
          id: 'ann-char',
          type: 'character.create',
          character: validSheet('fate-core', 'Zira'),
        })
      ).result as { characterId: string }
    ).characterId;
    const b = (
      (
        await bob.ok({
          id: 'bob-char',
          type: 'character.create',
          character: validSheet('fate-core', 'Tam'),
        })
      ).result as { characterId: string }
    ).characterId;

    // One of each kind of write: public, GM-only, economy, dice, seats.
    const sent: { who: 'gm' | 'ann'; command: Record<string, unknown>; ack: Ack }[] = [];
    const send = async (who: 'gm' | 'ann', command: Record<string, unknown>) => {
      const ack = await (who === 'gm' ? gm : ann).ok(command);
      sent.push({ who, command, ack });
      return ack;
    };
    await send('gm', {
      id: 'c1',
      type: 'aspect.add',
      kind: 'situation',
      text: 'On fire',
      freeInvokes: 1,
    });
    await send('gm', { id: 'c2', type: 'gm.note', text: 'The butler did it' });
    await send('gm', { id: 'c3', type: 'gm.prepare', kind: 'situation', text: 'Trapdoor' });
    await send('ann', { id: 'c4', type: 'fate-point.give', fromCharacterId: a, toCharacterId: b });
    const roll = await send('ann', {
      id: 'c5',
      type: 'roll',
      characterId: a,
      skillId: 'fight',
      action: 'overcome',
      difficulty: 2,
    });
    await send('ann', {
      id: 'c6',
      type: 'invoke',
      rollId: (roll.result as { rollId: string }).rollId,
      ref: { characterId: a, aspectId: 'hc' },
      free: false,
      effect: '+2',
    });
    const offer = await send('gm', {
      id: 'c7',
      type: 'compel.offer',
      characterId: a,
      text: 'Your debts catch up',
    });
    await send('ann', {
      id: 'c8',
      type: 'compel.accept',
      compelId: (offer.result as { compelId: string }).compelId,
    });
    await send('gm', { id: 'c9', type: 'gm.adjust', adjust: { what: 'gm-pool', value: 4 } });
    await send('ann', {
      id: 'c10',
      type: 'character.update',
      characterId: a,
      changes: { name: 'Zira Once' },
    });
    const before = fingerprint(table.id);

    // Reconnect (new sockets, Ann on her seat token) and replay everything twice, shuffled.
    [gm, ann, bob].forEach((p) => p.close());
    const gm2 = await connect(table.tokens.gm, 'gm2');
    const ann2 = await connect(annSeat.seatToken, 'ann2');
    const replays = shuffle([...sent, ...sent], random);
    const acks = await Promise.all(
      replays.map(({ who, command }) => (who === 'gm' ? gm2 : ann2).send(command)),
    );
    replays.forEach(({ ack, command }, i) => expect(acks[i], String(command.id)).toEqual(ack));
    expect(fingerprint(table.id)).toEqual(before);

    // Out of order: a new command, then old ones again; the old ones still apply once.
    await gm2.ok({ id: 'c11', type: 'aspect.add', kind: 'situation', text: 'Smoke' });
    const afterNew = fingerprint(table.id);
    for (const { who, command, ack } of shuffle(sent, random)) {
      expect(await (who === 'gm' ? gm2 : ann2).send(command)).toEqual(ack);
    }
    expect(fingerprint(table.id)).toEqual(afterNew);

    // After a restart, from storage alone. A retried join (with its secret) gets the same seat.
    gm2.close();
    ann2.close();
    await server.restart();
    const gm3 = await connect(table.tokens.gm, 'gm3');
    const ann3 = await connect(annSeat.seatToken, 'ann3');
    for (const { who, command, ack } of shuffle(sent, random)) {
      expect(await (who === 'gm' ? gm3 : ann3).send(command)).toEqual(ack);
    }
    const annLink = await connect(table.tokens.player, 'ann-link');
    const joinAgain = await annLink.send(annJoin);
    expect(comparable(joinAgain)).toEqual(comparable(await annLink.send(annJoin)));
    expect(fingerprint(table.id)).toEqual(afterNew);

    // The same id with another payload is the same command: the first answer, nothing applied.
    expect(
      await gm3.send({ id: 'c1', type: 'aspect.add', kind: 'situation', text: 'Something else' }),
    ).toEqual(sent[0]!.ack);
    expect(fingerprint(table.id)).toEqual(afterNew);
  }, 120_000);
});

describe('a replayed join', () => {
  it('from someone else on the player link is refused; the joiner (its secret, or its seat) gets the seat', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const alice = await connect(table.tokens.player, 'alice');
    const aliceJoin = { id: 'alice-join', type: 'join', name: 'Alice', secret: ANN_SECRET };
    const first = await alice.ok(aliceJoin);
    const before = { ...fingerprint(table.id), seatTokens: seatTokens(table.id) };

    // Mallory, on the same shared link, learnt the id: the bare replay, another secret, another
    // name; each refused, no token minted, and Mallory stays seatless.
    const mallory = await connect(table.tokens.player, 'mallory');
    for (const replay of [
      { id: 'alice-join', type: 'join', name: 'Alice' },
      { ...aliceJoin, secret: 'mallory-guess-0123456789abcdef' },
      { id: 'alice-join', type: 'join', name: 'Mallory' },
    ]) {
      expect(await mallory.send(replay), JSON.stringify(replay)).toMatchObject({
        ok: false,
        code: 'replayed-join',
      });
    }
    expect(
      await mallory.send({ type: 'character.create', character: validSheet('fate-core', 'M') }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    expect({ ...fingerprint(table.id), seatTokens: seatTokens(table.id) }).toEqual(before);

    // Alice's browser never saw the ack: back on the player link, its retry carries the secret
    // and gets her seat and a working seat token (after a restart too: the hash is stored).
    alice.close();
    await server.restart();
    const aliceBack = await connect(table.tokens.player, 'alice-back');
    const retry = await aliceBack.ok(aliceJoin);
    expect(comparable(retry)).toEqual(comparable(first));
    const { seatToken } = retry.result as { seatToken: string };
    expect(await connectError(server.url, seatToken)).toBeUndefined();
    await aliceBack.ok({ type: 'character.create', character: validSheet('fate-core', 'Zira') });
    // The seat itself may retry without the secret (it already acts for the seat).
    expect(
      comparable(await aliceBack.ok({ id: 'alice-join', type: 'join', name: 'Alice' })),
    ).toEqual(comparable(first));

    // A join sent without a secret can be replayed by its own seat only.
    const bob = await connect(table.tokens.player, 'bob');
    const bobJoin = { id: 'bob-join', type: 'join', name: 'Bob' };
    const bobFirst = await bob.ok(bobJoin);
    const mallory2 = await connect(table.tokens.player, 'mallory2');
    expect(await mallory2.send(bobJoin)).toMatchObject({ ok: false, code: 'replayed-join' });
    expect(comparable(await bob.ok(bobJoin))).toEqual(comparable(bobFirst));
    // The secret is stored only hashed: not in the command's row.
    const rows = readStored(server.dataDir, table.id).commands;
    expect(JSON.stringify(rows)).not.toContain(ANN_SECRET);
  }, 60_000);
});
