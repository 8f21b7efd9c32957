/**
 * The log's words (the ladder, counted words, outcomes) and its roll sentences, a part of
 * LOG_TEMPLATES (templates.ts, which says how a template may change and checks their shape).
 */
export const ROLL_TEMPLATES = {
  // The ladder, as the rules name it (`ladderLabel`).
  'ladder-2': 'Terrible (-2)',
  'ladder-1': 'Poor (-1)',
  ladder0: 'Mediocre (+0)',
  ladder1: 'Average (+1)',
  ladder2: 'Fair (+2)',
  ladder3: 'Good (+3)',
  ladder4: 'Great (+4)',
  ladder5: 'Superb (+5)',
  ladder6: 'Fantastic (+6)',
  ladder7: 'Epic (+7)',
  ladder8: 'Legendary (+8)',

  // Counted words.
  shifts: { one: '{count} shift', many: '{count} shifts' },
  freeInvokes: { one: '{count} free invoke', many: '{count} free invokes' },
  fatePoints: { one: 'a fate point', many: '{count} fate points' },

  // Outcomes, and a roll's result with its shifts.
  outcomeFail: 'fail',
  outcomeTie: 'tie',
  outcomeSuccess: 'success',
  outcomeSuccessWithStyle: 'success with style',
  resultFail: 'fail',
  resultFailShort: 'fail (short by {short})',
  resultTie: 'tie',
  resultSuccess: { one: 'success ({count} shift)', many: 'success ({count} shifts)' },
  resultSuccessWithStyle: {
    one: 'success with style ({count} shift)',
    many: 'success with style ({count} shifts)',
  },

  // What a roll is for: "Ann rolled to create an advantage".
  purposeOvercome: 'to overcome',
  purposeCreateAdvantage: 'to create an advantage',
  purposeAttack: 'to attack',
  purposeDefend: 'to defend',
  purposeDeclaration: 'for a declaration',
  purposeAssessment: 'for an assessment',
  purposeManeuver: 'for a maneuver',
  purposeRemoval: 'to remove an aspect',
  purposeHeal: 'to heal {name}',

  // What the roller did, said as tried when the roll failed.
  deedOvercome: 'overcame',
  deedOvercomeFailed: 'tried to overcome',
  deedCreateAdvantage: 'created an advantage',
  deedCreateAdvantageFailed: 'tried to create an advantage',
  deedAttack: 'attacked',
  deedDefend: 'defended',
  deedDeclaration: 'made a declaration',
  deedDeclarationFailed: 'tried a declaration',
  deedAssessment: 'made an assessment',
  deedAssessmentFailed: 'tried an assessment',
  deedManeuver: 'made a maneuver',
  deedManeuverFailed: 'tried a maneuver',
  deedRemoval: 'removed an aspect',
  deedRemovalFailed: 'tried to remove an aspect',

  // What an outcome grants.
  effectNothing: 'nothing happens',
  effectGoal: 'the goal',
  effectMinorCost: 'at a minor cost',
  effectMajorCost: 'at a major cost',
  effectBoost: 'a boost',
  effectNewAspect: 'a new aspect with {invokes}',
  effectNewAspectForOther: 'a new aspect with {invokes} for the other side',
  effectFreeInvokes: '{invokes} on the aspect',
  effectHit: 'a {shifts}-shift hit',
  effectOpposedOutcome: "the other side's roll counts as a {outcome}",
  effectRedirect: 'the defender takes the hit',
  effectPersistence: 'persistence {value}',
  effectAspectRemoved: '"{text}" removed',
  effectToAbsorb: '{shifts} to absorb',

  // Small words that stand in a sentence's place.
  theGM: 'the GM',
  theGMCapital: 'The GM',
  someone: 'someone',
  theRoll: 'the roll',
  because: ' ({reason})',

  // Rolls.
  rolled: '{name} rolled {purpose} [{dice}]: {total} against {against} — {result}.',
  simpleAction: 'a simple action, no dice',
  // A side's dice with what its stunts and helpers added: "+ 0 - -; Roofrunner (stunt) +2".
  diceWithBonuses: '{dice}; {bonuses}',
  bonusStunt: '{stunt} (stunt) +{value}',
  bonusHelp: 'help from {name} +{value}',
  againstSide: "{name}'s {total}",
  againstRemoval: '"{text}" (persistence {value})',
  rolledAgainstDefender:
    '{name} rolled {purpose} [{dice}]: {total} against {defender}, who rolls to defend.',
  attackStartedConflict: 'A conflict started: {attacker} attacked {defender}.',
  defended:
    '{name} rolled to defend [{dice}]: {total} against {attacker}’s {attack} — {attacker}: {result}.',
  outcomeApplied: '{name} {deed} — {outcome}: {effects}.',
  invoked: '{name} invoked "{aspect}" for {effect} with {paid}: now {total} — {result}.',
  // An invoke (or a consequence's bonus) on the other side of a roll says that side's new total
  // and whose result it is, never the roller's total as if it were theirs.
  invokedOn: '{name} invoked "{aspect}" for {effect} with {paid}: {now}.',
  nowDefence: 'the defence is now {total} against {roller}’s {rolled} — {roller}: {result}',
  nowDifficulty: 'the difficulty is now {total} against {roller}’s {rolled} — {roller}: {result}',
  invokeForPlus2: '+2',
  invokeForReroll: 'a reroll',
  paidFreeInvoke: 'a free invoke',
  paidFatePoint: 'a fate point',
  conceded: '{name} conceded the conflict and gets {points}.',

  // edgerunner declarations: put to the table's vote, voted on, rolled [ER-DECLARE-4].
  declarationProposed: '{name} declares “{text}”{target}: the table votes.',
  declarationTarget: ' on {name}',
  declarationVoted: '{voter} {stance} “{text}”.',
  voteSupports: 'supports',
  voteOpposes: 'opposes',
  voteAbstains: 'abstains on',
  declarationVoteIn:
    'The vote on “{text}” is in: {supporters} supporting, {opposers} opposing; it rolls at {skill}.',
  declarationClosed:
    'The GM closed the vote on “{text}”: {supporters} supporting, {opposers} opposing; it rolls at {skill}.',
  declarationWithdrawn: '{name} withdrew the declaration “{text}”.',
} as const;
