import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seededRng } from '@fateboard/rules';
import type { Actor, CommandOutcome } from '../commands/context';
import { parseCommand } from '../commands/parse';
import { applyCommand } from '../commands/reducer';
import { compactTableDocs, docEpoch } from './compact';
import { createTableDocs, type TableDocs } from './schema';
import { readGm, readTable } from './views';
import { GM, player, skillRoll, validSheet } from '../test/harness';

/**
 * The long campaign the document's size target is set for, through the real reducer: 10,000
 * fate point movements, 2,000 aspect edits and 3,000 rolls, with server-like ids (12
 * characters) and clock (ms since the epoch). Prints how the document grows with history and
 * what compaction leaves; the compacted public document must stay within 64 KB.
 */
/** The server's policy: every `every` commands, rebuild past `ratio` × a rebuild (and 16 KB). */
interface Policy {
  every: number;
  ratio: number;
}

function runCampaign(policy?: Policy) {
  {
    let docs = createTableDocs({
      id: 'T0000000000a',
      name: 'Long campaign',
      ruleset: 'fate-core',
    });
    const rng = seededRng(5);
    let ids = 0;
    let now = 1_760_000_000_000;
    let commands = 0;
    let maxBytes = 0;
    let rebuilds = 0;
    const send = (actor: Actor, input: Record<string, unknown>): CommandOutcome => {
      commands += 1;
      now += 7_000;
      const parsed = parseCommand({ id: `c${commands}`, ...input });
      if (!parsed.ok) throw new Error(parsed.message);
      const newId = () => `x${String(++ids).padStart(11, '0')}`;
      const out = applyCommand({ docs, actor, command: parsed.command, rng, now, newId });
      if (policy && commands % policy.every === 0) {
        const bytes = encoded(docs);
        maxBytes = Math.max(maxBytes, bytes);
        const fresh = compactTableDocs(docs);
        if (bytes > 16 * 1024 && bytes > policy.ratio * encoded(fresh)) {
          docs = fresh;
          rebuilds += 1;
        }
      }
      return out;
    };
    const ok = (actor: Actor, input: Record<string, unknown>) => {
      const out = send(actor, input);
      if (!out.ok) throw new Error(`${String(input.type)}: ${out.message}`);
      return out.result ?? {};
    };
    const ann = player(ok(player(), { type: 'join', name: 'Ann' }).seatId);
    const bob = player(ok(player(), { type: 'join', name: 'Bob' }).seatId);
    const sheet = (name: string) => validSheet('fate-core', name);
    const a = ok(ann, { type: 'character.create', character: sheet('Zira') }).characterId!;
    const b = ok(bob, { type: 'character.create', character: sheet('Tam') }).characterId!;
    const npc = ok(GM, {
      type: 'character.create',
      character: sheet('Brute'),
      npc: true,
    }).characterId!;

    let moves = 0;
    let edits = 0;
    let rolls = 0;
    const counted = (out: CommandOutcome) => {
      if (out.ok) for (const e of out.result?.log ?? []) moves += e.movements?.length ?? 0;
      return out;
    };
    const growth: { commands: number; pubBytes: number }[] = [];
    let aspects: string[] = [];
    for (let round = 0; moves < 10_000 || edits < 2_000 || rolls < 3_000; round++) {
      if (round % 40 === 0) {
        if (round % 160 === 0) counted(send(GM, { type: 'session.start' }));
        if (round > 0) counted(send(GM, { type: 'scene.end' }));
        counted(
          send(GM, { type: 'scene.start', name: `Scene ${round}`, characterIds: [a, b, npc] }),
        );
        aspects = [0, 1].map(
          (i) =>
            ok(GM, {
              type: 'aspect.add',
              kind: 'situation',
              text: `Smoke ${round}.${i}`,
              freeInvokes: 1,
            }).aspectId!,
        );
      }
      for (let i = 0; i < 10 && moves < 10_000; i++) {
        if (i === 9) {
          const c = ok(GM, { type: 'compel.offer', characterId: a, text: 'Trouble finds you' });
          counted(
            send(ann, {
              type: round % 2 ? 'compel.accept' : 'compel.refuse',
              compelId: c.compelId!,
            }),
          );
        } else if (i % 2)
          counted(send(ann, { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b }));
        else counted(send(bob, { type: 'fate-point.give', fromCharacterId: b, toCharacterId: a }));
      }
      for (let i = 0; i < 2 && edits < 2_000; i++, edits++) {
        ok(GM, {
          type: 'aspect.edit',
          ref: { aspectId: aspects[i]! },
          text: `Smoke, round ${round}`,
        });
      }
      for (let i = 0; i < 3 && rolls < 3_000; i++, rolls++) {
        counted(
          send(
            i === 2 ? GM : ann,
            skillRoll(
              i === 2 ? npc : a,
              'fight',
              i === 1 ? 'attack' : 'overcome',
              i === 1
                ? { opposition: { characterId: npc, skillId: 'athletics' } }
                : { difficulty: 2 },
            ),
          ),
        );
      }
      if (round % 100 === 99)
        growth.push({ commands, pubBytes: Y.encodeStateAsUpdate(docs.pub).length });
    }
    maxBytes = Math.max(maxBytes, encoded(docs));
    return { docs, commands, moves, edits, rolls, growth, maxBytes, rebuilds };
  }
}

