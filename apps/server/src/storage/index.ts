export type {
  BatchOutcome,
  ChatScope,
  CommandWrite,
  NewChatMessage,
  DocUpdate,
  NewCommand,
  RestoredHistory,
  RollPage,
  RollQuery,
  SealedLinks,
  SeatClaim,
  Storage,
  StoredActor,
  StoredChat,
  StoredCommand,
  StoredDocument,
  StoredDocuments,
  TableBatch,
  TableRecord,
  TableWrite,
  TokenKind,
  TokenRecord,
} from './storage';
export { NotStoredError, appendChat, loadDoc } from './storage';
export { openSqliteFile, openSqliteStorage } from './sqlite';
export type { SqliteFile } from './sqlite';
export { claimFence, openPostgresStorage, readFence } from './postgres';
