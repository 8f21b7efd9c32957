import { REFUSAL_WORDS } from '@fateboard/table';
import type { Ack, RefusalReasonId } from '@fateboard/table';
import { i18n, params } from './i18n';

type RefusalReason = NonNullable<Extract<Ack, { ok: false }>['reason']>;

/**
 * What a refusal's code says: the table's words for each code (@fateboard/table's
 * REFUSAL_CODES), in the reader's language. In English the server's own message stays (it is
 * already meant for people, and often says more); in another language the refusal's reason
 * (below) says it where the server sent one this version knows, else its code's words here,
 * else `refused`: never the server's English. Keys are the codes.
 */
export const messagesCodes = i18n('lib/refusal-codes', REFUSAL_WORDS);

/**
 * A refusal's reason (the acknowledgement's `reason`, @fateboard/table's RefusalReason), said
 * in the reader's language with its parameters. Keys are the reason ids in camelCase; a key
 * for every id, which the test checks.
 */
export const messagesReasons = i18n('lib/refusal-reasons', {
  noCharacter: 'That character is not at the table.',
  noAspect: 'That aspect is not at the table.',
  blankAspect: 'That aspect is blank.',
  noSeat: 'That seat is not at the table.',
  noRoll: 'That roll is no longer among the recent ones.',
  noCompel: 'That compel is no longer open.',
  noConsequence: 'That consequence is no longer there.',
  noCountdown: 'That countdown is not at the table.',
  noHandout: 'That handout is not prepared.',
  tooManyHandouts: params('A table keeps at most {max} handouts; delete one first.'),
  noNote: 'That note is gone.',
  noHidden: 'That is no longer hidden.',
  noHelpRequest: 'That request for help is no longer open.',
  noStressBox: params('{name} has no such stress box.'),
  noSkill: params('{ruleset} has no such skill.'),
  rulesetUnavailable: params('The ruleset "{ruleset}" is not available.'),
  noConsequenceBonus: 'This consequence gives no bonus to a roll.',
  notAHealingRoll: params('That roll was not a healing action for {name}.'),
  healingFailed: params("The healing failed: {name}'s physical damage stays."),
  healingUsed: 'That healing roll has already been used.',
  stillInConflict: params(
    '{name} is still in the conflict: lost levels come back once it is over.',
  ),
  helpOpposing: params('{name} is on the other side of this roll and cannot help it.'),
  helpNotAgreed: params('{name} helps once their player agrees: ask them first.'),
  claimNeeded: params("{name}'s seat waits for its player: ask the GM for its claim link."),
  badClaim: params("This claim link is not (or no longer) {name}'s: ask the GM for a new one."),
  alreadyApplied: 'That roll’s outcome was already applied.',
  alreadyOut: params('{name} is already out.'),
  noteNeedsText: 'A new note needs some text.',
  recoveryNeedsConsequence: 'Name the consequence to recover.',
  recoveryIsOvercome: 'A recovery roll is an overcome.',
  recoveryAlone: 'A recovery roll is against the consequence alone.',
  renameNeedsRecovery: 'Only a recovery roll renames a consequence.',
  sheetAspectEdit: 'A sheet’s aspects change in its editor, consequences with their own buttons.',
  defenderRolls: 'A defender rolls their own defence.',
  nameTaken: params('“{name}” is already a character at this table: give this one another name.'),
  proposeFirst: "Put the declaration to the table's vote first.",
  voteOpen: params(
    'The table is still voting on this declaration ({count} to vote); the GM may close the vote.',
  ),
  voteClosed: 'The vote on this declaration is closed.',
  alreadyVoted: 'You have already voted on this declaration.',
  declarationOpen: 'Your declaration is still before the table: roll or withdraw it.',
  notAVoter: 'You joined after this declaration was put to the vote.',
  ownDeclaration: 'You made this declaration: the others vote on it.',
  notDeclarer: params("{name}'s player makes {name}'s declarations."),
  noDeclaration: 'That declaration is no longer before the table.',
  gmSaysWhen: params(
    "The rest of {name}'s lost levels come back when the GM says the situation is over, or after healing.",
  ),
  notController: params("Only {name}'s player takes a consequence for {name}."),
  noZone: 'That zone is not on the board.',
  noBorder: 'That border is not on the board.',
  zoneOffBoard: 'That zone would reach past the edge of the board.',
  zoneOverlap: params('That zone would overlap {name}.'),
  boardFull: params('The board holds at most {limit} of those.'),
  borderSameZone: 'A border joins two different zones.',
  borderExists: 'Those two zones already share a border.',
  placeNeedsSituation: 'Only a situation aspect stands on a zone or border.',
  placePrepared: 'That zone or border is still prepared: reveal the board first.',
  placeFull: params('A zone or border holds at most {limit} aspects.'),
  sameZone: 'That token is already there.',
  notThisMove: 'That roll was not this move’s overcome.',
  moveRollUsed: 'That roll already made its move.',
  zoneAttackAlone: 'Nobody in that zone to attack.',
  zoneAttackStunt: params('{name} has no stunt that attacks everyone in a zone.'),
  notInScene: params('{name} is not in the scene.'),
  unreachable: 'No border leads there: only the GM can place a token so.',
  moveRollFailed: 'The overcome failed: the way stays barred.',
  moveNeedsOvercome: params('That move needs an overcome against {difficulty} ({distance} zones).'),
});

