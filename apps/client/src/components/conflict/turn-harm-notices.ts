import { actingIn } from '@fateboard/table';
import type { ActorRef, CharacterView, LogEntry, TableView } from '@fateboard/table';
import { signed } from '@fateboard/rules';
import { severityWords } from '../../lib/game-words';
import { i18n, params } from '../../lib/i18n';
import { answersFor, cssString, type Me, type Need } from '../shell/needs';
import { othersSince } from '../shell/notices';

export const messages = i18n('lib/turn-harm-notices', {
  show: 'Show',
  yourTurn: params('Your turn: {name} acts.'),
  theGm: 'The GM',
  someone: 'Someone',
  consequence: params('{by} gave {name} a {severity} consequence: “{text}”.'),
  levels: params('{by} lowered {name}’s aspects: {aspects}.'),
});

/**
 * Two notices besides needs.ts' `noticesSince`, as pure functions of the view: the conflict's
 * turn come round to my character, and harm someone else put on my character (a consequence,
 * or narrative's lost levels), named with who did it. Each is told once, to the character's
 * controller only (`answersFor`, the table package's `isController`).
 */

/** A character's harm as its controller last saw it: taken consequences, aspect ratings. */
interface Harm {
  consequences: Record<string, string>;
  ratings: Record<string, number>;
}

/** The newest log entry, the turn and my characters' harm, as last seen. */
export interface TurnHarmMark {
  n: number;
  /** The turn in front (its exchange and acting character), and whether it was mine. */
  turn: { key: string; mine: boolean } | null;
  /** The harm on each character I answer for, by character id. */
  harm: Record<string, Harm>;
}

function actingOf(view: TableView): CharacterView | undefined {
  const id = actingIn(view.conflict);
  return id === undefined ? undefined : view.characters.find((c) => c.id === id);
}

function turnOf(view: TableView, me: Me): TurnHarmMark['turn'] {
  const acting = actingOf(view);
  if (!acting) return null;
  // By exchange and character, not by place: the GM reordering the turns is not a new turn.
  return { key: `${view.conflict.round}:${acting.id}`, mine: answersFor(me, acting) };
}

function harmOf(c: CharacterView): Harm {
  const consequences: Record<string, string> = {};
  for (const slot of c.consequences) if (slot.taken) consequences[slot.id] = slot.taken.text;
  const ratings: Record<string, number> = {};
  for (const a of c.aspects) if (a.rating !== undefined) ratings[a.id] = a.rating;
  return { consequences, ratings };
}

export function turnHarmMark(view: TableView, me: Me): TurnHarmMark {
  const harm: Record<string, Harm> = {};
  for (const c of view.characters) if (answersFor(me, c)) harm[c.id] = harmOf(c);
  return { n: view.log.at(-1)?.n ?? 0, turn: turnOf(view, me), harm };
}

const card = (c: CharacterView) =>
  `[data-testid="character-card"][data-character=${cssString(c.name)}]`;

/**
 * My character's turn has come: told once a turn. A conflict begins with a turn for whoever
 * acts first when the GM starts it; one that an attack began is the attacker's turn, taken
 * already. The GM answers for the NPCs but moves the turns along, so the GM is told only when
 * the turn comes to an NPC from a player's character (the player ended their turn), not at
 * each NPC the GM moves on to.
 */
function turnNotice(mark: TurnHarmMark, view: TableView, me: Me, fresh: LogEntry[]): Need[] {
  const now = turnOf(view, me);
  const acting = actingOf(view);
  if (!now?.mine || !acting || now.key === mark.turn?.key) return [];
  if (!mark.turn && !fresh.some((e) => e.type === 'conflict.start')) return [];
  if (me.role === 'gm' && (!mark.turn || mark.turn.mine)) return [];
  return [
    {
      key: `turn:${now.key}`,
      kind: 'turn',
      tab: 'scene',
      text: messages.get().yourTurn({ name: acting.name }),
      action: messages.get().show,
      focus: ['[data-testid="turn"][aria-current="step"]', '[data-testid="conflict"]'],
    },
  ];
}

/** Who did something, as a toast names them: the GM, or the player by their seat's name. */
function whoDid(view: TableView, by: ActorRef): string {
  if (by.role === 'gm') return messages.get().theGm;
  return view.seats.find((s) => s.id === by.seatId)?.name ?? messages.get().someone;
}

/** The log entries that harm a character by someone's choice. */
const HARMS = new Set(['absorb', 'consequence.take']);

/**
 * Harm in `fresh` (log entries someone else made since the mark) on a character I answer for:
 * each consequence taken now and not then, and the aspects rated lower. What changed is read
 * from the character, who did it from the entry.
 */
function harmNotices(mark: TurnHarmMark, view: TableView, me: Me, fresh: LogEntry[]): Need[] {
  const out: Need[] = [];
  for (const entry of fresh) {
    if (!HARMS.has(entry.type) || entry.characterId === undefined) continue;
    const c = view.characters.find((x) => x.id === entry.characterId);
    const before = c && mark.harm[c.id];
    if (!c || !before || !answersFor(me, c)) continue;
    const by = whoDid(view, entry.by);
    for (const slot of c.consequences) {
      if (!slot.taken || before.consequences[slot.id] === slot.taken.text) continue;
      out.push({
        key: `harm:${entry.n}:${slot.id}`,
        kind: 'harm',
        tab: 'characters',
        text: messages.get().consequence({
          by,
          name: c.name,
          severity: severityWords.get()(slot.severity),
          text: slot.taken.text,
        }),
        action: messages.get().show,
        focus: [`${card(c)} .consequences`, card(c)],
      });
    }
    const lost = c.aspects.flatMap((a) => {
      const was = before.ratings[a.id];
      return a.rating !== undefined && was !== undefined && a.rating < was
        ? [`“${a.text}” ${signed(a.rating - was)}`]
        : [];
    });
    if (lost.length > 0) {
      out.push({
        key: `harm:${entry.n}:levels`,
        kind: 'harm',
        tab: 'characters',
        text: messages.get().levels({ by, name: c.name, aspects: lost.join(', ') }),
        action: messages.get().show,
        focus: [`${card(c)} .aspects`, card(c)],
      });
    }
  }
  return out;
}

/** Harm someone else put on my character since `mark`, then my turn if it has come. */
export function turnAndHarmNotices(mark: TurnHarmMark, view: TableView, me: Me): Need[] {
  if (me.role === 'spectator') return [];
  const fresh = othersSince(mark.n, view, me);
  return [...harmNotices(mark, view, me, fresh), ...turnNotice(mark, view, me, fresh)];
}
