import type { ActionSpec } from '../../core/actions';
import { actionEffect } from '../../core/actions';
import type { Character } from '../../core/character';
import { resolve } from '../../core/outcome';
import type {
  ActionRequest,
  ActionResolution,
  ConsequenceRequest,
  InitiativeEntry,
  Ruleset,
  RulesetFeatures,
  SideModifiers,
} from '../../core/ruleset';
import type { Result } from '../../core/types';
import { exhaustive, ok, refuse } from '../../core/types';

/**
 * The `Ruleset` hooks shared by the games that play Fate Core's four actions as they stand
 * (`fate-core`, `pirates`), and the pieces the other games reuse where their texts are silent.
 */

/** Fate Core's four actions as they stand, none of the other games' extras. */
export const CORE_FEATURES: RulesetFeatures = {
  aspectActions: false,
  removal: false,
  sideModifiers: false,
  initiative: false,
  recoversAtConflictEnd: false,
};

/**
 * What a game that plays the four actions as they stand (`fate-core`, `pirates`) sets in its
 * `Ruleset`: no extras, the core resolution, hand-written consequences; `game` names it in refusals.
 */
export function coreActionHooks(
  game: string,
): Pick<
  Ruleset,
  'features' | 'resolveAction' | 'takeConsequence' | 'sideModifiers' | 'initiative'
> {
  return {
    features: CORE_FEATURES,
    resolveAction: (request) => coreResolveAction(game, request),
    takeConsequence: handWrittenConsequence,
    sideModifiers: noSideModifiers(game),
    initiative: noInitiative(game),
  };
}

/** The action as the core action table sees it [CORE-ACTION-1]. */
export function actionSpecOf(request: ActionRequest): ActionSpec {
  switch (request.action) {
    case 'overcome':
    case 'attack':
      return { action: request.action };
    case 'create-advantage':
      return { action: 'create-advantage', target: request.target ?? 'new-aspect' };
    case 'defend':
      return {
        action: 'defend',
        against: request.against ?? 'attack',
        ...(request.protecting === undefined ? {} : { protecting: request.protecting }),
      };
    default:
      return exhaustive(request.action);
  }
}

/**
 * Core resolution: the outcome ladder [CORE-OUTCOME-1..2] and the action table
 * [CORE-ACTION-1]. Refuses the other games' kinds of roll with a reason.
 */
export function coreResolveAction(name: string, request: ActionRequest): Result<ActionResolution> {
  if (request.aspectAction !== undefined) {
    return refuse(
      'no-aspect-actions',
      `${name} has no declarations, assessments or maneuvers: create an advantage instead.`,
    );
  }
  if (request.removal === true) {
    return refuse(
      'no-removal-roll',
      `${name} does not roll against an aspect's persistence: the GM sets the difficulty of an overcome to remove it.`,
    );
  }
  if (request.simple === true) {
    return refuse('no-simple-actions', `${name} rolls every action: there are no simple actions.`);
  }
  const decided = actionEffect(
    actionSpecOf(request),
    resolve(request.total, request.opposition),
    request.choice === undefined ? {} : { choice: request.choice },
  );
  if (!decided.ok) return decided;
  return ok({ ...decided.value, rules: ['[CORE-OUTCOME-1]', '[CORE-ACTION-1]'] });
}

/**
 * A consequence written outside a hit, in the games where consequences absorb hits: only the
 * GM writes one by hand; players take them by absorbing a hit.
 */
export function handWrittenConsequence(
  character: Character,
  request: ConsequenceRequest,
): Result<{ character: Character; bonus?: number }> {
  if (!request.byGm) {
    return refuse(
      'gm-only',
      'Consequences are taken by absorbing a hit; only the GM writes one directly.',
    );
  }
  const slot = character.consequences.find((s) => s.id === request.slotId);
  if (!slot) return refuse('no-such-slot', `There is no consequence slot "${request.slotId}".`);
  if (slot.taken) {
    return refuse('slot-full', `The ${slot.severity} slot already holds "${slot.taken.text}".`);
  }
  if (request.text.trim() === '') return refuse('consequence-text', 'Name the consequence.');
  return ok({
    character: {
      ...character,
      consequences: character.consequences.map((s) =>
        s.id === request.slotId
          ? { ...s, taken: { text: request.text.trim(), recovering: false } }
          : s,
      ),
    },
  });
}

/** Games without strategy, creativity or tools modifiers: invoke aspects instead. */
export function noSideModifiers(name: string): Ruleset['sideModifiers'] {
  return (modifiers: SideModifiers) =>
    (modifiers.strategy ?? 'none') === 'none' &&
    (modifiers.creativity ?? 0) === 0 &&
    modifiers.tool !== true
      ? ok([])
      : refuse(
          'no-conflict-modifiers',
          `${name} has no strategy, creativity or tools modifiers: invoke an aspect instead.`,
        );
}

/** Games whose texts give no initiative rule: the GM gives the turn order. */
export function noInitiative(name: string): Ruleset['initiative'] {
  return (_entries: readonly InitiativeEntry[]) =>
    refuse('no-initiative', `${name} has no initiative roll here: the GM gives the turn order.`);
}
