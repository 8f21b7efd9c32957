import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { LOG_LIMIT, ROLL_LIMIT } from './schema';
import { compactTableDocs } from './compact';
import { readGm, readTable } from './views';
import type { TestTable } from '../test/harness';
import { GM, paidInvoke, seatedWithBrute, skillRoll } from '../test/harness';

/** The bytes of the update one command produces, as the server would store and relay it. */
function updateBytes(t: TestTable, run: () => void): number {
  let bytes = 0;
  const listen = (u: Uint8Array) => (bytes += u.length);
  t.docs.pub.on('update', listen);
  run();
  t.docs.pub.off('update', listen);
  return bytes;
}

/** The GM spends the free invoke on `aspectId` for the opposition of `rollId`. */
const gmFreeInvoke = (rollId: string, aspectId: string) => ({
  type: 'invoke',
  rollId,
  ref: { aspectId },
  free: true,
  effect: '+2',
  side: 'opposition',
});

describe('document size over a long campaign', () => {
  it('stays small after thousands of commands', () => {
    const { t, ann, bob, a, b, npc } = seatedWithBrute(11);

    const sizes: Record<string, number> = {};
    let commands = 0;
    const send = (actor: Parameters<TestTable['send']>[0], input: Record<string, unknown>) => {
      commands += 1;
      return t.send(actor, input);
    };
    for (let scene = 0; commands < Number(process.env.SIZE_COMMANDS ?? 5000); scene++) {
      if (scene % 4 === 0) send(GM, { type: 'session.start' });
      send(GM, { type: 'scene.start', name: `Scene ${scene}`, characterIds: [a, b, npc] });
      const aspectId = t.ok(GM, {
        type: 'aspect.add',
        kind: 'situation',
        text: `Aspect ${scene}`,
        freeInvokes: 1,
      }).aspectId!;
      commands += 1;
      send(GM, { type: 'spotlight.push', ref: { aspectId } });
      send(GM, { type: 'conflict.start', order: [a, b, npc] });
      for (let round = 0; round < 5; round++) {
        const r1 = send(
          ann,
          skillRoll(a, 'fight', 'attack', {
            opposition: { characterId: npc, skillId: 'athletics' },
          }),
        );
        const rollId = r1.ok ? r1.result?.rollId : undefined;
        if (round === 0) sizes.roll ??= 0;
        if (rollId) {
          send(ann, {
            type: 'invoke',
            rollId,
            ref: { characterId: a, aspectId: 'hc' },
            free: false,
            effect: '+2',
          });
          send(GM, gmFreeInvoke(rollId, aspectId));
        }
        const c = send(GM, { type: 'compel.offer', characterId: b, text: 'Complications' });
        if (c.ok)
          send(bob, {
            type: round % 2 ? 'compel.accept' : 'compel.refuse',
            compelId: c.result!.compelId,
          });
        send(bob, { type: 'fate-point.give', fromCharacterId: b, toCharacterId: a });
        send(GM, {
          type: 'gm.adjust',
          adjust: {
            what: 'stress',
            characterId: b,
            trackId: 'physical',
            box: 0,
            checked: round % 2 === 0,
          },
        });
        for (let i = 0; i < 3; i++) send(GM, { type: 'conflict.next' });
      }
      send(GM, { type: 'conflict.end' });
      send(GM, { type: 'scene.end' });
    }

    // A typical command's update, measured on the warmed-up table.
    send(GM, { type: 'session.start' });
    send(GM, { type: 'scene.start', name: 'Measure', characterIds: [a, b, npc] });
    const aspectId = t.ok(GM, {
      type: 'aspect.add',
      kind: 'situation',
      text: 'Measured',
      freeInvokes: 1,
    }).aspectId!;
    let rollId = '';
    sizes.roll = updateBytes(t, () => {
      rollId = t.ok(ann, skillRoll(a, 'fight', 'overcome', { difficulty: 2 })).rollId!;
    });
    sizes.invoke = updateBytes(t, () => paidInvoke(t, ann, rollId, a));
    sizes.freeInvoke = updateBytes(t, () => t.ok(GM, gmFreeInvoke(rollId, aspectId)));
    sizes.give = updateBytes(t, () =>
      t.ok(ann, { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b }),
    );
    sizes.stress = updateBytes(t, () =>
      t.ok(GM, {
        type: 'gm.adjust',
        adjust: { what: 'stress', characterId: a, trackId: 'physical', box: 1, checked: true },
      }),
    );
    sizes.turn = updateBytes(t, () => {
      t.ok(GM, { type: 'conflict.start', order: [a, b] });
    });

    const pub = Y.encodeStateAsUpdate(t.docs.pub).length;
    const v = readTable(t.docs.pub);
    const json = JSON.stringify(v).length;
    console.log(
      JSON.stringify({ commands, pubBytes: pub, viewJsonBytes: json, updateBytes: sizes }),
    );
    expect(v.log.length).toBeLessThanOrEqual(LOG_LIMIT);
    expect(v.rolls.length).toBeLessThanOrEqual(ROLL_LIMIT);
    // History adds about 20 bytes a command; compaction rebuilds from the content alone.
    expect(pub).toBeLessThan(60 * commands);
    const compacted = compactTableDocs(t.docs);
    const small = Y.encodeStateAsUpdate(compacted.pub).length;
    console.log(JSON.stringify({ compactedPubBytes: small }));
    expect(readTable(compacted.pub)).toEqual(v);
    expect(readGm(compacted.gm)).toEqual(readGm(t.docs.gm));
    expect(small).toBeLessThan(pub / 1.5);
    expect(small).toBeLessThan(2 * json);
  }, 120_000);
});
