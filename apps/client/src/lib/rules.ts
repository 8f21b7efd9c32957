import {
  RULESET_IDS,
  edgerunner,
  fateCore,
  narrative,
  pirates,
  diceDistribution,
  outcomeOdds,
  ladderLabel,
  ladderRungs,
  signed,
  freeInvokesForShifts,
} from '@fateboard/rules';
import type { Outcome, Ruleset, RulesetId } from '@fateboard/rules';

/**
 * The client's one door to the rules package: the four rulesets and the exact odds. Nothing
 * here re-implements a rule; it only finds the package's own data and functions.
 */
const BY_ID: Record<RulesetId, Ruleset> = {
  'fate-core': fateCore,
  pirates,
  edgerunner,
  narrative,
};

/** The four rulesets in the package's order, for the table-creation picker. */
export const RULESETS: { id: RulesetId; name: string; summary: string }[] = RULESET_IDS.map(
  (id) => ({ id, name: BY_ID[id].name, summary: BY_ID[id].summary }),
);

export function getRuleset(id: string): Ruleset | undefined {
  return (BY_ID as Record<string, Ruleset | undefined>)[id];
}

export function rulesetName(id: string): string {
  return getRuleset(id)?.name ?? id;
}

export { diceDistribution, outcomeOdds, ladderLabel, ladderRungs, signed };

export const OUTCOME_LABEL: Record<Outcome, string> = {
  fail: 'Fail',
  tie: 'Tie',
  success: 'Success',
  'success-with-style': 'Success with style',
};

/** The display name of a skill id in a ruleset. */
export function skillName(ruleset: Ruleset | undefined, id: string): string {
  return ruleset?.skills?.find((s) => s.id === id)?.name ?? id;
}

export { freeInvokesForShifts };
export {
  declarationSkill,
  narrativeActionKind,
  resolveAspectAction,
  conflictModifier,
} from '@fateboard/rules';

/**
 * What a game has, asked of the ruleset itself (it refuses what it lacks), so the client
 * shows only the controls the game plays.
 */
export function capabilities(ruleset: Ruleset | undefined): {
  aspectActions: boolean;
  removal: boolean;
  sideModifiers: boolean;
  initiative: boolean;
} {
  if (!ruleset)
    return { aspectActions: false, removal: false, sideModifiers: false, initiative: false };
  const base = { total: 0, opposition: 0, opposed: false } as const;
  return {
    aspectActions: ruleset.resolveAction({
      ...base,
      action: 'create-advantage',
      aspectAction: 'maneuver',
    }).ok,
    removal: ruleset.resolveAction({ ...base, action: 'overcome', removal: true }).ok,
    sideModifiers: ruleset.sideModifiers({ strategy: 'aggressive' }, 'aggressor').ok,
    initiative: ruleset.initiative([{ id: 'a', rating: 0 }], 'aspect', () => 0.5).ok,
  };
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
