import type { Ruleset } from '@fateboard/rules';
import { fateCore } from '@fateboard/rules';
import type { Actor } from '@fateboard/table';
import type { PlayTable } from '../../lib/test/play';
import { RollDraft } from './roll-draft.svelte';

/** Tests only: the dice tray's draft of `me` at a played table, as the tray builds it. */
export function tray(t: PlayTable, me: Actor, ruleset: Ruleset = fateCore): RollDraft {
  return new RollDraft(() => ({
    view: t.view(),
    ruleset,
    me: { role: me.role, seatId: me.seatId ?? null },
  }));
}
