// The public door of @fateboard/table: named exports only.

export type {
  Role,
  Actor,
  CommandContext,
  CommandResult,
  CommandOutcome,
} from './commands/context';
export { joinFirst, spectatorRefusal } from './commands/context';
export type { TableDocs, DocKey } from './doc/schema';
export {
  DOC_KEYS,
  SCHEMA_VERSION,
  LOG_LIMIT,
  LOG_KEEP,
  ROLL_LIMIT,
  claimWriterId,
  createTableDocs,
} from './doc/schema';
export { markSeatsRestored } from './doc/restored-seats';
export type {
  Command,
  CommandType,
  CommandOf,
  AspectRef,
  Sheet,
  SheetChanges,
  Adjustment,
  Action,
  TableAspectKind,
} from './commands/schemas';
export { CommandSchema, SheetSchema } from './commands/schemas';
export { COMMAND_TYPES, parseCommand } from './commands/parse';
export { applyCommand } from './commands/reducer';
export type { TextKind } from './commands/text';
export { textProblem, userText } from './commands/text';
export { MAX_SEATS } from './commands/characters/seats';
export { compactTableDocs, docEpoch } from './doc/compact';
export { GM_ROOTS, PUB_ROOTS } from './doc/roots';
export type { ArrayContent, Content, MapContent, TableContent } from './doc/content';
export { docsFromContent, tableContent } from './doc/content';
export { upgradeLog } from './log/upgrade';
export type {
  Ack,
  ClosedNotice,
  CreatedTable,
  ErrorBody,
  InviteLinks,
  Presence,
  RotatedLinks,
  SceneAdded,
  SeatClaimLink,
  TableSummary,
  TableUsage,
} from './protocol/protocol';
export {
  AckSchema,
  CLOSE,
  ClosedNoticeSchema,
  CreatedTableSchema,
  ErrorBodySchema,
  InviteLinksSchema,
  SeatClaimLinkSchema,
  SeatClaimLinksSchema,
  LogPageSchema,
  RollPageSchema,
  PROTOCOL_VERSION,
  PresenceSchema,
  RotatedLinksSchema,
  SceneAddedSchema,
  TableSummarySchema,
  TableUsageSchema,
  ImageStoredSchema,
  protocolMatches,
} from './protocol/protocol';
export type { ImageStored, SentAck } from './protocol/protocol';
export { RefusalReasonSchema } from './protocol/refusals';
export {
  REFUSAL_CODES,
  REFUSAL_CODE_LIST,
  REFUSAL_WORDS,
  isRefusalCode,
  knownCode,
  mayHaveBeenStored,
  tableCode,
} from './protocol/refusal-codes';
export type { RefusalCode } from './protocol/refusal-codes';
export type { RefusalReason, RefusalReasonId } from './protocol/refusals';
export type {
  TableView,
  GmView,
  CountdownView,
  DeclarationView,
  SeatView,
  CharacterView,
  AspectView,
  RollView,
  RollSide,
  RollModifier,
  RollInvoke,
  CompelView,
  HelpAnswer,
  HelpRequestView,
  ConflictView,
  SceneView,
  SpotlightView,
  HiddenView,
  NoteView,
  ZoneView,
  BorderView,
  TokenView,
  BoardView,
  PrepBoardView,
  HandoutView,
} from './doc/views';
export {
  readTable,
  readTableFields,
  readGm,
  readSeatsAndScene,
  forgetChangedRolls,
} from './doc/views';
export type { ReadMemo, RollMemo } from './doc/views';
export type { LogMemo } from './log/log';
export { actingIn } from './commands/time/turns';
export type { BoardPlace } from './doc/board';
export { charactersInZone, placeName, placeOf, preparedOnly } from './doc/board';
export type { MoveCheck, MoveFacts, MovingCharacter } from './commands/board/move-check';
export { mayMoveToken, moveCheck } from './commands/board/move-check';
export type { BoardTargets, ZoneDefenders } from './commands/board/targets';
export { boardTargets } from './commands/board/targets';
export { BOARD_LIMITS } from './commands/board/schemas';
export type { TableProblem } from './check/problem';
export { problemSaid } from './check/problem';
export { checkTable, checkTableDocs } from './check/check-table';
export { MAX_POINTS } from './doc/schema';
export { COUNTDOWN_LIMIT } from './commands/countdowns/store';
export {
  progressWords as countdownWords,
  progressSaid as countdownSaid,
} from './commands/countdowns/store';
export type { ActorRef, FateSummaryRow, LogEntry, PointHolder, PointMovement } from './log/entry';
export { FAIR_PHYSIQUE_PYRAMID, sampleAttack, sampleSheet } from './sheets/sample-sheets';
export { sheetDraft, withSheet } from './commands/characters/sheet';
export { readyMadeSheets } from './sheets/ready-made';
export {
  fatePointsSaid,
  freeInvokesSaid,
  freeInvokesWords,
  outcomeSaid,
  reasonWords,
  resultSaid,
  resultWords,
  rollPurposeSaid,
  severitySaid,
  shiftsSaid,
  shiftsWords,
} from './log/words';
export { english, ladderParam, line, pluralForm, renderMessage, say } from './log/say';
export { entryMessage } from './log/row-messages';
export type { LogMessage, LogParam, TemplateOf } from './log/say';
export { LOG_TEMPLATES } from './log/templates';
export type { LogMessageId, LogTemplate } from './log/templates';
export { controllerOf, controls, isController, mayTreat, playedBy } from './commands/access';
export { nameKey, sameNamed } from './commands/characters/names';
export { TURN_ORDER_MAX } from './commands/time/conflict-members';
export { decidesCompel, withdrawsCompel } from './commands/fate-points/compels';
export type { HelpBar, HelpQuestion, HelpStanding } from './commands/rolls/teamwork';
export { helpStanding, requestFor } from './commands/rolls/teamwork';
export { MAX_HELP_REQUESTS } from './commands/rolls/help';

