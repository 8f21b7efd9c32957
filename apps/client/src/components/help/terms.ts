import { i18n } from '../../lib/i18n';

/**
 * Short definitions of the game words the interface uses (`<Term id="gm-pool">GM pool</Term>`).
 * A word some game plays differently has a variant for that game (`stress` in pirates, which
 * has one track). Loaded on first use by Term.svelte, so the table view's first bundle stays
 * without them.
 */
export const messages = i18n('lib/terms', {
  gmPool:
    'Fate points the GM spends for NPCs: one per player in the scene at its start, lost when the scene ends.',
  boost: 'A fleeting aspect with one free invoke; it is gone once used.',
  persistence:
    'The shifts that created the aspect: a roll to remove it must meet this many (edgerunner).',
  freeInvoke:
    'An invoke already paid for: +2 or a reroll without spending a fate point. Its holder may pass it on.',
  refresh:
    'The fate points a character starts each session with, at least: anyone below it is topped up.',
  stress:
    'Boxes that soak a hit for the moment: check one box per hit; they clear when the scene ends.',
  stressPirates:
    'One track of boxes [1][2][3]: check one box per hit, which soaks up to its value; they clear between scenes.',
  consequence:
    'A lasting harm written as an aspect: it soaks 2, 4 or 6 shifts of a hit, and the attacker gets a free invoke on it.',
  consequenceEdgerunner:
    'A harmful aspect you take on purpose for +1, +2 or +4 on a roll; it stays until its time is up.',
  consequenceNarrative: 'This game has no consequences: damage lowers aspect ratings instead.',
  concede:
    'Give up the conflict before the defence is rolled: you lose what you fought for, say how you leave, and gain fate points.',
  takenOut: 'Out of the scene: the one who took you out says what happens to you.',
  takenOutNarrative:
    'Incapacitated: every aspect is down to Poor (−1), so you cannot go on in this conflict.',
  shipAspect: 'An aspect true of both you and your ship or crew.',
  declaration:
    'A player states a fact as a new aspect; the other players’ support (+1 each) or opposition (−1) is the skill rolled.',
  assessment: 'Your character studies an existing aspect to gain one free invoke on it.',
  maneuver: 'Your character acts to put a new aspect in play, rolling a skill.',
  aspectRating:
    'In this game an aspect has a rating on the ladder and is rolled like a skill; damage lowers it.',
  fatePoint:
    'Spend one to invoke an aspect or refuse a compel; gain them by accepting compels and conceding.',
  fateDice:
    '4dF: four Fate dice, each showing −, blank or +. Their sum (−4 to +4) is added to your skill.',
  fateDiceNarrative:
    '3dF: three Fate dice, each showing −, blank or +. Their sum (−3 to +3) is added to your aspect.',
});

export type TermId =
  | 'gm-pool'
  | 'boost'
  | 'persistence'
  | 'free-invoke'
  | 'refresh'
  | 'stress'
  | 'consequence'
  | 'concede'
  | 'taken-out'
  | 'ship-aspect'
  | 'declaration'
  | 'assessment'
  | 'maneuver'
  | 'aspect-rating'
  | 'fate-point'
  | 'fate-dice';

type Key = keyof ReturnType<typeof messages.get>;

const KEYS: Record<TermId, Key> = {
  'gm-pool': 'gmPool',
  boost: 'boost',
  persistence: 'persistence',
  'free-invoke': 'freeInvoke',
  refresh: 'refresh',
  stress: 'stress',
  consequence: 'consequence',
  concede: 'concede',
  'taken-out': 'takenOut',
  'ship-aspect': 'shipAspect',
  declaration: 'declaration',
  assessment: 'assessment',
  maneuver: 'maneuver',
  'aspect-rating': 'aspectRating',
  'fate-point': 'fatePoint',
  'fate-dice': 'fateDice',
};

/** The key of a term's definition, the game's own variant where it has one. */
export function definitionKey(id: TermId, ruleset: string | undefined): Key {
  const base = KEYS[id];
  const game = ruleset
    ? ruleset.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase())
    : '';
  const variant = `${base}${game}`;
  return variant in messages.get() ? (variant as Key) : base;
}
