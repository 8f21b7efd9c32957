// The public door of @fateboard/server: named exports only.
export { createServer } from './server';
export type { ServerOptions, RunningServer } from './server';
export { createLogger } from './ops/logger';
export type { Logger } from './ops/logger';
export type { Limits } from './limits/limits';
export { DEFAULT_LIMITS } from './limits/limits';
export type { CommandWrite, Storage } from './storage';
export { openPostgresStorage, openSqliteFile, openSqliteStorage } from './storage';
export type { Presence, ClosedNotice } from '@fateboard/table';
export type { Ack } from '@fateboard/table';
export { CLOSE } from '@fateboard/table';
// The restore door's attacks, shared by its guarantees and its benchmark (bench/doors-case.ts).
export { largestLogFile, tinyAspectsFile } from './guarantees/table-file-attacks';
export { quantile, upload } from './guarantees/upload';
export type { Uploaded } from './guarantees/upload';
