export type {
  ChatScope,
  NewChatMessage,
  DocUpdate,
  NewCommand,
  RestoredHistory,
  RollPage,
  RollQuery,
  SealedLinks,
  Storage,
  StoredActor,
  StoredCommand,
  StoredDocument,
  StoredDocuments,
  TableRecord,
  TokenKind,
  TokenRecord,
} from './storage';
export { loadDoc } from './storage';
export { openSqliteStorage } from './sqlite';
export { openMemoryStorage } from './memory';
