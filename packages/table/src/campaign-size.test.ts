import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seededRng } from '@fateboard/rules';
import type { Actor, CommandOutcome } from './context';
import { parseCommand } from './commands';
import { applyCommand } from './reducer';
import { compactTableDocs, docEpoch } from './compact';
import { createTableDocs } from './schema';
import { readGm, readTable } from './views';
import { GM, player, validSheet } from './test/harness';

/**
 * The long campaign of issue 5 through the real reducer: 10,000 fate point movements, 2,000
 * aspect edits and 3,000 rolls, with server-like ids (12 characters) and clock (ms since the
 * epoch). Prints how the document grows with history and what compaction leaves; the
 * compacted public document must stay within 64 KB.
 */
describe('a long campaign', () => {
  it('compacts to at most 64 KB; prints how history grows', () => {
    const docs = createTableDocs({
      id: 'T0000000000a',
      name: 'Long campaign',
      ruleset: 'fate-core',
    });
    const rng = seededRng(5);
    let ids = 0;
    let now = 1_760_000_000_000;
    let commands = 0;
    const send = (actor: Actor, input: Record<string, unknown>): CommandOutcome => {
      commands += 1;
      now += 7_000;
      const parsed = parseCommand({ id: `c${commands}`, ...input });
      if (!parsed.ok) throw new Error(parsed.message);
      const newId = () => `x${String(++ids).padStart(11, '0')}`;
      return applyCommand({ docs, actor, command: parsed.command, rng, now, newId });
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
          send(i === 2 ? GM : ann, {
            type: 'roll',
            characterId: i === 2 ? npc : a,
            skillId: 'fight',
            action: i === 1 ? 'attack' : 'overcome',
            ...(i === 1
              ? { opposition: { characterId: npc, skillId: 'athletics' } }
              : { difficulty: 2 }),
          }),
        );
      }
      if (round % 100 === 99)
        growth.push({ commands, pubBytes: Y.encodeStateAsUpdate(docs.pub).length });
    }
    const pubBytes = Y.encodeStateAsUpdate(docs.pub).length;
    const compacted = compactTableDocs(docs);
    const compactedPubBytes = Y.encodeStateAsUpdate(compacted.pub).length;
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
        compactedJsonByRoot: roots,
        growth,
      }),
    );
    expect(readTable(compacted.pub)).toEqual(readTable(docs.pub));
    expect(readGm(compacted.gm)).toEqual(readGm(docs.gm));
    expect(docEpoch(compacted.pub)).toBe(1);
    expect(moves).toBeGreaterThanOrEqual(10_000);
    expect(compactedPubBytes).toBeLessThanOrEqual(64 * 1024);
  }, 300_000);
});
