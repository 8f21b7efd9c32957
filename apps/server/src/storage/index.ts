export type {
  BatchOutcome,
  ChatScope,
  CommandWrite,
  NewChatMessage,
  DocUpdate,
  NewCommand,
  NewImage,
  RestoredHistory,
  RollPage,
  RollQuery,
  SealedLinks,
  LeaseAnswer,
  LeaseHolder,
  LeaseStore,
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
export { POSTGRES_TIMEOUTS, openPostgresStorage, readFence } from './postgres';
export type { PostgresTimeouts } from './postgres';
export { postgresLeases } from './postgres-leases';
