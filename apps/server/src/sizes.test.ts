import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as decoding from 'lib0/decoding';
import { seededRng } from '@fateboard/rules';
import { RawYjs, TestServer, connectSocket, createTable } from './test/harness';
import { validSheet } from './test/sheets';

let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start({ rng: seededRng(3) });
});
afterAll(async () => {
  await server.stop();
});

/** The Yjs update inside a sync/update frame. */
function updateBytes(frame: Uint8Array): number {
  const d = decoding.createDecoder(frame);
  decoding.readVarUint(d);
  decoding.readVarUint(d);
  return decoding.readVarUint8Array(d).length;
}

describe('sizes on the wire', () => {
  it('measures the update each typical command broadcasts', async () => {
    const table = await createTable(server.url);
    const spectator = await RawYjs.open(server.url, `table/${table.id}`, table.tokens.spectator);
    const gm = await connectSocket(server.url, table.tokens.gm, 'gm');
    const ann = await connectSocket(server.url, table.tokens.player, 'ann');
    const sizes: Record<string, { frame: number; update: number }> = {};
    const measure = async (label: string, send: () => Promise<unknown>) => {
      await spectator.barrier();
      const before = spectator.frames.length;
      await send();
      await spectator.barrier();
      const frames = spectator.frames.slice(before).filter((f) => f[0] === 0 && f[1] === 2);
      expect(frames.length, label).toBe(1);
      sizes[label] = { frame: frames[0]!.length, update: updateBytes(frames[0]!) };
    };
    await measure('join', () => ann.ok({ type: 'join', name: 'Ann' }));
    let characterId = '';
    await measure('character.create', async () => {
      const ack = await ann.ok({
        type: 'character.create',
        character: validSheet('fate-core', 'Zira'),
      });
      characterId = (ack.result as { characterId: string }).characterId;
    });
    await measure('scene.start', () =>
      gm.ok({ type: 'scene.start', name: 'The docks', characterIds: [characterId] }),
    );
    let rollId = '';
    await measure('roll', async () => {
      const ack = await ann.ok({
        type: 'roll',
        characterId,
        skillId: 'fight',
        action: 'overcome',
        difficulty: 2,
      });
      rollId = (ack.result as { rollId: string }).rollId;
    });
    await measure('invoke (paid, +2)', () =>
      ann.ok({
        type: 'invoke',
        rollId,
        ref: { characterId, aspectId: 'hc' },
        free: false,
        effect: '+2',
      }),
    );
    let compelId = '';
    await measure('compel.offer', async () => {
      const ack = await gm.ok({ type: 'compel.offer', characterId, text: 'Debts catch up' });
      compelId = (ack.result as { compelId: string }).compelId;
    });
    await measure('compel.accept', () => ann.ok({ type: 'compel.accept', compelId }));
    await measure('aspect.add', () =>
      gm.ok({ type: 'aspect.add', kind: 'situation', text: 'On Fire', freeInvokes: 1 }),
    );
    console.log(JSON.stringify({ bytesPerCommand: sizes }));
    for (const { update } of Object.values(sizes)) expect(update).toBeLessThan(4096);
    spectator.close();
    gm.close();
    ann.close();
  });
});
