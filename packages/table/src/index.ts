// The public door of @fateboard/table: named exports only.

export type { Role, Actor, CommandContext, CommandResult, CommandOutcome } from './context';
export type { TableDocs, DocKey } from './schema';
export {
  DOC_KEYS,
  SCHEMA_VERSION,
  LOG_LIMIT,
  LOG_KEEP,
  ROLL_LIMIT,
  claimWriterId,
  createTableDocs,
} from './schema';
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
} from './commands';
export { CommandSchema, COMMAND_TYPES, SheetSchema, parseCommand } from './commands';
export { applyCommand } from './reducer';
export type { TextKind } from './text';
export { textProblem, userText } from './text';
export { MAX_SEATS } from './seats';
export { compactTableDocs, docEpoch } from './compact';
export { GM_ROOTS, PUB_ROOTS } from './roots';
export { upgradeLog } from './log-upgrade';
export type {
  Ack,
  ClosedNotice,
  CreatedTable,
  ErrorBody,
  Presence,
  RotatedLinks,
  TableSummary,
} from './protocol';
export {
  AckSchema,
  CLOSE,
  ClosedNoticeSchema,
  CreatedTableSchema,
  ErrorBodySchema,
  LogPageSchema,
  PROTOCOL_VERSION,
  PresenceSchema,
  RotatedLinksSchema,
  TableSummarySchema,
  protocolMatches,
} from './protocol';
export type {
  TableView,
  GmView,
  SeatView,
  CharacterView,
  AspectView,
  RollView,
  RollSide,
  RollInvoke,
  CompelView,
  ConflictView,
  SceneView,
  SpotlightView,
  HiddenView,
  NoteView,
} from './views';
export { readTable, readGm } from './views';
export type { ActorRef, FateSummaryRow, LogEntry, PointHolder, PointMovement } from './log-entry';
export { FAIR_PHYSIQUE_PYRAMID, sampleAttack, sampleSheet } from './sample-sheets';
export { sheetDraft, withSheet } from './sheet';
export { readyMadeSheets } from './ready-made';
export { freeInvokesWords, reasonWords, resultWords, shiftsWords } from './words';
export { controls } from './access';
export { resolveRoll } from './rolls';
