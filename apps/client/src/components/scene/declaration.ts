import type { DeclarationStance } from '@fateboard/rules';
import type { DeclarationView, TableView } from '@fateboard/table';
import { fromStore } from 'svelte/store';
import type { Presence } from '../../lib/api';
import { i18n, params } from '../../lib/i18n';

export const messages = i18n('lib/declaration', {
  gm: 'GM',
  referee: 'the referee',
  plays: params('plays {name}'),
});
// Read where the rows are derived, so a change of language redraws them.
const text = fromStore(messages);

/** One voter on a declaration as the screens show them: who, and how they voted (or not yet). */
export interface VoterRow {
  key: string;
  name: string;
  /** e.g. "plays Vex", "the referee". */
  detail: string;
  /** `null` while they have not voted; a closed vote leaves them `null` (they abstained). */
  stance: DeclarationStance | null;
  /** Away from the table (presence says so): the GM may close the vote rather than wait. */
  away: boolean;
}

/**
 * The voters of a declaration (the table package says who they are: `declarationVoters`), by
 * name, the GM first, then the players by name.
 */
export function voterRows(
  view: TableView,
  d: DeclarationView,
  characterName: (id: string) => string,
  presence?: Presence,
): VoterRow[] {
  const t = text.current;
  // Away only once presence has arrived and does not show them online.
  const away = (key: string): boolean =>
    !!presence &&
    presence.participants.length > 0 &&
    !presence.participants.some(
      (p) => p.online && (key === 'gm' ? p.role === 'gm' : p.seatId === key),
    );
  const rows = d.voters.map((key): VoterRow => {
    const stance = d.votes[key] ?? null;
    if (key === 'gm') return { key, name: t.gm, detail: t.referee, stance, away: away(key) };
    const seat = view.seats.find((s) => s.id === key);
    return {
      key,
      name: seat?.name ?? '?',
      detail: seat?.characterId ? t.plays({ name: characterName(seat.characterId) }) : '',
      stance,
      away: away(key),
    };
  });
  return rows.sort((a, b) =>
    a.key === 'gm' ? -1 : b.key === 'gm' ? 1 : a.name.localeCompare(b.name),
  );
}

/** The declaration a character has before the table, if any (one per declarer at a time). */
export function declarationOf(
  view: TableView,
  characterId: string | undefined,
): DeclarationView | undefined {
  return characterId === undefined
    ? undefined
    : view.declarations.find((d) => d.characterId === characterId);
}
