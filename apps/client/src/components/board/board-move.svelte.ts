import type { MoveCheck, TableView } from '@fateboard/table';
import { moveCheck } from '@fateboard/table';

/**
 * A move on the board that asks for an overcome [CORE-MOVE-2]: the board (a drop, a tap on a
 * zone, the phone's list) asks (`ask`), the dice tray comes to the front and shows the moving
 * overcome until it is rolled and the token moved, waved through by the GM, or cancelled.
 * What the move needs is `moveCheck` of @fateboard/table, asked again on every change of
 * the table (an aspect laid on the border meanwhile, the token moved by the GM): the tray
 * shows what the reducer will say.
 */

/** The move asked for: whose token, and where to. */
export interface MoveAim {
  characterId: string;
  to: string;
}

/** Who asks, as the reducer's Actor. */
export interface MoveActor {
  role: 'gm' | 'player' | 'spectator';
  seatId?: string;
}

class MoveRequest {
  aim = $state<MoveAim | null>(null);

  ask(aim: MoveAim): void {
    this.aim = { ...aim };
    // On a phone the tray is a tab of its own: bring it to the front.
    document.getElementById('tab-dice')?.click();
  }

  clear(): void {
    this.aim = null;
  }
}

export const moveRequest = new MoveRequest();

/** What the move needs now, by the rules, for `actor` (undefined: that character is gone). */
export function checkMove(
  view: TableView,
  actor: MoveActor,
  aim: MoveAim,
): { check: MoveCheck; name: string } | undefined {
  const character = view.characters.find((c) => c.id === aim.characterId);
  if (!character) return undefined;
  const check = moveCheck(
    {
      ruleset: view.ruleset,
      board: view.board,
      aspects: view.aspects,
      conflict: view.conflict,
      scene: view.scene,
    },
    actor,
    character,
    aim.to,
  );
  return { check, name: character.name };
}
