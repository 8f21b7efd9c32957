import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { RULESET_IDS } from '@fateboard/rules';
import type { Actor } from './context';
import { readGm, readTable } from './views';
import type { LogEntry, TableView } from './views';
import { GM, SPECTATOR, TestTable, attackWith, player, validSheet } from './test/harness';

/** Points outside the bank: balances, the GM pool, points held until the scene ends. */
function inPlay(v: TableView): number {
  return v.characters.reduce((s, c) => s + c.fatePoints + c.owed, 0) + v.gmPool;
}

function bankFlow(entries: readonly LogEntry[]): number {
  let n = 0;
  for (const e of entries) {
    for (const m of e.movements ?? []) {
      if (m.from.type === 'bank') n += m.amount;
      if (m.to.type === 'bank') n -= m.amount;
    }
  }
  return n;
}

const step = fc.record({
  actor: fc.nat(4),
  kind: fc.nat(19),
  a: fc.nat(9),
  b: fc.nat(9),
  flag: fc.boolean(),
});
type Step = { actor: number; kind: number; a: number; b: number; flag: boolean };

describe('random command sequences', () => {
  it('keep balances non-negative, conserve points, refuse the unauthorised, and replicas converge', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESET_IDS),
        fc.integer(),
        fc.array(step, { maxLength: 40 }),
        (ruleset, seed, steps: Step[]) => {
          const t = new TestTable(ruleset, seed);
          const replica = new Y.Doc();
          const gmReplica = new Y.Doc();
          // A late joiner: the full state first, then every update as the server would relay it.
          Y.applyUpdate(replica, Y.encodeStateAsUpdate(t.docs.pub));
          Y.applyUpdate(gmReplica, Y.encodeStateAsUpdate(t.docs.gm));
          t.docs.pub.on('update', (u: Uint8Array) => Y.applyUpdate(replica, u));
          t.docs.gm.on('update', (u: Uint8Array) => Y.applyUpdate(gmReplica, u));
          const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
          let bob = player(t.ok(player(), { type: 'join', name: 'Bob' }).seatId);
          const a = t.ok(ann, {
            type: 'character.create',
            character: validSheet(ruleset, 'Zira'),
          }).characterId!;
          const b = t.ok(bob, {
            type: 'character.create',
            character: validSheet(ruleset, 'Tam'),
          }).characterId!;
          const npc = t.ok(GM, {
            type: 'character.create',
            character: validSheet(ruleset, 'Brute'),
            npc: true,
          }).characterId!;
          const chars = [a, b, npc];
          const owner: Record<string, Actor> = { [a]: ann, [b]: bob };
          const actors: Actor[] = [GM, ann, bob, SPECTATOR, player()];
          let bank = bankFlow(readTable(t.docs.pub).log);
          const skill = attackWith(ruleset);

          for (const s of steps) {
            const v = readTable(t.docs.pub);
            const actor = actors[s.actor]!;
            const c = chars[s.a % 3]!;
            const other = chars[s.b % 3]!;
            const roll = v.rolls[v.rolls.length - 1 - (s.b % Math.max(1, v.rolls.length))];
            const aspect = v.aspects[s.b % Math.max(1, v.aspects.length)];
            const compel = v.compels[0];
            const ref = aspect
              ? { aspectId: aspect.id }
              : { characterId: c, aspectId: ruleset === 'narrative' ? 'body' : 'hc' };
            const commands: Record<string, unknown>[] = [
              {
                type: 'roll',
                characterId: c,
                ...skill,
                action: s.flag ? 'attack' : 'create-advantage',
                ...(s.flag
                  ? { opposition: { characterId: other, ...skill } }
                  : { difficulty: s.b % 4 }),
              },
              // Active defence: a roll against a character, its defence or a concession.
              {
                type: 'roll',
                characterId: c,
                ...skill,
                action: s.flag ? 'attack' : 'overcome',
                defender: other,
              },
              { type: 'defend', rollId: roll?.id ?? 'none', ...skill },
              { type: 'concede', characterId: c, rollId: roll?.id ?? 'none' },
              { type: 'conflict.order', order: [...v.conflict.order].reverse() },
              {
                type: 'invoke',
                rollId: roll?.id ?? 'none',
                ref,
                free: s.flag,
                effect: s.a % 2 ? '+2' : 'reroll',
              },
              { type: 'compel.offer', characterId: c, text: 'Trouble finds you' },
              { type: s.flag ? 'compel.accept' : 'compel.refuse', compelId: compel?.id ?? 'none' },
              { type: 'compel.withdraw', compelId: compel?.id ?? 'none' },
              {
                type: 'fate-point.give',
                fromCharacterId: c,
                toCharacterId: other,
                amount: 1 + (s.b % 2),
              },
              { type: 'scene.start', name: 'Scene', characterIds: chars.slice(0, 1 + (s.b % 3)) },
              { type: 'scene.end' },
              { type: 'session.start' },
              {
                type: 'aspect.add',
                kind: s.flag ? 'boost' : 'situation',
                text: 'Smoke',
                freeInvokes: s.b % 3,
              },
              {
                type: 'outcome.apply',
                rollId: roll?.id ?? 'none',
                aspect: { text: 'Cornered' },
                boost: 'Opening',
              },
              // Recovery: a roll against a consequence (someone else's half the time), its
              // outcome with a new name, and the GM's healing.
              {
                type: 'roll',
                characterId: c,
                ...skill,
                recovers: { characterId: s.flag ? c : other, slotId: 'mild' },
              },
              { type: 'outcome.apply', rollId: roll?.id ?? 'none', rename: 'Mending' },
              { type: 'consequence.heal', characterId: c, slotId: 'moderate' },
              {
                type: 'absorb',
                characterId: c,
                shifts: 1 + (s.b % 5),
                kind: 'physical',
                option: 0,
                names: { mild: 'Hurt', moderate: 'Hurt', severe: 'Hurt' },
              },
              { type: 'conflict.start', order: chars },
              { type: 'concede', characterId: c },
              { type: 'conflict.next' },
              {
                type: 'gm.adjust',
                adjust: s.flag
                  ? { what: 'fate-points', characterId: c, value: s.b }
                  : { what: 'gm-pool', value: s.b },
              },
              { type: 'gm.prepare', kind: 'situation', text: 'Hidden' },
              { type: 'spotlight.push', ref },
              { type: 'character.update', characterId: c, changes: { name: 'Renamed' } },
              // Half the time an unknown seat (refused), else Bob's, who then comes back.
              { type: 'seat.remove', seatId: s.b % 2 === 0 ? bob.seatId : 'nobody' },
            ];
            const input = commands[s.kind % commands.length]!;
            const before = t.state();
            const out = t.send(actor, input);
            if (!out.ok) {
              expect(t.state()).toEqual(before);
            } else {
              bank += bankFlow(out.result?.log ?? []);
            }
            // A spectator and a player without a seat are always refused.
            if (actor === SPECTATOR || (actor.role === 'player' && actor.seatId === undefined)) {
              expect(out.ok).toBe(false);
            }
            // A player acting for a character that is not theirs is refused.
            const actsFor = input.characterId ?? input.fromCharacterId;
            if (
              actor.role === 'player' &&
              actor.seatId !== undefined &&
              ['roll', 'absorb', 'concede', 'fate-point.give', 'character.update'].includes(
                input.type as string,
              ) &&
              owner[actsFor as string] !== actor
            ) {
              expect(out).toMatchObject({ ok: false, code: 'forbidden' });
            }
            // Only the defender's controller rolls their defence.
            const awaited = input.type === 'defend' ? roll?.defence : undefined;
            if (
              awaited?.status === 'awaiting' &&
              actor.role === 'player' &&
              owner[awaited.characterId] !== actor
            ) {
              expect(out).toMatchObject({ ok: false, code: 'forbidden' });
            }
            const after = readTable(t.docs.pub);
            expect(after.gmPool).toBeGreaterThanOrEqual(0);
            for (const ch of after.characters) {
              expect(ch.fatePoints).toBeGreaterThanOrEqual(0);
              expect(ch.owed).toBeGreaterThanOrEqual(0);
            }
            // Points enter and leave play only through the bank, and every move is logged.
            expect(inPlay(after)).toBe(bank);
            // A removed seat's character stays, unclaimed: Bob joins again and claims it.
            if (out.ok && input.type === 'seat.remove') {
              expect(after.characters.find((ch) => ch.id === b)?.owner).toBeUndefined();
              bob = player(t.ok(player(), { type: 'join', name: 'Bob' }).seatId);
              t.ok(bob, { type: 'character.claim', characterId: b });
              actors[2] = bob;
              owner[b] = bob;
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
