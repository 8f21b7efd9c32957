import type { SentAck } from '@fateboard/table';
import type { HandledCommand } from './batch';

// The group commit's answers when a command could not be stored, or may not have been: each
// says whether anything may have changed (docs/PROTOCOL.md).

export const STORAGE_FAILED: SentAck = {
  ok: false,
  code: 'storage',
  message: 'The command could not be saved.',
};
export const READ_FAILED: SentAck = {
  ok: false,
  code: 'storage',
  message: "The table's storage could not be read; nothing was saved. Try again in a moment.",
};

/**
 * Whether the command was stored is not known (the database's answer to COMMIT was lost, or
 * the writer it was forwarded to did not answer in time): never "nothing changed". Sent again
 * under the same id it is applied at most once, and answered as it was the first time.
 */
export const UNKNOWN_OUTCOME: SentAck = {
  ok: false,
  code: 'unknown-outcome',
  message:
    'The server could not confirm whether this was saved; sending it again with the same id is safe.',
};

/** Cluster mode: what the table's writing needs of PostgreSQL did not answer. */
export const STORAGE_UNAVAILABLE: SentAck = {
  ok: false,
  code: 'storage',
  message: "The table's storage cannot be reached; nothing was saved. Try again in a moment.",
};
/** Cluster mode: this node cannot reach the others through Redis. */
export const REDIS_UNAVAILABLE: SentAck = {
  ok: false,
  code: 'storage',
  message:
    'This server cannot reach the others (Redis is unavailable); nothing was saved. Try again in a moment.',
};

/** A later writer fenced the table's part out (cluster mode): nothing of it was stored. */
export const MOVED: HandledCommand = {
  ack: { ok: false, code: 'storage', message: 'The table is moving between servers; try again.' },
  retry: true,
};
/** The batch failed before its COMMIT was sent (NotStoredError): certainly not stored. */
export const NOT_STORED: HandledCommand = { ack: STORAGE_FAILED, retry: true };
/**
 * Its deadline came before anything applied it (the batches ahead of it, or what had to be
 * read or claimed before, did not finish): it never will be.
 */
export const NOT_IN_TIME: HandledCommand = {
  ack: {
    ok: false,
    code: 'storage',
    message:
      "The table's storage did not answer in time; nothing was saved. Try again in a moment.",
  },
};