/** Both documents, encoded: what a server stores and a joiner loads. */
function encoded(docs: TableDocs): number {
  return Y.encodeStateAsUpdate(docs.pub).length + Y.encodeStateAsUpdate(docs.gm).length;
}

describe('a long campaign', () => {
  it('compacts to at most 64 KB; prints how history grows', () => {
    const { docs, commands, moves, edits, rolls, growth } = runCampaign();
    const pubBytes = Y.encodeStateAsUpdate(docs.pub).length;
    const compacted = compactTableDocs(docs);
    const state = Y.encodeStateAsUpdate(compacted.pub);
    const compactedPubBytes = state.length;
    // A cold join: the client applies the whole state and reads the view (median of 7).
    let joiner = new Y.Doc();
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      joiner = new Y.Doc();
      Y.applyUpdate(joiner, state);
      readTable(joiner);
      times.push(performance.now() - started);
    }
    const coldJoinClientMs = Math.round(times.sort((x, y) => x - y)[3]! * 10) / 10;
    const roots: Record<string, number> = {};
    for (const [name, type] of compacted.pub.share) {
      roots[name] = JSON.stringify((type as Y.AbstractType<unknown>).toJSON()).length;
    }
    console.log(
      JSON.stringify({
        commands,
        moves,
        edits,
        rolls,
        pubBytes,
        historyBytesPerCommand: Math.round((pubBytes - compactedPubBytes) / commands),
        compactedPubBytes,
        compactedGmBytes: Y.encodeStateAsUpdate(compacted.gm).length,
        coldJoinClientMs,
        compactedJsonByRoot: roots,
        growth,
      }),
    );
    expect(readTable(joiner)).toEqual(readTable(docs.pub));
    expect(readGm(compacted.gm)).toEqual(readGm(docs.gm));
    expect(docEpoch(compacted.pub)).toBe(1);
    expect(moves).toBeGreaterThanOrEqual(10_000);
    expect(compactedPubBytes).toBeLessThanOrEqual(64 * 1024);
  }, 300_000);

  it("stays within twice its content all along under the server's rebuild policy", () => {
    const { docs, commands, maxBytes, rebuilds } = runCampaign({ every: 250, ratio: 2 });
    console.log(JSON.stringify({ policy: 'every 250 commands, 2x', commands, rebuilds, maxBytes }));
    expect(docEpoch(docs.pub)).toBe(rebuilds);
    expect(rebuilds).toBeGreaterThan(0);
    // At most twice a rebuild plus 250 commands of history (~24 bytes each); about 61 KB here.
    expect(maxBytes).toBeLessThanOrEqual(2 * encoded(compactTableDocs(docs)) + 250 * 40);
  }, 300_000);
});