export type { ConsequenceOffer, ConsequenceSlotOffer } from './commands/harm/voluntary';
export { consequenceOffers, mayTakeConsequence } from './commands/harm/voluntary';
export type { VoteState } from './commands/declarations/vote';
export {
  declarationVoters,
  rollRefusal,
  voteRefusal,
  voteState,
  voterKey,
  withdraws,
} from './commands/declarations/vote';
export type { EndRecovery, LevelsBack } from './commands/time/conflict-recovery';
export { conflictEndRecovery, levelsLost } from './commands/time/conflict-recovery';
export { resolveRoll } from './commands/rolls/stored-rolls';
export {
  CHAT_MAX_CHARS,
  CHAT_PAGE_DEFAULT,
  CHAT_PAGE_MAX,
  ChatHistorySchema,
  ChatMessageSchema,
  ChatPageSchema,
  ChatSendSchema,
  ChatSentSchema,
  ChatTargetSchema,
  chatRefusal,
  chatTargets,
  chatVisible,
  whisperReaders,
} from './protocol/chat';
export type {
  ChatAuthor,
  ChatEnvelope,
  ChatHistory,
  ChatMessage,
  ChatPage,
  ChatReader,
  ChatRefusal,
  ChatSend,
  ChatSent,
  ChatTarget,
  ChatWriter,
} from './protocol/chat';
export { gmReadsWhispers, spectatorChatOn } from './commands/gm/chat-switch';
export { MAX_HANDOUTS } from './commands/handouts/handouts';
export type { ImageKind, ImagePurpose, ImageVariant, OwnerOf } from './images/images';
export {
  IMAGE_HASH,
  IMAGE_KINDS,
  IMAGE_LIMITS,
  IMAGE_VARIANTS,
  ImageKindSchema,
  gmImages,
  imageReadable,
  imageUploadRefusal,
  isImageHash,
  ownersIn,
  pubImages,
  tableImages,
  variantSide,
} from './images/images';
