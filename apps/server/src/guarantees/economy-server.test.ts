import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RULESET_IDS } from '@fateboard/rules';
import { applyCommand, createTableDocs, parseCommand, readGm, readTable } from '@fateboard/table';
import type { Actor } from '@fateboard/table';
import { createTable, testRandom, unlimitedCommands } from '../test/harness';
import type { Participant } from '../test/harness';
import type { Ack } from '@fateboard/table';
import { ACTORS, characterOf, commandFor, stepArb } from '@fateboard/table/testing';
import type { ActorKey } from '@fateboard/table/testing';
import { castCommands, castOf, checkEconomyStep } from '../test/economy-cast';
import { serverPerTest } from '../test/per-test';
import { readStored } from './stored';
import { sized } from './support';

// Guarantee 4 through the real server: the same random sequences over socket.io keep the
// economy's invariants (economy.test.ts runs them through the reducer alone), and replaying
// the stored command log gives the stored documents.
const SERVER_RUNS = sized(1, 6); // per ruleset
const STEPS = 30;

describe('economy through the real server, and the stored log replays to the stored state', () => {
  const t = serverPerTest();

  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: ${SERVER_RUNS} sequence(s) over socket.io; replaying the commands table gives the documents`, async () => {
      // Dice, ids and the clock are recorded per command, so the replay can feed each stored
      // command exactly what the server gave it.
      let current = '';
      const draws = new Map<string, number[]>();
      const ids = new Map<string, string[]>();
      const { random: seedRng, seed } = testRandom(`${ruleset} dice`);
      let counter = 0;
      let now = 1_000_000;
      const push = <T>(map: Map<string, T[]>, value: T) => {
        const list = map.get(current) ?? [];
        list.push(value);
        map.set(current, list);
        return value;
      };
      const server = await t.start({
        rng: () => push(draws, seedRng()),
        newId: () => push(ids, `id-${++counter}`),
        clock: () => now,
        limits: unlimitedCommands(1000),
      });
      /** This run's connections, closed at its end. */
      const opened: Participant[] = [];
      for (let run = 0; run < SERVER_RUNS; run++) {
        const table = await createTable(server.url, ruleset);
        const connect = async (token: string, name: string) => {
          const p = await t.connect(token, name);
          opened.push(p);
          return p;
        };
        const gm = await connect(table.tokens.gm, 'gm');
        const ann = await connect(table.tokens.player, 'ann');
        const bob = await connect(table.tokens.player, 'bob');
        const spectator = await connect(table.tokens.spectator, 'spec');
        const seatless = await connect(table.tokens.player, 'seatless');
        const senders: Record<ActorKey, Participant> = { gm, ann, bob, spectator, seatless };
        let n = 0;
        const send = async (key: ActorKey, input: Record<string, unknown>): Promise<Ack> => {
          current = `${ruleset}-${run}-${++n}`;
          now += 1000;
          return senders[key].send({ id: current, ...input });
        };
        const must = async (key: ActorKey, input: Record<string, unknown>) => {
          const ack = await send(key, input);
          if (!ack.ok) throw new Error(`${String(input.type)}: ${ack.code}`);
          return ack.result as Record<string, string>;
        };
        await must('ann', { type: 'join', name: 'Ann' });
        await must('bob', { type: 'join', name: 'Bob' });
        const made = castCommands(ruleset);
        const cast = castOf(ruleset, [
          (await must('ann', made.ann)).characterId!,
          (await must('bob', made.bob)).characterId!,
          (await must('gm', made.gm)).characterId!,
        ]);

        const steps = fc.sample(stepArb, { numRuns: STEPS * 2, seed });
        for (const s of steps) {
          const key = ACTORS[s.actor]!;
          const before = readTable(readStored(server.dataDir, table.id).pub);
          const input = commandFor(before, s, cast);
          const ack = await send(key, input);
          const after = readTable(readStored(server.dataDir, table.id).pub);
          if (!ack.ok) expect(after).toEqual(before);
          const { removed } = checkEconomyStep(key, input, cast, ack, before, after);
          // The GM removed a seat (its sockets were dropped): its player comes back on the link.
          if (removed) {
            senders[removed] = await connect(table.tokens.player, removed);
            await must(removed, { type: 'join', name: removed });
            await must(removed, {
              type: 'character.claim',
              characterId: characterOf(cast, removed),
            });
          }
        }

        // Replay the stored command log from the table's initial documents.
        const stored = readStored(server.dataDir, table.id);
        const docs = createTableDocs({ id: table.id, name: 'Friday night', ruleset });
        for (const row of stored.commands) {
          const parsed = parseCommand(row.payload);
          expect(parsed.ok, row.commandId).toBe(true);
          if (!parsed.ok) continue;
          const rolled = [...(draws.get(row.commandId) ?? [])];
          const made = [...(ids.get(row.commandId) ?? [])];
          const actor: Actor =
            row.actor.seatId === undefined
              ? { role: row.actor.role as Actor['role'] }
              : { role: row.actor.role as Actor['role'], seatId: row.actor.seatId };
          const out = applyCommand({
            docs,
            actor,
            command: parsed.command,
            rng: () => rolled.shift() ?? 0,
            newId: () => made.shift() ?? 'missing',
            now: row.created,
          });
          expect(out.ok, `${row.commandId} ${row.type}`).toBe(true);
          const { seatToken: _t, rolls, ...result } = (row.result ?? {}) as Record<string, unknown>;
          expect(out.ok ? (out.result ?? {}) : undefined, row.commandId).toEqual(result);
          // The roll history's snapshots replay too: the rolls as the command left them.
          expect(out.ok ? out.rolls : undefined, row.commandId).toEqual(rolls);
        }
        expect(readTable(docs.pub)).toEqual(readTable(stored.pub));
        expect(readGm(docs.gm)).toEqual(readGm(stored.gm));
        opened.splice(0).forEach((p) => p.close());
      }
    }, 300_000);
  }
});
