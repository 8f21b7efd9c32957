import type { Result } from '../../core/types';
import { exhaustive, ok, refuse } from '../../core/types';

/**
 * Who may place, change or remove which kind of aspect in Edgerunner [ER-ASPECTS-1..6].
 * "Controls" is the text's word: the GM controls everything except the player characters and
 * their related entities; a player controls her character and what belongs to it.
 */
export type AspectChangeKind = 'add' | 'modify' | 'remove';

export interface AspectChangeRequest {
  actor: 'gm' | 'player';
  /** Whether the actor controls the thing the aspect sits on. */
  actorControlsTarget: boolean;
  change: AspectChangeKind;
  /** The aspect placed, or the one being changed or removed, is permanent. */
  permanent: boolean;
  /** A refresh is happening now (players rewrite their permanent aspects then). */
  atRefresh?: boolean;
  /** The target has been taken out by the actor (or the actor's side). */
  targetTakenOutByActor?: boolean;
}

/**
 * What the change still needs once it is allowed:
 * - `none`: it simply happens;
 * - `aspect-action`: a declaration, assessment or maneuver roll (zero shifts place it) [ER-DECLARE-1];
 * - `removal-roll`: a roll against the shifts that created the aspect [ER-REMOVE-1];
 * - `declaration-if-disputed`: it happens, but the controlling player may dispute it with a
 *   declaration roll [ER-ASPECTS-3].
 */
export type AspectChangeRequirement =
  'none' | 'aspect-action' | 'removal-roll' | 'declaration-if-disputed';

export function checkAspectChange(req: AspectChangeRequest): Result<AspectChangeRequirement> {
  const takenOut = req.targetTakenOutByActor === true;
  if (req.actor === 'gm') {
    // [ER-ASPECTS-2] The referee assigns both kinds at will to anything he controls.
    if (req.actorControlsTarget) return ok('none');
    if (req.permanent && !takenOut) {
      return refuse(
        'gm-permanent-on-player-thing',
        'The GM may not give a player-controlled character or thing a permanent aspect unless it was taken out.',
      );
    }
    if (req.permanent) return ok('none');
    // [ER-ASPECTS-3] Temporary aspects on player things stand unless the player disputes them.
    return ok('declaration-if-disputed');
  }
  if (req.actorControlsTarget) {
    if (req.permanent) {
      // [ER-ASPECTS-4] A player rewrites her own permanent aspects only at a refresh.
      if (req.atRefresh === true) return ok('none');
      return refuse(
        'permanent-only-at-refresh',
        'You can change the permanent aspects of what you control only during a refresh.',
      );
    }
    // Temporary aspects on her own things: placing one is still an aspect action (a maneuver on
    // herself, e.g. "Dug in for the long shot"); letting one go needs nothing.
    return ok(req.change === 'add' ? 'aspect-action' : 'none');
  }
  if (req.permanent) {
    // [ER-ASPECTS-5] Permanent aspects of others change only when the player took them out.
    if (takenOut) return ok('none');
    return refuse(
      'permanent-needs-taken-out',
      'You can change the permanent aspects of something you do not control only after taking it out.',
    );
  }
  switch (req.change) {
    case 'add':
      // [ER-ASPECTS-6] Declarations, assessments and maneuvers place temporary aspects.
      return ok('aspect-action');
    case 'modify':
    case 'remove':
      // [ER-REMOVE-1] Removing (or rewriting) someone else's aspect rolls against its persistence.
      return ok('removal-roll');
    default:
      return exhaustive(req.change);
  }
}
