import * as v from 'valibot';
import { AspectText, HarmKind, Id, cmd, int, keyedRecord } from '../fields';

/** The harm commands: absorbing a hit, being taken out or conceding, consequences. */

export const AbsorbCommand = cmd('absorb', {
  characterId: Id,
  /** Optional with `rollId`: the hit (or narrative damage) the roll's outcome left pending. */
  shifts: v.optional(int(1, 30)),
  kind: v.optional(HarmKind),
  /** Index into the ruleset's absorption options for this hit. */
  option: int(0, 63),
  /** A name for each consequence the option fills, by slot id. */
  names: v.optional(keyedRecord(Id, AspectText)),
  /** fate-core: the aspect an extreme consequence in the option replaces [FC-EXTREME-1]. */
  replacesAspectId: v.optional(Id),
  /** The attack roll: its character's owner gets the free invokes on new consequences. */
  rollId: v.optional(Id),
});
export const TakenOutCommand = cmd('taken-out', { characterId: Id });
export const ConcedeCommand = cmd('concede', {
  characterId: Id,
  /** The roll whose defence the character gives up instead of rolling it. */
  rollId: v.optional(Id),
});
export const ConsequenceTakeCommand = cmd('consequence.take', {
  characterId: Id,
  slotId: Id,
  text: AspectText,
  /** edgerunner: the character's roll that gets the consequence's bonus. */
  rollId: v.optional(Id),
});
export const ConsequenceRecoverCommand = cmd('consequence.recover', {
  characterId: Id,
  /** The consequence slot (fate-core, pirates); narrative recovers aspect ratings. */
  slotId: v.optional(Id),
  /** The renamed aspect, if the recovery changes it. */
  text: v.optional(AspectText),
  /**
   * narrative: the situation remains (half back); the damage was physical, so it needs the
   * successful healing roll (a complex action, the overcome of a difficulty) that healed it.
   */
  situationRemains: v.optional(v.boolean()),
  physical: v.optional(v.boolean()),
  healRollId: v.optional(Id),
});
export const ConsequenceClearCommand = cmd('consequence.clear', { characterId: Id, slotId: Id });
/** The GM's powerful healing: the consequence one level less severe [FC-HEAL-1]. */
export const ConsequenceHealCommand = cmd('consequence.heal', { characterId: Id, slotId: Id });
