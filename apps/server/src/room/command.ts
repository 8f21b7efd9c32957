import type { SentAck, Actor, Command } from '@fateboard/table';
import type { DocUpdate, NewCommand, TokenRecord } from '../storage';
import type { Prepared } from './group-commit';
import { tokenRecord } from './tables';
import { hashToken, newToken } from '../access/tokens';

/** Who sent a command: the role and seat it acts as, and the token its connection used. */
export interface Sender {
  actor: Actor;
  tokenHash: string | null;
  /** The restored seat whose claim code the command carried and the server found good. */
  claimedSeat?: string;
}

/**
 * Who sends a command: read when the command is applied, at the end of the event-loop turn it
 * arrived in, so that a join earlier in the same batch has already seated the connection.
 */
export type SenderOf = Sender | (() => Sender);

const MAX_COMMAND_ID = 128;

/** The command's id, which makes a retry recognisable; undefined when it has none usable. */
export function commandIdOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const id = (input as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_COMMAND_ID ? id : undefined;
}

/** The seat a command's result hands to a seatless player (the `join` command). */
export function grantedSeat(actor: Actor, result: unknown): string | undefined {
  if (actor.role !== 'player' || actor.seatId !== undefined) return undefined;
  if (typeof result !== 'object' || result === null) return undefined;
  const seatId = (result as { seatId?: unknown }).seatId;
  return typeof seatId === 'string' ? seatId : undefined;
}

/** A join's client secret, hashed like a token (null without one): never stored as sent. */
export function joinSecretHash(command: Command): string | null {
  return command.type === 'join' && command.secret !== undefined ? hashToken(command.secret) : null;
}

/**
 * The command as its row keeps it: without a join's secret, which only its hash stands for, nor
 * its claim code, which is only ever stored hashed (claims.ts) and is used up by the join.
 */
function storedPayload(command: Command): Command {
  if (command.type !== 'join') return command;
  const { secret: _secret, claim: _claim, ...rest } = command;
  return rest;
}

/** A command answered without writing anything. */
export function answerOnly(ack: SentAck): Prepared {
  return { handled: { ack } };
}

/**
 * A fresh token for a seat a join granted: the token goes back in the acknowledgement once,
 * the record (which keeps only its hash) goes to storage.
 */
export function issueSeatToken(
  tableId: string,
  seatId: string,
  now: number,
): { token: string; record: TokenRecord } {
  const token = newToken();
  return {
    token,
    record: tokenRecord(token, { tableId, role: 'player', kind: 'seat', seatId }, now),
  };
}

/**
 * The row an applied command is stored as, with what goes in the same transaction: its
 * document updates, the seat token it minted, the seat whose tokens it revokes.
 */
export function commandRow(
  tableId: string,
  commandId: string,
  sender: Sender,
  command: Command,
  applied: {
    result: unknown;
    /** The rolls the command made or changed (the reducer's `rolls`): the roll history. */
    rolls?: unknown[];
    updates: DocUpdate[];
    seatToken: TokenRecord | undefined;
  },
  created: number,
): NewCommand {
  return {
    tableId,
    commandId,
    actor: sender.actor,
    tokenHash: sender.tokenHash,
    secretHash: joinSecretHash(command),
    type: command.type,
    payload: storedPayload(command),
    result: storedResult(applied.result, applied.rolls),
    created,
    updates: applied.updates,
    tokens: applied.seatToken === undefined ? [] : [applied.seatToken],
    ...(command.type === 'seat.remove' ? { revokeSeat: command.seatId } : {}),
    ...claimDropped(command),
  };
}

/** A restored seat's claim goes once the seat is taken back (single use) or removed. */
function claimDropped(command: Command): { dropClaim?: string } {
  if (command.type === 'seat.remove') return { dropClaim: command.seatId };
  if (command.type === 'join' && command.seatId !== undefined) return { dropClaim: command.seatId };
  return {};
}

/** The result as stored: the acknowledged one, with the rolls for the roll history. */
function storedResult(result: unknown, rolls: unknown[] | undefined): unknown {
  if (rolls === undefined || rolls.length === 0) return result ?? null;
  return { ...(result as object | undefined), rolls };
}

/**
 * A stored result as a retry's acknowledgement carries it: without the rolls, which only the
 * roll history reads (the first acknowledgement had none either).
 */
export function acknowledgedResult(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || !('rolls' in stored)) return stored;
  const { rolls: _rolls, ...rest } = stored as { rolls?: unknown };
  return Object.keys(rest).length > 0 ? rest : undefined;
}
