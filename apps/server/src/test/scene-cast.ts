import type { RulesetId } from '@fateboard/rules';
import type { TableView } from '@fateboard/table';
import { connectSocket, openReplica } from './harness';
import type { CreatedTable, Participant, Replica } from './harness';
import { attackWith } from './sheets';
import { createCharacter } from './characters';

// The cast of the scripted scene (room/scene.test.ts): the GM with both documents, a
// spectator, two players seated by the link then back with their seat tokens, their
// characters and an NPC, each connection on the server its role uses.

/** The server each role connects to (one URL three times on one node). */
export interface SceneUrls {
  gm: string;
  players: string;
  spectator: string;
}

/** Whatever a scene opens, given to `keep` to be closed after it. */
export type Keep = <T extends Participant | Replica>(x: T) => T;

export async function sceneCast(
  urls: SceneUrls,
  table: CreatedTable,
  ruleset: RulesetId,
  keep: Keep,
) {
  const name = `table/${table.id}`;
  const gm = keep(await connectSocket(urls.gm, table.tokens.gm, 'gm'));
  const gmPub = keep(await openReplica(urls.gm, name, table.tokens.gm));
  const gmDoc = keep(await openReplica(urls.gm, `${name}/gm`, table.tokens.gm));
  const spectator = keep(await openReplica(urls.spectator, name, table.tokens.spectator));

  // Both players join by the link, then come back with their seat tokens.
  const seated = async (who: string) => {
    const link = keep(await connectSocket(urls.players, table.tokens.player, who));
    const { result } = await link.ok({ type: 'join', name: who });
    link.close();
    const { seatToken } = result as { seatToken: string };
    return {
      socket: keep(await connectSocket(urls.players, seatToken, who)),
      replica: keep(await openReplica(urls.players, name, seatToken)),
    };
  };
  const ann = await seated('Ann');
  const bob = await seated('Bob');
  const annChar = await createCharacter(ann.socket, ruleset, 'Zira');
  const bobChar = await createCharacter(bob.socket, ruleset, 'Tam');
  const npc = await createCharacter(gm, ruleset, 'Brute', true);
  return { gm, gmPub, gmDoc, spectator, ann, bob, annChar, bobChar, npc };
}

/**
 * Ann creates an advantage named Slick Planks, rolling again until one lands (at most 20
 * rolls); its aspect id, or undefined if none did.
 */
export async function slickPlanks(
  ann: Participant,
  annChar: string,
  ruleset: RulesetId,
  view: () => Promise<TableView>,
): Promise<string | undefined> {
  for (let i = 0; i < 20; i++) {
    const { rollId } = (
      await ann.ok({
        type: 'roll',
        characterId: annChar,
        ...attackWith(ruleset),
        action: 'create-advantage',
        difficulty: 0,
      })
    ).result as { rollId: string };
    const roll = (await view()).rolls.find((r) => r.id === rollId)!;
    if (roll.outcome === 'success' || roll.outcome === 'success-with-style') {
      const applied = await ann.ok({
        type: 'outcome.apply',
        rollId,
        aspect: { text: 'Slick Planks' },
      });
      return (applied.result as { aspectId: string }).aspectId;
    }
  }
  return undefined;
}
