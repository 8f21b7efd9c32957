import {
  diceDistribution,
  outcomeOdds,
  ladderRungs,
  signed,
  freeInvokesForShifts,
  exchangeOdds,
  narrativeActionOdds,
  opposedOutcomeOdds,
} from '@fateboard/rules';
import { fromStore } from 'svelte/store';
import { OUTCOME_LABEL } from './game-words';
import { i18n, params } from './i18n';
import type {
  ActionKind,
  ConflictModifiers,
  Outcome,
  OutcomeCounts,
  Ruleset,
  RulesetFeatures,
} from '@fateboard/rules';

/**
 * The client's one door to the rules package: the games (the package's own registry) and the
 * exact odds. Nothing here re-implements a rule; it only finds the package's own data and
 * functions.
 */
export { ALL_RULESETS, rulesetById } from '@fateboard/rules';

export { diceDistribution, outcomeOdds, ladderRungs, signed };

// The game's words in the reader's language, as stores of functions: `$ladderLabel(3)` in a
// component, `ladderLabel.get()(3)` in a module (game-words.ts).
export { ladderLabel, OUTCOME_LABEL, rulesetName, skillName } from './game-words';

export { freeInvokesForShifts };
export {
  declarationSkill,
  narrativeActionKind,
  resolveAspectAction,
  conflictModifier,
  STUNT_BONUS,
  bonusStunts,
  stuntBonuses,
  teamworkBonuses,
} from '@fateboard/rules';

export const messages = i18n('lib/rules', {
  odds: 'Exact odds before you roll',
  oddsAtOrAbove: 'Exact odds before you roll: success at or above the difficulty',
  oddsExchange: 'Exact odds of the exchange: a side wins only at Poor or better and higher',
  wins: params('{name} wins'),
  neither: 'Neither wins',
  opposing: params('{name} (opposing)'),
});
// Read where the odds are derived, so a change of language redraws them.
const text = fromStore(messages);
const outcomes = fromStore(OUTCOME_LABEL);

const NO_FEATURES: RulesetFeatures = {
  aspectActions: false,
  removal: false,
  sideModifiers: false,
  initiative: false,
  recoversAtConflictEnd: false,
};

/** What a game plays beyond the four actions (its own data), none before the table loads. */
export function featuresOf(ruleset: Ruleset | undefined): RulesetFeatures {
  return ruleset?.features ?? NO_FEATURES;
}

/** "0 → 0, 1–2 → 1, …": the free invokes a number of shifts buys, from the rules' table. */
export function freeInvokeTable(max = 10): { from: number; to: number; invokes: number }[] {
  const rows: { from: number; to: number; invokes: number }[] = [];
  for (let s = 0; s <= max; s++) {
    const invokes = freeInvokesForShifts(s);
    const last = rows[rows.length - 1];
    if (last && last.invokes === invokes) last.to = s;
    else rows.push({ from: s, to: s, invokes });
  }
  return rows;
}

/** One bar of the odds chart: a visible label, its count of equally likely rolls, a colour. */
export interface OddsRow {
  key: string;
  label: string;
  numerator: number;
  tone: 'fail' | 'tie' | 'success' | 'success-with-style';
}

/** Exact odds as labelled rows; the numerators add up to `denominator`. */
export interface OddsTable {
  caption: string;
  denominator: number;
  rows: OddsRow[];
}

const CORE_ORDER: Outcome[] = ['fail', 'tie', 'success', 'success-with-style'];

function outcomeRows(numerators: OutcomeCounts, keep: (o: Outcome) => boolean): OddsRow[] {
  return CORE_ORDER.filter(keep).map((o) => ({
    key: o,
    label: outcomes.current[o],
    numerator: numerators[o],
    tone: o,
  }));
}

const isNarrative = (ruleset: Ruleset | undefined): boolean => ruleset?.id === 'narrative';

/**
 * The odds of a roll against a fixed difficulty (or a persistence, or a declaration's Mediocre).
 * `total` is everything on the roll but the dice. Narrative has no tie: a complex action
 * succeeds at or above the difficulty, so its rows are fail / success / with style, counted by
 * the narrative rules; every other game uses the core outcomes.
 */
export function difficultyOdds(
  ruleset: Ruleset | undefined,
  action: ActionKind,
  total: number,
  difficulty: number,
): OddsTable {
  if (isNarrative(ruleset)) {
    const o = narrativeActionOdds({ action, total, difficulty });
    return {
      caption: text.current.oddsAtOrAbove,
      denominator: o.denominator,
      rows: outcomeRows(o.numerators, (k) => k !== 'tie'),
    };
  }
  const o = outcomeOdds({ skill: total, opposition: difficulty, dice: ruleset?.diceCount ?? 4 });
  return {
    caption: text.current.odds,
    denominator: o.denominator,
    rows: outcomeRows(o.numerators, () => true),
  };
}

/** One side of an opposed roll, as the tray knows it. */
export interface OddsSide {
  name: string;
  /** The skill or aspect rating, before any modifier. */
  rating: number;
  /** narrative: strategy, creativity and tools, counted by the side's role. */
  modifiers?: ConflictModifiers;
  /** Everything else on the roll, whatever the role (other games put their modifiers here). */
  bonus?: number;
}

/**
 * The odds of a roll against an opposing character, who rolls too. In narrative this is a
 * conflict exchange: the roller is the aggressor (the defender on a defend roll), a side wins
 * only at Poor or better and higher than the other, so the rows are "<roller> wins", "Neither
 * wins", "<opponent> wins". Elsewhere the core outcomes, weighted by the opponent's dice.
 */
export function opposedOdds(
  ruleset: Ruleset | undefined,
  action: ActionKind,
  actor: OddsSide,
  opponent: OddsSide,
): OddsTable {
  if (isNarrative(ruleset)) {
    const side = (s: OddsSide) => ({
      rating: s.rating,
      ...(s.modifiers ? { modifiers: s.modifiers } : {}),
      ...(s.bonus === undefined ? {} : { bonus: s.bonus }),
    });
    const actorDefends = action === 'defend';
    const o = actorDefends
      ? exchangeOdds(side(opponent), side(actor))
      : exchangeOdds(side(actor), side(opponent));
    const mine = actorDefends ? o.numerators.defender : o.numerators.aggressor;
    const theirs = actorDefends ? o.numerators.aggressor : o.numerators.defender;
    const theirName =
      opponent.name === actor.name ? text.current.opposing({ name: opponent.name }) : opponent.name;
    return {
      caption: text.current.oddsExchange,
      denominator: o.denominator,
      rows: [
        {
          key: 'actor',
          label: text.current.wins({ name: actor.name }),
          numerator: mine,
          tone: 'success',
        },
        {
          key: 'neither',
          label: text.current.neither,
          numerator: o.numerators.neither,
          tone: 'tie',
        },
        {
          key: 'opponent',
          label: text.current.wins({ name: theirName }),
          numerator: theirs,
          tone: 'fail',
        },
      ],
    };
  }
  const o = opposedOutcomeOdds({
    skill: actor.rating + (actor.bonus ?? 0),
    opposition: opponent.rating + (opponent.bonus ?? 0),
    dice: ruleset?.diceCount ?? 4,
  });
  return {
    caption: text.current.odds,
    denominator: o.denominator,
    rows: outcomeRows(o.numerators, () => true),
  };
}

/** A row's share as the chart shows it: "<1%" for a sliver, else a whole percent. */
export function oddsPercent(numerator: number, denominator: number): string {
  const p = denominator > 0 ? (100 * numerator) / denominator : 0;
  return p > 0 && p < 1 ? '<1%' : `${Math.round(p)}%`;
}
