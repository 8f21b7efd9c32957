import type { Actor } from '@fateboard/table';
import type { PlayTable } from '../../lib/test/play';
import type { Me } from './needs';

// Tests only: the people and the moves the tests of who is told what share.

/** `by` rolls `attacker`'s Fight to attack `defender`, who must roll a defence. */
export const attack = (t: PlayTable, by: Actor, attacker: string, defender: string): string =>
  String(
    t.ok(by, { type: 'roll', characterId: attacker, skillId: 'fight', action: 'attack', defender })
      .rollId,
  );
export const asMe = (a: Actor): Me => ({ role: a.role, seatId: a.seatId ?? null });