type ReasonKey = keyof ReturnType<typeof messagesReasons.get>;

/** Every reason id's key (checked to be complete by the type and the test). */
export const REASON_KEYS: Record<RefusalReasonId, ReasonKey> = {
  'no-character': 'noCharacter',
  'no-aspect': 'noAspect',
  'blank-aspect': 'blankAspect',
  'no-seat': 'noSeat',
  'no-roll': 'noRoll',
  'no-compel': 'noCompel',
  'no-consequence': 'noConsequence',
  'no-countdown': 'noCountdown',
  'no-handout': 'noHandout',
  'too-many-handouts': 'tooManyHandouts',
  'no-note': 'noNote',
  'no-hidden': 'noHidden',
  'no-help-request': 'noHelpRequest',
  'no-stress-box': 'noStressBox',
  'no-skill': 'noSkill',
  'ruleset-unavailable': 'rulesetUnavailable',
  'no-consequence-bonus': 'noConsequenceBonus',
  'not-a-healing-roll': 'notAHealingRoll',
  'healing-failed': 'healingFailed',
  'healing-used': 'healingUsed',
  'still-in-conflict': 'stillInConflict',
  'help-opposing': 'helpOpposing',
  'help-not-agreed': 'helpNotAgreed',
  'claim-needed': 'claimNeeded',
  'bad-claim': 'badClaim',
  'already-applied': 'alreadyApplied',
  'already-out': 'alreadyOut',
  'note-needs-text': 'noteNeedsText',
  'recovery-needs-consequence': 'recoveryNeedsConsequence',
  'recovery-is-overcome': 'recoveryIsOvercome',
  'recovery-alone': 'recoveryAlone',
  'rename-needs-recovery': 'renameNeedsRecovery',
  'sheet-aspect-edit': 'sheetAspectEdit',
  'defender-rolls': 'defenderRolls',
  'name-taken': 'nameTaken',
  'propose-first': 'proposeFirst',
  'vote-open': 'voteOpen',
  'vote-closed': 'voteClosed',
  'already-voted': 'alreadyVoted',
  'declaration-open': 'declarationOpen',
  'not-a-voter': 'notAVoter',
  'own-declaration': 'ownDeclaration',
  'not-declarer': 'notDeclarer',
  'no-declaration': 'noDeclaration',
  'gm-says-when': 'gmSaysWhen',
  'not-controller': 'notController',
  'no-zone': 'noZone',
  'no-border': 'noBorder',
  'zone-off-board': 'zoneOffBoard',
  'zone-overlap': 'zoneOverlap',
  'board-full': 'boardFull',
  'border-same-zone': 'borderSameZone',
  'border-exists': 'borderExists',
  'place-needs-situation': 'placeNeedsSituation',
  'place-prepared': 'placePrepared',
  'place-full': 'placeFull',
  'same-zone': 'sameZone',
  'not-this-move': 'notThisMove',
  'move-roll-used': 'moveRollUsed',
  'zone-attack-alone': 'zoneAttackAlone',
  'zone-attack-stunt': 'zoneAttackStunt',
  'not-in-scene': 'notInScene',
  unreachable: 'unreachable',
  'move-roll-failed': 'moveRollFailed',
  'move-needs-overcome': 'moveNeedsOvercome',
};

/** A reason in the reader's words, or undefined for an id this version does not know. */
export function reasonWords(reason: RefusalReason): string | undefined {
  const key = (REASON_KEYS as Record<string, ReasonKey | undefined>)[reason.id];
  if (key === undefined) return undefined;
  const said: unknown = messagesReasons.get()[key];
  return typeof said === 'function'
    ? (said as (p: Record<string, string | number>) => string)(reason.params ?? {})
    : String(said);
}
