import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RULESET_IDS } from '@fateboard/rules';
import { readTable } from '@fateboard/table';
import type { Actor } from '@fateboard/table';
import { validSheet } from '../test/sheets';
import { ACTORS, characterOf, commandFor, stepArb } from '@fateboard/table/testing';
import type { ActorKey, Step } from '@fateboard/table/testing';
import { castCommands, castOf, checkEconomyStep } from '../test/economy-cast';
import { ReducerTable } from './reducer-table';
import { sized } from './support';

// Guarantee 4: the fate point economy. Random command sequences from random senders, in
// every ruleset: no balance or pool goes negative, points enter or leave play only through
// the bank (refresh, scene pools, compels, invokes, GM adjustments, all logged), every
// unauthorised command is refused and a refusal changes nothing. Here through the reducer;
// through the real server, with the stored log's replay: economy-server.test.ts.
const REDUCER_RUNS = sized(500, 5000); // per ruleset
const STEPS = 30;

describe('economy invariants (property)', () => {
  it('found by the property: a reroll of a narrative simple action (no dice) is refused, not thrown', () => {
    const t = new ReducerTable('narrative', 1);
    const seatId = t.ok({ role: 'player' }, { type: 'join', name: 'Ann' }).seatId as string;
    const ann: Actor = { role: 'player', seatId };
    const characterId = t.ok(ann, {
      type: 'character.create',
      character: validSheet('narrative', 'Zira'),
    }).characterId as string;
    // Body 3 against difficulty 0 is a simple action: it succeeds without dice.
    const { rollId } = t.ok(ann, {
      type: 'roll',
      characterId,
      aspectId: 'body',
      action: 'overcome',
      difficulty: 0,
    });
    const bytes = t.bytes();
    const out = t.send(ann, {
      type: 'invoke',
      rollId,
      ref: { characterId, aspectId: 'body' },
      free: false,
      effect: 'reroll',
    });
    expect(out).toMatchObject({ ok: false, code: 'invalid' });
    expect(t.bytes()).toBe(bytes);
  });

  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: ${REDUCER_RUNS} random sequences through the reducer`, () => {
      let commands = 0;
      let accepted = 0;
      let moved = 0;
      let removals = 0;
      fc.assert(
        fc.property(
          fc.integer(),
          fc.array(stepArb, { minLength: 1, maxLength: STEPS }),
          (seed, steps: Step[]) => {
            const t = new ReducerTable(ruleset, seed);
            const actors: Record<ActorKey, Actor> = {
              gm: { role: 'gm' },
              ann: {
                role: 'player',
                seatId: t.ok({ role: 'player' }, { type: 'join', name: 'Ann' }).seatId as string,
              },
              bob: {
                role: 'player',
                seatId: t.ok({ role: 'player' }, { type: 'join', name: 'Bob' }).seatId as string,
              },
              spectator: { role: 'spectator' },
              seatless: { role: 'player' },
            };
            const made = castCommands(ruleset);
            const cast = castOf(ruleset, [
              t.ok(actors.ann, made.ann).characterId as string,
              t.ok(actors.bob, made.bob).characterId as string,
              t.ok(actors.gm, made.gm).characterId as string,
            ]);
            for (const s of steps) {
              const key = ACTORS[s.actor]!;
              const before = readTable(t.docs.pub);
              const input = commandFor(before, s, cast);
              const bytes = t.bytes();
              const out = t.send(actors[key], input);
              commands++;
              const after = readTable(t.docs.pub);
              if (!out.ok) {
                expect(
                  t.bytes(),
                  `${key} ${String(input.type)} refused yet changed the table`,
                ).toBe(bytes);
              } else accepted++;
              const { log, removed } = checkEconomyStep(key, input, cast, out, before, after);
              if (log.some((e) => (e.movements ?? []).length > 0)) moved++;
              // The GM removed a seat: its player joins again and claims the character back.
              if (removed) {
                const seatId = t.ok({ role: 'player' }, { type: 'join', name: removed }).seatId;
                actors[removed] = { role: 'player', seatId: seatId as string };
                t.ok(actors[removed], {
                  type: 'character.claim',
                  characterId: characterOf(cast, removed),
                });
                removals++;
              }
            }
          },
        ),
        { numRuns: REDUCER_RUNS },
      );
      // The generator must exercise the economy, not only refusals.
      // (two of the five senders are always refused, so about a fifth is accepted).
      expect(accepted / commands).toBeGreaterThan(0.1);
      expect(moved / commands).toBeGreaterThan(0.01);
      console.log(
        JSON.stringify({
          guarantee: 'economy',
          ruleset,
          sequences: REDUCER_RUNS,
          commands,
          accepted,
          moved,
          removals,
        }),
      );
    }, 600_000);
  }
});
