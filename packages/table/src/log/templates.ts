import { ROLL_TEMPLATES } from './roll-templates';

/**
 * The English of every log sentence, once: `{name}` marks a parameter; a plural (`one` /
 * `many`) is chosen by its `{count}`. The client's English is built from these and its other
 * languages translate them by id (apps/client/src/locales/pt-BR/log-words.json).
 *
 * Stored rows keep a message's parameters in the order of its placeholders' sorted names
 * (rows.ts), so a template may be reworded but never gain, lose or rename a placeholder: a
 * sentence that needs other parameters is a new id. Ids are camelCase (translation files
 * flatten keys with dots).
 */
export type LogTemplate = string | { one: string; many: string };

export const LOG_TEMPLATES = {
  ...ROLL_TEMPLATES,

  // Characters and seats.
  characterCreated: {
    one: '{name} was created with {count} fate points.',
    many: '{name} was created with {count} fate points.',
  },
  npcCreated: {
    one: '{name} was created (NPC) with {count} fate points.',
    many: '{name} was created (NPC) with {count} fate points.',
  },
  characterClaimed: '{name} was claimed.',
  sheetUpdated: "{name}'s sheet was updated.",
  characterRemoved: '{name} was removed from the table.',
  backAtTable: '{name} is back at the table.',
  tookBackSeat: "{name} took back {before}'s seat.",
  // The GM removes a seat: `{freed}` and `{gone}` are the sentences below, or empty.
  seatRemoved: 'The GM removed {name} from the table.{freed}{gone}',
  seatCharacterFree: ' {name} is free for another player to claim.',
  seatInvokesGone: {
    one: ' The {count} free invoke {name} held is gone.',
    many: ' The {count} free invokes {name} held are gone.',
  },

  // Aspects.
  aspectAdded: 'Aspect added: "{text}".',
  aspectAddedWithInvokes: 'Aspect added: "{text}" with {invokes} for {holder}.',
  aspectRenamed: 'Aspect "{before}" renamed "{text}".',
  aspectRemoved: 'Aspect removed: "{text}".',
  invokesPassed: '{invokes} on "{aspect}" passed to {name}.',

  // Compels and fate points.
  compelOffered: 'Compel offered to {name}: "{text}".',
  compelOfferedOn: 'Compel offered to {name}: "{text}" (on "{aspect}").',
  selfCompelOffered: 'Self-compel offered to {name}: "{text}".',
  selfCompelOfferedOn: 'Self-compel offered to {name}: "{text}" (on "{aspect}").',
  compelDecided: '{name} {decision}: "{text}".',
  selfCompelAccepted: 'self-compel accepted by the GM',
  selfCompelDeclined: 'self-compel declined by the GM',
  compelAccepted: 'accepted the compel and took a fate point from {from}',
  compelRefusedPaid: 'refused the compel and paid {to} a fate point',
  compelRefused: 'refused the compel and paid a fate point',
  compelWithdrawn: 'Compel on {name} withdrawn: "{text}".',
  selfCompelWithdrawn: 'Self-compel on {name} withdrawn: "{text}".',
  compelSceneEnded: 'Compel on {name} withdrawn as the scene ended: "{text}".',
  selfCompelSceneEnded: 'Self-compel on {name} withdrawn as the scene ended: "{text}".',
  pointsGiven: {
    one: '{from} gave {count} fate point to {to}.',
    many: '{from} gave {count} fate points to {to}.',
  },
  pointsGivenFor: {
    one: '{from} gave {count} fate point to {to}: {reason}',
    many: '{from} gave {count} fate points to {to}: {reason}',
  },

  // Harm.
  absorbed: '{name} absorbed {shifts}: {option}{named}.',
  absorbedAndOut: '{name} absorbed {shifts}: {option}{named}, and is out.',
  namedConsequences: ' ({names})',
  // A way to absorb, as the rules label it: "mild consequence + 2-point physical box".
  absorbConsequence: '{severity} consequence',
  absorbBox: '{value}-point {track} box',
  // edgerunner names its tracks "Physical stress": "4-point physical stress box".
  absorbStressBox: '{value}-point {track} stress box',
  absorbPlus: '{first} + {rest}',
  trackPhysical: 'physical',
  trackMental: 'mental',
  quoted: '“{text}”',
  takenOut: '{name} was taken out.',
  consequenceTaken: '{name} took the consequence "{text}"{bonus}{roll}.',
  consequenceBonus: ' for +{bonus}',
  consequenceOnRoll: ' on the roll: now {total} — {result}',
  consequenceOnDefence: ' on the roll: {now}',
  consequenceCleared: '{name}\'s consequence "{text}" was cleared.',
  consequenceHealed: "{name}'s “{text}” was healed to a {severity} consequence.",
  severityMild: 'mild',
  severityModerate: 'moderate',
  severitySevere: 'severe',
  severityExtreme: 'extreme',

  // Recovery: a recovery roll's purpose (in `rolled`), its outcome, and recovery without one.
  purposeRecoverOwn: 'to recover from their own “{text}” (two steps harder on yourself)',
  // Where treating yourself is no harder (pirates [PIR-RECOVER-1]).
  purposeRecoverSelf: 'to recover from their own “{text}”',
  purposeRecoverOther: "to recover from {name}'s “{text}”",
  purposeModifyOwn: 'to modify their own “{text}”',
  purposeModifyOther: "to modify {name}'s “{text}”",
  recoveryRolled: "{name}'s recovery roll — {outcome}: {what}.",
  modificationRolled: "{name}'s modification roll — {outcome}: {what}.",
  recoveryNowIs: '“{before}” is now “{text}”',
  recoveryRecovering: '“{text}” is recovering ★',
  recoveryRecoveringAs: '“{before}” is recovering as “{text}” ★',
  recoveryStays: '“{text}” stays as it was',
  recoveryStarted: '{name} started recovering.',
  levelsBack: {
    one: '{name} got back {count} lost level{half}.',
    many: '{name} got back {count} lost levels{half}.',
  },
  levelsBackHalf: ' (half, while the situation remains)',
  // The conflict ended, and the GM said this character's damage waits for healing.
  levelsStay: {
    one: "{name}'s lost level stays until it is healed.",
    many: "{name}'s {count} lost levels stay until they are healed.",
  },

  // Time.
  sceneStarted: 'Scene "{name}" started; the GM pool holds {players}.',
  sceneEnded: 'The scene ended: boosts cleared, the GM pool lost, owed points paid.',
  sceneEndedStress:
    'The scene ended: stress and boosts cleared, the GM pool lost, owed points paid.',
  sessionStarted: 'A new session: every player character refreshed.',
  scenarioEnded: 'The scenario ended.',
  majorMilestone: 'A major milestone.',
  conflictStarted: 'A conflict started.',
  conflictStartedInitiative: 'A conflict started. Initiative by {by}: {order}.',
  conflictStartedInitiativeRolls: 'A conflict started. Initiative by {by} ({rolls}): {order}.',
  initiativeByAspect: 'aspect',
  initiativeByRoll: 'roll',
  initiativeRoll: '{name} {total}',
  conflictEnded: 'The conflict ended.',
  turnOrder: 'The turn order is now {order}.',
  joinedConflict: '{name} joined the conflict; the turn order is now {order}.',
  leftConflict: '{name} left the turn order; it is now {order}.',

  // Countdowns.
  countdownTicked: 'Countdown {name}: {filled} of {boxes}.',
  countdownFilled: 'Countdown "{name}" filled: {trigger}',
  countdownRevealed: 'The GM revealed countdown {name}: {filled} of {boxes}.',
  countdownChanged: 'Countdown "{before}" changed: {name}: {filled} of {boxes}{every}.',
  countdownPerExchange: ', one box per exchange',
  countdownStarted: {
    one: 'Countdown "{name}" started: {count} boxes{every}.',
    many: 'Countdown "{name}" started: {count} boxes{every}.',
  },
  countdownRemoved: 'Countdown "{name}" removed.',
  // A countdown's boxes as the screens show them (progressWords).
  countdownProgress: '{name}: {filled} of {boxes}',

  // Handouts.
  handoutShown: 'The GM shows a handout: {title}.',

  // The GM's hand.
  gmRevealedAspect: 'The GM revealed "{text}".',
  gmRevealedCharacter: 'The GM revealed {name}.',
  gmSetPool: 'The GM set the GM pool to {value}{why}.',
  gmSetInvokes: 'The GM set {holder}\'s free invokes on "{aspect}" to {count}{why}.',
  gmGavePoints: 'The GM gave {name} {points}{why}.',
  gmTookPoints: 'The GM took {points} from {name}{why}.',
  gmLeftPoints: "The GM left {name}'s fate points at {value}{why}.",
  gmSetRefresh: "The GM set {name}'s refresh to {value}{why}.",
  gmCheckedBox: "The GM checked {name}'s {value}-point {track} box{why}.",
  gmClearedBox: "The GM cleared {name}'s {value}-point {track} box{why}.",
  gmSetSkill: "The GM set {name}'s {skill} to {rating}{why}.",
  gmRatedAspect: 'The GM rated {name}\'s "{aspect}" {rating}{why}.',

  // The scene board: zones, borders, moves, aspects on a zone or border, zone attacks.
  movedTo: '{name} moves to {zone}.',
  movedWaved: '{name} moves to {zone}, waved through by the GM.',
  zoneAdded: 'Zone added: {zone}.',
  zoneRenamed: 'Zone {before} is now {zone}.',
  zoneRemoved: 'Zone removed: {zone}.',
  zoneRevealed: 'The GM revealed zone {zone}.',
  zonesTouch: '{a} and {b} now touch.',
  zonesApart: '{a} and {b} no longer touch.',
  placeBorder: 'the border between {a} and {b}',
  aspectAddedOn: 'Aspect added: "{text}" on {place}.',
  aspectPlaced: '"{text}" now stands on {place}.',
  aspectSceneWide: '"{text}" now stands over the whole scene.',
  purposeMove: 'to move to {zone}',
  rolledAgainstZone:
    '{name} rolled {purpose} [{dice}]: {total} against everyone in {zone}: {defenders}, who each roll to defend.',
} as const satisfies Record<string, LogTemplate>;

export type LogMessageId = keyof typeof LOG_TEMPLATES;
