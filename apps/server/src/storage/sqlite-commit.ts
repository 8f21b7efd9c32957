import type Database from 'better-sqlite3';
import { writeTableId } from './storage';
import type { BatchOutcome, CommandWrite, StoredChat, TableBatch } from './storage';
import { blobRowBytes, commandRowBytes } from './table-bytes';
import { tokenParams } from './sqlite-statements';
import type { Statements } from './sqlite-statements';
import type { sqliteChat } from './sqlite-chat';
import type { sqliteClaims } from './sqlite-claims';

// SQLite's group commit (Storage.commit): every table's part in one transaction, one fsync.

/**
 * The file's command writes: `writeCommand` (a command row with what goes with it, also a
 * restored table's first row) and `commit` (a batch). `chat` prepares the chat's statements
 * on first use.
 */
export function sqliteCommit(
  db: Database.Database,
  q: Statements,
  claims: ReturnType<typeof sqliteClaims>,
  chatStatements: () => ReturnType<typeof sqliteChat>,
) {
  /** Stores a command row with what goes with it; answers the bytes the table grew by. */
  const writeCommand = (command: CommandWrite): number => {
    const { seq } = command;
    const payload = JSON.stringify(command.payload);
    const result = command.result === undefined ? null : JSON.stringify(command.result);
    q.insertCommand.run({
      tableId: command.tableId,
      commandId: command.commandId,
      seq,
      actor: JSON.stringify(command.actor),
      tokenHash: command.tokenHash,
      secretHash: command.secretHash ?? null,
      type: command.type,
      payload,
      result,
      created: command.created,
    });
    let grew = commandRowBytes(payload, result);
    for (const update of command.updates) {
      q.insertUpdate.run({ tableId: command.tableId, doc: update.doc, seq, bytes: update.bytes });
      grew += blobRowBytes(update.bytes);
    }
    for (const token of command.tokens ?? []) q.insertToken.run(tokenParams(token));
    if (command.revokeSeat !== undefined) q.revokeSeat.run(command.tableId, command.revokeSeat);
    if (command.dropClaim !== undefined) claims.dropClaim(command.tableId, command.dropClaim);
    return grew;
  };

  // One table's part of a batch: all of it or none. Answers undefined when fenced out.
  const writePart = (part: TableBatch): BatchOutcome => {
    if (part.fence !== undefined) {
      const stored = q.fence.get(part.tableId)?.epoch;
      if (stored !== undefined && stored > part.fence) return { ok: false, fenced: true };
      q.setFence.run(part.tableId, part.fence);
    }
    let grew = 0;
    const chat: StoredChat[] = [];
    for (const write of part.writes) {
      const tableId = writeTableId(write, part.tableId);
      if (tableId !== part.tableId)
        throw new Error(`a write for ${tableId} in ${part.tableId}'s part`);
      switch (write.kind) {
        case 'command':
          grew += writeCommand(write.command);
          break;
        case 'token':
          q.insertToken.run(tokenParams(write.token));
          break;
        case 'chat': {
          const [stored, bytes] = chatStatements().writeChat(
            part.tableId,
            write.message,
            write.keep,
          );
          chat.push(stored);
          grew += bytes;
          break;
        }
      }
    }
    const bytes = q.grow.get(grew, part.tableId)?.bytes;
    if (bytes === undefined) throw new Error(`no table ${part.tableId}`);
    return { ok: true, bytes, chat };
  };
  // Several tables: each part a savepoint of the batch's transaction (better-sqlite3 nests a
  // transaction function as one), so one table's failing write leaves the others stored.
  const writeNestedPart = db.transaction(writePart);
  const commitMany = db.transaction((parts: readonly TableBatch[]): BatchOutcome[] =>
    parts.map((part): BatchOutcome => {
      try {
        return writeNestedPart(part);
      } catch (error) {
        // SQLite rolls a whole transaction back by itself on some errors (a full disk, I/O
        // errors): then the batch as a whole failed, and a write after it would autocommit.
        if (!db.inTransaction) throw error;
        return { ok: false, fenced: false, error };
      }
    }),
  );
  // One table, the usual batch: its transaction is its part, with no savepoint around it
  // (two statements fewer on every command).
  const commitOne = db.transaction(writePart);
  const commit = (parts: readonly TableBatch[]): BatchOutcome[] => {
    if (parts.length !== 1) return commitMany(parts);
    try {
      return [commitOne(parts[0]!)];
    } catch (error) {
      return [{ ok: false, fenced: false, error }];
    }
  };
  return { writeCommand, commit };
}
