import { outcomeOf } from '../../core/outcome';
import type { ActionRequest, ActionResolution, AspectActionKind } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { exhaustive, ok, refuse } from '../../core/types';
import { coreResolveAction } from '../shared/core-hooks';
import { resolveAspectAction, resolveAspectRemoval } from './actions';

/**
 * Edgerunner's roll resolution for the table. Creating an advantage is one of the aspect actions
 * — a maneuver on a new aspect, an assessment of an existing one — unless the roll names its kind
 * (a declaration) [ER-ACTION-1]; a removal rolls against the aspect's persistence
 * [ER-REMOVE-1]; overcome, attack and defend follow the core table, the text being silent.
 */
export function edgerunnerResolveAction(request: ActionRequest): Result<ActionResolution> {
  if (request.simple === true) {
    return refuse(
      'no-simple-actions',
      'Edgerunner rolls every action: there are no simple actions.',
    );
  }
  if (request.removal === true) {
    if (request.aspectAction !== undefined) {
      return refuse(
        'invalid-removal',
        'A removal roll is not a declaration, assessment or maneuver.',
      );
    }
    const removal = resolveAspectRemoval({
      skill: request.total,
      dice: 0,
      persistence: request.opposition,
    });
    return ok({
      action: request.action,
      outcome: outcomeOf(removal.shifts),
      shifts: removal.shifts,
      choices: [],
      effects: removal.removed ? [{ type: 'goal' }] : [{ type: 'nothing' }],
      removesAspect: removal.removed,
      rules: ['[ER-REMOVE-1]'],
    });
  }
  const kind = aspectActionOf(request);
  if (kind === undefined) {
    const core = coreResolveAction('Edgerunner', request);
    return core.ok ? ok({ ...core.value, rules: [...core.value.rules, '[ER-ACTION-1]'] }) : core;
  }
  if (request.action !== 'create-advantage') {
    return refuse(
      'invalid-action',
      `A ${kind} creates an advantage; it is not an ${request.action}.`,
    );
  }
  if (request.choice !== undefined) {
    return refuse(
      'invalid-choice',
      `No choice is open to a ${kind}: zero shifts place the aspect.`,
    );
  }
  const existing = request.target === 'existing-aspect';
  if (kind === 'assessment' ? request.target === 'new-aspect' : existing) {
    return refuse(
      'invalid-target',
      kind === 'assessment'
        ? 'An assessment finds an aspect that already exists: name it.'
        : `A ${kind} places a new aspect: give its text.`,
    );
  }
  const a = resolveAspectAction({
    kind,
    skill: request.total,
    opposition: request.opposition,
    dice: 0,
  });
  const placed = a.succeeded && a.kind !== 'assessment';
  return ok({
    action: 'create-advantage',
    outcome: outcomeOf(a.shifts),
    shifts: a.shifts,
    choices: [],
    effects: !a.succeeded
      ? [{ type: 'nothing' }]
      : placed
        ? [{ type: 'create-aspect', freeInvokes: a.freeInvokes, for: 'actor' }]
        : [{ type: 'free-invokes', count: a.freeInvokes }],
    ...(a.persistence === null ? {} : { persistence: a.persistence }),
    rules: ['[ER-ACTION-1]', '[ER-DECLARE-2]', '[ER-INVOKES-1]', '[ER-INVOKES-2]'],
  });
}

/** The aspect action a roll is: named, or read from create-an-advantage's target. */
function aspectActionOf(request: ActionRequest): AspectActionKind | undefined {
  if (request.aspectAction !== undefined) return request.aspectAction;
  switch (request.action) {
    case 'create-advantage':
      return request.target === 'existing-aspect' ? 'assessment' : 'maneuver';
    case 'overcome':
    case 'attack':
    case 'defend':
      return undefined;
    default:
      return exhaustive(request.action);
  }
}
