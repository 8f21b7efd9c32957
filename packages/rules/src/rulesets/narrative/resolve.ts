import type { ActionEffect } from '../../core/actions';
import { actionEffect } from '../../core/actions';
import type { Outcome } from '../../core/outcome';
import type { ActionRequest, ActionResolution } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { ok, refuse } from '../../core/types';
import { actionSpecOf } from '../shared/core-hooks';
import {
  narrativeActionKind,
  resolveCinematic,
  resolveComplexAction,
  resolveExchange,
} from './resolution';

/**
 * Narrative's roll resolution for the table. Totals come in with the strategy / creativity /
 * tools modifiers already added for each side's role [NAR-STRATEGY-1]. Simple actions succeed
 * unrolled [NAR-SIMPLE-1]; complex actions succeed at or above the difficulty [NAR-COMPLEX-1];
 * an attack against a difficulty is a cinematic conflict [NAR-CINEMATIC-1]; against a character
 * it is an exchange won only at Poor or better [NAR-CONFLICT-1..3], the loser taking the degree
 * as damage [NAR-DAMAGE-1]. Overcome and create an advantage grant what the core table grants
 * for the outcome they come to [NAR-ACTION-1].
 */
export function narrativeResolveAction(request: ActionRequest): Result<ActionResolution> {
  if (request.aspectAction !== undefined || request.removal === true) {
    return refuse(
      'no-aspect-actions',
      'Narrative has no declarations, assessments, maneuvers or removal rolls.',
    );
  }
  const conflict = request.opposed || request.action === 'attack' || request.action === 'defend';
  if (request.simple === true) {
    if (conflict) return refuse('not-simple', 'A conflict is always rolled [NAR-CINEMATIC-1].');
    if (narrativeActionKind(request.total, request.opposition) !== 'simple') {
      return refuse(
        'not-simple',
        'Only an aspect higher than the difficulty succeeds without a roll; roll it.',
      );
    }
    return coreEffects(request, 'success', 0, ['[NAR-SIMPLE-1]', '[NAR-ACTION-1]']);
  }
  if (!request.opposed && request.action === 'attack') {
    const c = resolveCinematic({
      rating: request.total,
      dice: 0,
      minionRating: request.opposition,
    });
    return ok({
      action: 'attack',
      outcome: outcomeOfDegree(c.degree),
      shifts: c.degree,
      choices: [],
      effects:
        c.success && c.degree > 0 ? [{ type: 'hit', shifts: c.degree }] : [{ type: 'nothing' }],
      ...(c.damageToCharacter > 0
        ? { damage: { to: 'actor' as const, levels: c.damageToCharacter } }
        : {}),
      rules: ['[NAR-CINEMATIC-1]', '[NAR-DAMAGE-1]'],
    });
  }
  if (!request.opposed) {
    const r = resolveComplexAction({
      rating: request.total,
      difficulty: request.opposition,
      dice: 0,
    });
    const degree = r.degree ?? 0;
    return coreEffects(request, outcomeOfDegree(degree), degree, [
      '[NAR-COMPLEX-1]',
      '[NAR-ACTION-1]',
    ]);
  }
  // An exchange: the actor is the aggressor, or the defender on a defend roll.
  const actorDefends = request.action === 'defend';
  const actor = { id: 'actor', rating: request.total, dice: 0 };
  const other = { id: 'opposition', rating: request.opposition, dice: 0 };
  const ex = actorDefends ? resolveExchange(other, actor) : resolveExchange(actor, other);
  const rules = ['[NAR-CONFLICT-1]', '[NAR-CONFLICT-2]', '[NAR-CONFLICT-3]'];
  const actorWon = ex.damage?.targetId === 'opposition';
  const outcome: Outcome =
    ex.damage === null ? 'tie' : actorWon ? outcomeOfDegree(ex.degree) : 'fail';
  const shifts = ex.damage === null ? 0 : actorWon ? ex.degree : -ex.degree;
  if (request.action !== 'attack' && request.action !== 'defend') {
    // A contest that is not a fight: no damage; no winner (a tie, or both below Poor) is a failure.
    return coreEffects(request, outcome === 'tie' ? 'fail' : outcome, shifts, [
      ...rules,
      '[NAR-ACTION-1]',
    ]);
  }
  const effects: ActionEffect[] =
    ex.damage === null
      ? [{ type: 'nothing' }]
      : request.action === 'attack'
        ? actorWon
          ? [{ type: 'hit', shifts: ex.degree }]
          : [{ type: 'nothing' }]
        : [{ type: 'opposed-outcome', outcome: actorWon ? 'fail' : 'success', shifts: -shifts }];
  return ok({
    action: request.action,
    outcome,
    shifts,
    choices: [],
    effects,
    ...(ex.damage === null
      ? {}
      : {
          damage: {
            to: ex.damage.targetId === 'actor' ? ('actor' as const) : ('opposition' as const),
            levels: ex.damage.levels,
          },
        }),
    rules: [...rules, '[NAR-DAMAGE-1]'],
  });
}

/** A degree of success as an outcome: no ties outside conflicts; 3 or more is with style. */
function outcomeOfDegree(degree: number): Outcome {
  if (degree < 0) return 'fail';
  return degree >= 3 ? 'success-with-style' : 'success';
}

function coreEffects(
  request: ActionRequest,
  outcome: Outcome,
  shifts: number,
  rules: string[],
): Result<ActionResolution> {
  const decided = actionEffect(
    actionSpecOf(request),
    { outcome, shifts },
    request.choice === undefined ? {} : { choice: request.choice },
  );
  if (!decided.ok) return decided;
  return ok({ ...decided.value, rules });
}
