import type { Rng } from '@fateboard/rules';
import { applyCommand, parseCommand } from '@fateboard/table';
import type { Command, SentAck } from '@fateboard/table';
import type { Log } from '../ops/logger';
import type { DocUpdate, NewCommand, StoredCommand } from '../storage';
import type { Prepared } from './batch';
import { answerOnly, commandIdOf, commandRow, grantedSeat, issueSeatToken } from './command';
import { replayCommand } from './replay';
import { STORAGE_FULL } from './room-deps';
import type { Sender } from './command';
import type { RoomDocs } from './docs';

// One command prepared for the group commit on a room's live documents (TableRoom's
// `prepare`): refused at the door, answered again as a retry, or applied with its updates
// captured and its row made.

/** What applying needs of the room and the server. */
export interface ApplyContext {
  tableId: string;
  docs: RoomDocs;
  rng: Rng;
  clock: () => number;
  newId: () => string;
  log: Log;
}

/**
 * Refused (`changed`: the reducer left a change in the live documents anyway, which the room
 * must drop), or applied as the table's next `seq`, the documents counting it as applied.
 */
export type Applied =
  | { ok: false; changed: boolean; ack: SentAck }
  | {
      ok: true;
      seq: number;
      updates: DocUpdate[];
      row: NewCommand;
      seatId: string | undefined;
      ack: SentAck;
    };

/** What preparing a command needs of its room beside ApplyContext (TableRoom's, per command). */
export interface PrepareRoom extends ApplyContext {
  /** Why the room takes no command now (moved, reloading), or undefined when it does. */
  refusal: Prepared | undefined;
  /** Whether the table holds its ceiling on disk: what would grow it is refused. */
  full: boolean;
  /**
   * A refused command left a change in the live documents: the room is stale, it refuses the
   * rest of the batch, and the group commit reloads it after.
   */
  staled: () => void;
  /** After the commit: the room counts the command stored and publishes its updates. */
  committed: (seq: number, updates: DocUpdate[], removedSeat: string | undefined) => void;
}

/** One command, applied in memory; its writes go to the group commit's transaction. */
export function prepareCommand(
  room: PrepareRoom,
  sender: Sender,
  input: unknown,
  previous: StoredCommand | undefined,
): Prepared {
  if (room.refusal) return room.refusal;
  const parsed = parseCommand(input);
  if (!parsed.ok) return answerOnly({ ok: false, code: parsed.code, message: parsed.message });
  const command = parsed.command;
  const commandId = commandIdOf(command);
  if (commandId === undefined) {
    return answerOnly({ ok: false, code: 'bad-command', message: 'A command needs an id.' });
  }
  if (previous) {
    const hasSeat = (seatId: string) => room.docs.doc('pub').getMap('seats').has(seatId);
    const replay = { tableId: room.tableId, clock: room.clock, hasSeat };
    return replayCommand(replay, sender, previous, command);
  }
  // A retry above is answered whatever the table holds; a new command would grow it.
  if (room.full) return answerOnly(STORAGE_FULL);
  const applied = applyNew(room, sender, command, commandId);
  if (!applied.ok) {
    if (!applied.changed) return answerOnly(applied.ack);
    room.staled();
    return { ...answerOnly(applied.ack), stale: true };
  }
  const { seq, updates, row, seatId, ack } = applied;
  return {
    handled: seatId === undefined ? { ack } : { ack, seatId },
    writes: [{ kind: 'command', command: { ...row, seq } }],
    publish: () => room.committed(seq, updates, row.revokeSeat),
  };
}

const THREW: SentAck = {
  ok: false,
  code: 'internal',
  message: 'The command failed on the server.',
};

export function applyNew(
  ctx: ApplyContext,
  sender: Sender,
  command: Command,
  commandId: string,
): Applied {
  // Apply on the live documents and capture their updates. The documents are only
  // published after the commit; if anything fails the room is reloaded from storage,
  // which is cheaper than copying both documents before every command and costs
  // nothing on the common path.
  const capture = ctx.docs.capture();
  let outcome;
  try {
    outcome = applyCommand({
      docs: ctx.docs.all,
      actor: sender.actor,
      command,
      rng: ctx.rng,
      now: ctx.clock(),
      newId: ctx.newId,
      ...(sender.claimedSeat === undefined ? {} : { claimedSeat: sender.claimedSeat }),
    });
  } catch (error) {
    const changed = capture.stop().length > 0;
    ctx.log(`command ${command.type} threw`, error, ctx.tableId);
    return { ok: false, changed, ack: THREW };
  }
  const updates = capture.stop();

  if (!outcome.ok) {
    // A refusal changes nothing; if the reducer left a change behind anyway, it goes.
    // The reason (why, as data) lets a client in another language say it (docs/PROTOCOL.md).
    const { code, message, reason } = outcome;
    return {
      ok: false,
      changed: updates.length > 0,
      ack: { ok: false, code, message, ...(reason ? { reason } : {}) },
    };
  }

  const seatId = grantedSeat(sender.actor, outcome.result);
  const seatToken =
    seatId === undefined ? undefined : issueSeatToken(ctx.tableId, seatId, ctx.clock());
  const row = commandRow(
    ctx.tableId,
    commandId,
    sender,
    command,
    { result: outcome.result, rolls: outcome.rolls, updates, seatToken: seatToken?.record },
    ctx.clock(),
  );

  const seq = ctx.docs.lastSeq + 1;
  ctx.docs.stored(seq, updates);
  const result =
    seatToken === undefined
      ? outcome.result
      : { ...(outcome.result as object), seatToken: seatToken.token };
  const ack: SentAck = result === undefined ? { ok: true, seq } : { ok: true, seq, result };
  return { ok: true, seq, updates, row, seatId, ack };
}
