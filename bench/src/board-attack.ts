import { sampleSheet } from '@fateboard/table';
import { Participant, createTable } from './clients';
import type { CreatedTable } from './clients';

// The board-command attacker of the doors bench (doors-case.ts): its own table with a full
// board, and a stream of commands over four GM connections.

/**
 * The attacker's own table with the fullest board: 40 zones of 6 × 6 cells, every two
 * neighbours bordered, one character in the scene. `command(i)` sends attacker i's next
 * command over its own GM connection: a move to a far zone (waved through) or a rename.
 */
export async function boardAttack(base: string): Promise<{
  command: (i: number) => Promise<{ status: number }>;
  close: () => void;
}> {
  const table: CreatedTable = await createTable(base, 'The attacker’s board');
  const gm = await Participant.connect(base, table.tokens.gm, 'board-gm');
  const created = await gm.ok({
    type: 'character.create',
    character: sampleSheet('fate-core', 'Runner'),
  });
  const characterId = String(created.result?.characterId);
  await gm.ok({ type: 'scene.start', name: 'Across the roofs', characterIds: [characterId] });
  const zones: string[][] = [];
  for (let row = 0; row < 5; row++) {
    zones.push([]);
    for (let col = 0; col < 8; col++) {
      const ack = await gm.ok({
        type: 'zone.add',
        name: `Roof ${row}-${col}`,
        x: col * 6,
        y: row * 6,
        w: 6,
        h: 6,
      });
      zones[row]!.push(String(ack.result?.zoneId));
    }
  }
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 8; col++) {
      const here = zones[row]![col]!;
      if (col < 7) await gm.ok({ type: 'border.add', a: here, b: zones[row]![col + 1]! });
      if (row < 4) await gm.ok({ type: 'border.add', a: here, b: zones[row + 1]![col]! });
    }
  }
  const all = zones.flat();
  const attackers = await Promise.all(
    [0, 1, 2, 3].map((i) => Participant.connect(base, table.tokens.gm, `board-${i}`)),
  );
  let n = 0;
  return {
    async command(i) {
      const k = n++;
      const command =
        k % 2 === 0
          ? {
              type: 'board.move',
              characterId,
              zoneId: all[(k * 17) % all.length]!,
              override: true,
            }
          : { type: 'zone.edit', zoneId: all[k % all.length]!, name: `Roof ${k}` };
      const ack = await attackers[i]!.send(command);
      // A refused move (the token already there) is an answer too: 409 stands for it.
      return { status: ack.ok ? 200 : 409 };
    },
    close: () => {
      gm.close();
      for (const a of attackers) a.close();
    },
  };
}
