import type { RulesetId } from '@fateboard/rules';
import { connectSocket } from './harness';
import type { CreatedTable, Participant } from './harness';
import { validSheet } from './sheets';

// Characters made over a real connection, as the tests' tables need them: one from a sample
// sheet, and the pair many tables start from.

/** Makes a character from the ruleset's sample sheet named `sheet` (an NPC when `npc`): its id. */
export async function createCharacter(
  p: Participant,
  ruleset: RulesetId,
  sheet: string,
  npc = false,
): Promise<string> {
  const created = await p.ok({
    type: 'character.create',
    character: validSheet(ruleset, sheet),
    ...(npc ? { npc } : {}),
  });
  return (created.result as { characterId: string }).characterId;
}

/**
 * A fate-core table's usual pair: Ann joins on the player link and makes Zira, the GM makes
 * the Brute, an NPC. Both connections stay open; closing them is the caller's.
 */
export async function ziraAndBrute(url: string, table: CreatedTable) {
  const gm = await connectSocket(url, table.tokens.gm, 'gm');
  const ann = await connectSocket(url, table.tokens.player, 'ann');
  const seat = (await ann.ok({ type: 'join', name: 'Ann' })).result as {
    seatId: string;
    seatToken: string;
  };
  const zira = await createCharacter(ann, 'fate-core', 'Zira');
  const brute = await createCharacter(gm, 'fate-core', 'Brute', true);
  return { gm, ann, seat, zira, brute };
}
