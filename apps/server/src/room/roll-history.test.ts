import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ROLL_LIMIT, RollPageSchema } from '@fateboard/table';
import type { RollView } from '@fateboard/table';
import { api, createTable } from '../test/harness';
import type { CreatedTable } from '../test/harness';
import { serverPerTest } from '../test/per-test';
import { fateCoreSheet } from '../test/sheets';

// GET /api/tables/:id/rolls over a real server, real sockets and its SQLite file: every roll of
// the session, newest first, as the last command that changed it left it; paged, filtered by
// character, its parameters bounded; readable by every role, and nothing of the GM's in it.

type Page = v.InferOutput<typeof RollPageSchema>;

describe('the roll history', () => {
  const t = serverPerTest();

  async function rolls(table: CreatedTable, query: string, token = table.tokens.player) {
    return api(t.server.url, `/api/tables/${table.id}/rolls${query}`, { token });
  }
  async function page(table: CreatedTable, query: string, token?: string): Promise<Page> {
    const answer = await rolls(table, query, token);
    expect(answer.status).toBe(200);
    return v.parse(RollPageSchema, answer.body);
  }
  const rollOf = (entry: Page['rolls'][number]) => entry.roll as RollView;

  /** A fate-core table: the GM with a scene under way, Ann playing Zira and Bob playing Tam. */
  async function table() {
    await t.start();
    const created = await createTable(t.server.url);
    const gm = await t.connect(created.tokens.gm, 'gm');
    const player = async (name: string, character: string) => {
      const p = await t.connect(created.tokens.player, name);
      await p.ok({ type: 'join', name });
      const made = await p.ok({
        type: 'character.create',
        character: fateCoreSheet(character, `${character} the bold`, `${character}'s debts`),
      });
      return { p, id: (made.result as { characterId: string }).characterId };
    };
    const ann = await player('Ann', 'Zira');
    const bob = await player('Bob', 'Tam');
    await gm.ok({ type: 'scene.start', name: 'Docks', characterIds: [ann.id, bob.id] });
    return { created, gm, ann, bob };
  }
  type Player = Awaited<ReturnType<typeof table>>['ann'];

  /** An overcome roll of a player's character with one skill; answers the roll's id. */
  async function roll(who: Player, skillId: string, extra: Record<string, unknown> = {}) {
    const ack = await who.p.ok({
      type: 'roll',
      characterId: who.id,
      skillId,
      action: 'overcome',
      ...extra,
    });
    // The acknowledgement carries no roll snapshot: only the history reads them.
    expect(ack.result).not.toHaveProperty('rolls');
    return (ack.result as { rollId: string }).rollId;
  }

  it('keeps every roll of the session, newest first, paged past the document’s window', async () => {
    const { created, gm, ann, bob } = await table();
    // Before the session starts: not in this session's feed.
    await roll(ann, 'fight');
    await gm.ok({ type: 'scene.end' });
    await gm.ok({ type: 'session.start' });
    await gm.ok({ type: 'scene.start', name: 'Warehouse', characterIds: [ann.id, bob.id] });

    const made: string[] = [];
    for (let i = 0; i < ROLL_LIMIT + 5; i++) {
      const who = i % 3 === 2 ? bob : ann;
      made.push(await roll(who, i % 2 === 0 ? 'athletics' : 'notice', { difficulty: 1 }));
    }
    const newestFirst = [...made].reverse();

    const first = await page(created, '?limit=10');
    expect(first.rolls.map((r) => rollOf(r).id)).toEqual(newestFirst.slice(0, 10));
    expect(first.more).toBe(true);
    expect([...first.characters].sort()).toEqual([ann.id, bob.id].sort());

    const seen = [...first.rolls];
    let more = first.more;
    while (more) {
      const next = await page(created, `?limit=10&before=${seen.at(-1)!.seq}`);
      seen.push(...next.rolls);
      more = next.more;
    }
    expect(seen.map((r) => rollOf(r).id)).toEqual(newestFirst);
    // The first rolls have left the document's recent ones; the history still has them.
    expect(seen.at(-1)!.roll).toMatchObject({ id: made[0], actor: { characterId: ann.id } });

    // Without a limit: the default page, 20.
    expect((await page(created, '')).rolls).toHaveLength(20);
  });

  it('shows a roll as its last change left it (an invoke), once, counted from when it was made', async () => {
    const { created, ann, bob } = await table();
    const rollId = await roll(ann, 'fight', { difficulty: 2 });
    await roll(bob, 'shoot');
    const invoke = {
      id: 'invoke-once',
      type: 'invoke',
      rollId,
      ref: { characterId: ann.id, aspectId: 'high-concept' },
      free: false,
      effect: '+2',
    };
    const invoked = await ann.p.send(invoke);
    expect(invoked.ok).toBe(true);
    // A retry is answered from the stored row, which holds the snapshot: not in the ack.
    const retried = await ann.p.send(invoke);
    expect(retried).toEqual(invoked);
    expect(JSON.stringify(retried)).not.toContain('"rolls"');

    const all = await page(created, '');
    expect(all.rolls.map((r) => rollOf(r).id)).toEqual([expect.any(String), rollId]);
    const zira = rollOf(all.rolls[1]!);
    expect(zira.invokes).toEqual([
      expect.objectContaining({ aspectText: 'Zira the bold', free: false, effect: '+2' }),
    ]);
    expect(zira.actor.total).toBe(
      zira.actor.rating + zira.actor.faces.reduce((s, f) => s + f, 0) + 2,
    );
  });

  it('filters by character, on either side of a roll', async () => {
    const { created, gm, ann, bob } = await table();
    await roll(ann, 'lore');
    await roll(bob, 'notice');
    await roll(ann, 'stealth');
    const npc = await gm.ok({
      type: 'character.create',
      npc: true,
      character: fateCoreSheet('Ogre', 'Hungry ogre', 'Easily distracted'),
    });
    const ogre = (npc.result as { characterId: string }).characterId;
    // The GM rolls the ogre against Tam's opposing roll: Tam rolled in it too.
    await gm.ok({
      type: 'roll',
      characterId: ogre,
      skillId: 'fight',
      action: 'overcome',
      opposition: { characterId: bob.id, skillId: 'athletics' },
    });

    const zira = await page(created, `?character=${encodeURIComponent(ann.id)}`);
    expect(zira.rolls.map((r) => rollOf(r).actor.skillId)).toEqual(['stealth', 'lore']);
    const tam = await page(created, `?character=${encodeURIComponent(bob.id)}`, created.tokens.gm);
    expect(tam.rolls.map((r) => rollOf(r).actor.characterId)).toEqual([ogre, bob.id]);
    const nobody = await page(created, '?character=nobody');
    expect(nobody.rolls).toEqual([]);
    // The choices are every character who rolled, whatever the filter.
    expect([...nobody.characters].sort()).toEqual([ann.id, bob.id, ogre].sort());
  });

  it('answers every role, no one without a token, and nothing of the GM’s', async () => {
    const { created, gm, ann } = await table();
    const secret = 'SECRET-MARKER-the-duke-is-the-spy';
    await gm.ok({ type: 'gm.note', text: secret });
    await gm.ok({ type: 'gm.prepare', kind: 'situation', text: secret });
    await roll(ann, 'fight');
    for (const token of [created.tokens.gm, created.tokens.player, created.tokens.spectator]) {
      const answer = await rolls(created, '', token);
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(v.parse(RollPageSchema, answer.body).rolls).toHaveLength(1);
    }
    expect((await api(t.server.url, `/api/tables/${created.id}/rolls`)).status).toBe(401);
  });

  it('refuses parameters out of bounds or malformed, and reads nothing then', async () => {
    const { created } = await table();
    const long = 'x'.repeat(65);
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?limit=1.5',
      '?limit=-1',
      '?before=0',
      '?before=1e3',
      `?before=${'9'.repeat(17)}`,
      '?character=',
      `?character=${long}`,
      '?character=a&character=b',
      '?character=%00x',
      '?limit=1&limit=2',
    ]) {
      const answer = await rolls(created, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ code: 'bad-request' });
    }
    expect((await rolls(created, '?limit=100&before=9007199254740991')).status).toBe(200);
  });
});
