import type { RefusalReason } from '../protocol/refusals';
import type { RefusalCode } from '../protocol/refusal-codes';
import type { Rng } from '@fateboard/rules';
import type { Command, CommandOf, CommandType } from './schemas';
import type { TableDocs } from '../doc/schema';
import type { LogEntry } from '../log/entry';
import type { RollView } from '../doc/view-types';

export type Role = 'gm' | 'player' | 'spectator';
/** Who sends a command. A player without a seat may only join. */
export interface Actor {
  role: Role;
  seatId?: string;
}

export interface CommandContext {
  docs: TableDocs;
  actor: Actor;
  command: Command;
  rng: Rng;
  /** The server's clock, in milliseconds; the table never reads a clock itself. */
  now: number;
  /** Fresh unique ids for seats, characters, aspects, rolls, compels. */
  newId: () => string;
  /**
   * The restored seat whose claim code the server checked for this command (a `join` with a
   * `claim`): the reducer never sees a code's hash, only whether it held, and for which seat.
   */
  claimedSeat?: string;
}

/** What a successful command hands back to its sender. */
export interface CommandResult {
  seatId?: string;
  characterId?: string;
  aspectId?: string;
  rollId?: string;
  compelId?: string;
  hiddenId?: string;
  noteId?: string;
  countdownId?: string;
  /** `handout.prepare`: the prepared handout. */
  handoutId?: string;
  /** `help.ask`: the request for help it opened. */
  requestId?: string;
  declarationId?: string;
  /** `zone.add`, `border.add`: the zone or border made. */
  zoneId?: string;
  borderId?: string;
  /** An attack on a zone: every defender's copy of the roll, in the defenders' order. */
  rollIds?: string[];
  /** The log entries this command wrote, so the server can keep the full history. */
  log?: LogEntry[];
}

/** A refusal: its code, its English message, and why as data where the reducer says (refusals.ts). */
export type Refusal = { ok: false; code: RefusalCode; message: string; reason?: RefusalReason };

/**
 * What a check answers: the thing it found or made, or why not (the rules package's
 * `Result` wraps its value instead; the table's handlers hand back plans as they are). A refusal is the only member
 * with `ok: false`; nothing a check answers otherwise carries an `ok` field, so `isRefusal`
 * tells them apart (the one place that looks at the shape).
 */
export type OrRefusal<T> = T | Refusal;
/**
 * `rolls`: every roll the command created or changed, as it stands after it, for the server's
 * roll history (`GET /api/tables/:id/rolls`); the document keeps only the recent ones. Stored
 * with the command, never acknowledged (the replicas see the rolls in the document).
 */
export type CommandOutcome = { ok: true; result?: CommandResult; rolls?: RollView[] } | Refusal;

/** A log line before the reducer stamps it with its number, time and actor. */
export type LogDraft = Omit<LogEntry, 'n' | 'at' | 'by' | 'type'>;

/**
 * What a handler decided, after validating everything and before writing anything: the
 * writes for each document, run in one transaction each, the log lines and the result.
 */
export interface Plan {
  pub?: () => void;
  gm?: () => void;
  log?: LogDraft[];
  result?: Omit<CommandResult, 'log'>;
}

export type Ctx<T extends CommandType = CommandType> = Omit<CommandContext, 'command'> & {
  command: CommandOf<T>;
};
export type Handler<T extends CommandType> = (ctx: Ctx<T>) => OrRefusal<Plan>;

export function refuse(code: RefusalCode, message: string, reason?: RefusalReason): Refusal {
  return reason === undefined ? { ok: false, code, message } : { ok: false, code, message, reason };
}

/**
 * A spectator watches: it sends no command, writes no chat message and uploads no picture.
 * The one refusal for all three doors (the reducer, the server's socket and chat, pictures).
 */
export function spectatorRefusal(actor: { role: Role }): Refusal | undefined {
  return actor.role === 'spectator'
    ? refuse('forbidden', 'Spectators watch; they change nothing at the table.')
    : undefined;
}

/** A player without a seat (or whose seat is gone) may only join. */
export function joinFirst(): Refusal {
  return refuse('forbidden', 'Join the table first.');
}

export function isRefusal<T>(x: OrRefusal<T>): x is Refusal {
  return typeof x === 'object' && x !== null && (x as { ok?: unknown }).ok === false;
}

/** The owner id used for free invokes: the seat id, or `gm`. */
export function ownerOf(actor: Actor): string {
  return actor.role === 'gm' ? 'gm' : (actor.seatId ?? '');
}
