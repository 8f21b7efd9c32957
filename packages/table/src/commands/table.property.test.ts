import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { RULESET_IDS } from '@fateboard/rules';
import type { Actor } from './context';
import { readGm, readTable } from '../doc/views';
import { checkTable } from '../check/check-table';
import { GM, SPECTATOR, TestTable, player, seat, validSheet } from '../test/harness';
import {
  ACTORS,
  characterOf,
  commandFor,
  economyProblems,
  removedPlayer,
  stepArb,
  unauthorised,
  type ActorKey,
  type Cast,
} from '../test/economy-model';

// The reducer under random command sequences from random senders (the generator is shared
// with the server's economy guarantee): refusals change nothing, the unauthorised are
// refused, the economy holds, every table is one checkTable accepts, and replicas fed the updates converge with the table.
describe('random command sequences', () => {
  it('refuse the unauthorised without a change, keep the economy, and replicas converge', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESET_IDS),
        fc.integer(),
        fc.array(stepArb, { maxLength: 40 }),
        (ruleset, seed, steps) => {
          const t = new TestTable(ruleset, seed);
          const replica = new Y.Doc();
          const gmReplica = new Y.Doc();
          // A late joiner: the full state first, then every update as the server would relay it.
          Y.applyUpdate(replica, Y.encodeStateAsUpdate(t.docs.pub));
          Y.applyUpdate(gmReplica, Y.encodeStateAsUpdate(t.docs.gm));
          t.docs.pub.on('update', (u: Uint8Array) => Y.applyUpdate(replica, u));
          t.docs.gm.on('update', (u: Uint8Array) => Y.applyUpdate(gmReplica, u));
          const actors: Record<ActorKey, Actor> = {
            gm: GM,
            ann: seat(t, 'Ann'),
            bob: seat(t, 'Bob'),
            spectator: SPECTATOR,
            seatless: player(),
          };
          const create = (key: ActorKey, name: string, npc = false) =>
            t.ok(actors[key], {
              type: 'character.create',
              character: validSheet(ruleset, name),
              ...(npc ? { npc } : {}),
            }).characterId!;
          const a = create('ann', 'Zira');
          const b = create('bob', 'Tam');
          const npc = create('gm', 'Brute', true);
          const cast: Cast = {
            ruleset,
            chars: [a, b, npc],
            owner: { [a]: 'ann', [b]: 'bob', [npc]: 'gm' },
          };

          for (const s of steps) {
            const key = ACTORS[s.actor]!;
            const before = readTable(t.docs.pub);
            const input = commandFor(before, s, cast);
            const state = t.state();
            const out = t.send(actors[key], input);
            if (!out.ok) expect(t.state()).toEqual(state);
            if (unauthorised(key, input, cast)) expect(out.ok).toBe(false);
            // Only the defender's controller (or the GM) rolls their defence.
            const awaited =
              input.type === 'defend'
                ? before.rolls.find((r) => r.id === input.rollId)?.defence
                : undefined;
            if (
              awaited?.status === 'awaiting' &&
              key !== 'gm' &&
              cast.owner[awaited.characterId] !== key
            ) {
              expect(out).toMatchObject({ ok: false });
            }
            const after = readTable(t.docs.pub);
            // Whatever the reducer makes is a table checkTable accepts (what a restore demands).
            expect(checkTable(after, readGm(t.docs.gm))).toBeUndefined();
            expect(economyProblems(before, after, out.ok ? (out.result?.log ?? []) : [])).toEqual(
              [],
            );
            // A removed seat's character stays, unclaimed: its player joins again and claims it.
            const removed = out.ok ? removedPlayer(after, cast) : undefined;
            if (removed) {
              actors[removed] = player(t.ok(player(), { type: 'join', name: removed }).seatId);
              t.ok(actors[removed], {
                type: 'character.claim',
                characterId: characterOf(cast, removed),
              });
            }
          }
          expect(readTable(replica)).toEqual(readTable(t.docs.pub));
          expect(readGm(gmReplica)).toEqual(readGm(t.docs.gm));
          expect(Y.encodeStateVector(replica)).toEqual(Y.encodeStateVector(t.docs.pub));
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
