import * as Y from 'yjs';
import type { ActionRequest, ActionResolution, Result, Ruleset } from '@fateboard/rules';
import { tableRuleset } from '../access';
import type { Refusal } from '../context';
import { isRefusal, refuse } from '../context';
import { sideTotal } from './sides';
import type { PubRoots } from '../../doc/schema';
import { ROLL_LIMIT } from '../../doc/schema';
import type { RollView } from '../../doc/views';
import { readRoll } from '../../doc/views';
import type { YMap } from '../../doc/ymap';
import { appendAtEnd, put } from '../../doc/ymap';

/**
 * The table's recent rolls as stored: adding one (the oldest drop off past ROLL_LIMIT), finding
 * one, resolving and rescoring it by the table's ruleset, writing back what changed.
 */

/** Resolves a stored roll by the table's ruleset, with what outcome.apply adds. */
export function resolveRoll(
  ruleset: Ruleset,
  roll: RollView,
  extra: Partial<ActionRequest> = {},
): Result<ActionResolution> {
  return ruleset.resolveAction({
    action: roll.action,
    total: roll.actor.total,
    opposition: roll.opposition
      ? roll.opposition.total
      : (roll.difficulty ?? 0) + (roll.difficultyBonus ?? 0),
    opposed: roll.opposition !== undefined,
    ...(roll.aspectAction === undefined ? {} : { aspectAction: roll.aspectAction }),
    ...(roll.removes === undefined ? {} : { removal: true }),
    ...(roll.simple === true ? { simple: true } : {}),
    ...extra,
  });
}

/** Appends a new roll, dropping the oldest past ROLL_LIMIT. */
export function writeNewRoll(roots: PubRoots, view: RollView): void {
  const m = new Y.Map<unknown>();
  appendAtEnd(roots.rolls, [m]);
  for (const [key, value] of Object.entries(view)) m.set(key, value);
  const extra = roots.rolls.length - ROLL_LIMIT;
  if (extra > 0) roots.rolls.delete(0, extra);
}

export function findRoll(roots: PubRoots, id: string): { map: YMap; roll: RollView } | Refusal {
  for (const m of roots.rolls.toArray()) {
    if (m.get('id') === id) return { map: m, roll: readRoll(m) };
  }
  return refuse('not-found', `No recent roll "${id}".`, { id: 'no-roll' });
}

/** The table's ruleset and one of its recent rolls: where every handler acting on a roll starts. */
export function rollInPlay(
  roots: PubRoots,
  id: string,
): { ruleset: Ruleset; map: YMap; roll: RollView } | Refusal {
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const found = findRoll(roots, id);
  if (isRefusal(found)) return found;
  return { ruleset, ...found };
}

/** Recomputes totals and the outcome, by the table's ruleset, after a side changed. */
export function rescore(ruleset: Ruleset, roll: RollView): RollView {
  const actor = { ...roll.actor, ...sideTotal(roll.actor) };
  const opposition = roll.opposition
    ? { ...roll.opposition, ...sideTotal(roll.opposition) }
    : undefined;
  const next = { ...roll, actor, ...(opposition ? { opposition } : {}) };
  const resolved = resolveRoll(ruleset, next);
  return resolved.ok
    ? { ...next, outcome: resolved.value.outcome, shifts: resolved.value.shifts }
    : next;
}

/** Writes the fields of a roll that changed. */
export function writeRoll(map: YMap, roll: RollView): void {
  put(map, 'actor', roll.actor);
  put(map, 'opposition', roll.opposition);
  put(map, 'difficultyBonus', roll.difficultyBonus);
  put(map, 'invokes', roll.invokes);
  put(map, 'outcome', roll.outcome);
  put(map, 'shifts', roll.shifts);
  put(map, 'applied', roll.applied);
  put(map, 'hit', roll.hit);
  put(map, 'defence', roll.defence);
}
