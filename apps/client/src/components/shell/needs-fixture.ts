import type { Actor } from '@fateboard/table';
import type { PlayTable } from '../../lib/test/play';
import { GM } from '../../lib/test/play';
import { Attention } from './attention.svelte';
import type { Me, Need, NeedRule, PhoneTab } from './needs';
import { Toasts } from './toasts.svelte';

// Tests only: the people and the moves the tests of who is told what share.

/** `by` rolls `attacker`'s Fight to attack `defender`, who must roll a defence. */
export const attack = (t: PlayTable, by: Actor, attacker: string, defender: string): string =>
  String(
    t.ok(by, { type: 'roll', characterId: attacker, skillId: 'fight', action: 'attack', defender })
      .rollId,
  );
export const asMe = (a: Actor): Me => ({ role: a.role, seatId: a.seatId ?? null });

/** The GM gives `characterId` `count` more fate points, as the GM's adjust does. */
export function giveFatePoints(t: PlayTable, characterId: string, count: number): void {
  const fp = t.view().characters.find((c) => c.id === characterId)!.fatePoints;
  t.ok(GM, {
    type: 'gm.adjust',
    adjust: { what: 'fate-points', characterId, value: fp + count },
  });
}

/**
 * `actor`'s attention on a real table, looking at `tab` (the Log tab unless told), its toasts
 * lasting `lifetime` ms (0: until closed); `went` records each tap on a toast.
 */
export function attend(
  t: PlayTable,
  actor: Actor,
  { tab = 'log', lifetime = 0, rules }: AttendOptions = {},
) {
  const toasts = new Toasts(lifetime);
  const went: Need[] = [];
  const attention = new Attention(
    t.view(),
    () => asMe(actor),
    toasts,
    (n) => went.push(n),
    rules,
  );
  attention.visit(tab);
  return { toasts, went, attention };
}

type AttendOptions = { tab?: PhoneTab | null; lifetime?: number; rules?: readonly NeedRule[] };
