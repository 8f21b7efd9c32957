import type { CharacterView, TableView } from '@fateboard/table';
import { fromStore } from 'svelte/store';
import type { Presence } from './api';
import { i18n, params } from './i18n';

export const messages = i18n('lib/declaration', {
  gm: 'GM',
  referee: 'the referee',
  plays: params('plays {name}'),
});
// Read where the voters are derived, so a change of language redraws them.
const text = fromStore(messages);

/** Where one person at the table stands on an edgerunner declaration. */
export type Stance = 'supports' | 'neither' | 'opposes';

/** Someone who may back or oppose a declaration: a seat, or the GM (key `gm`). */
export interface Voter {
  key: string;
  name: string;
  /** e.g. "plays Vex". */
  detail: string;
  /** `null` while presence is unknown. */
  online: boolean | null;
}

/** The roll command accepts 0–20 of each. */
const MAX = 20;
const count = (n: unknown) => Math.max(0, Math.min(MAX, Math.trunc(Number(n) || 0)));

/**
 * The counts the roll command carries: the listed people's stances (a stale pick for
 * someone no longer listed counts for nothing) plus the others counted by hand.
 */
export function tally(
  voters: readonly Voter[],
  picks: Readonly<Record<string, Stance>>,
  othersFor: unknown,
  othersAgainst: unknown,
): { supporters: number; opposers: number } {
  let supporters = count(othersFor);
  let opposers = count(othersAgainst);
  for (const v of voters) {
    if (picks[v.key] === 'supports') supporters++;
    else if (picks[v.key] === 'opposes') opposers++;
  }
  return { supporters: Math.min(MAX, supporters), opposers: Math.min(MAX, opposers) };
}

/**
 * Who may back or oppose a declaration: the GM and every seat but the declarer's (the roller's
 * player, or the GM for an NPC), by name, each marked online or away from presence (null
 * until it has arrived).
 */
export function declarationVoters(
  view: TableView,
  roller: CharacterView | undefined,
  presence: Presence,
  characterName: (id: string) => string,
): Voter[] {
  const t = text.current;
  const declarer = roller ? (roller.npc || !roller.owner ? 'gm' : roller.owner) : undefined;
  const online = (who: string): boolean | null => {
    if (presence.participants.length === 0) return null;
    return presence.participants.some(
      (p) => p.online && (who === 'gm' ? p.role === 'gm' : p.seatId === who),
    );
  };
  return [
    ...(declarer === 'gm'
      ? []
      : [{ key: 'gm', name: t.gm, detail: t.referee, online: online('gm') }]),
    ...view.seats
      .filter((s) => s.id !== declarer)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((s) => ({
        key: s.id,
        name: s.name,
        detail: s.characterId ? t.plays({ name: characterName(s.characterId) }) : '',
        online: online(s.id),
      })),
  ];
}
