import type { SentAck } from '@fateboard/table';
import { spectatorRefusal } from '@fateboard/table';
import { carriesClaim, claimedSeatOf } from '../access/claims';
import type { Identity } from '../access/auth';
import { payerOf } from '../limits/budgets';
import type { HandledCommand } from '../room/group-commit';
import type { TableRoom } from '../room/room';
import type { LiveConnection } from './connections';
import type { SocketIoDeps } from './socketio-deps';

/** One socket.io connection, as a command it sends is answered. */
export interface CommandConnection {
  deps: SocketIoDeps;
  room: TableRoom;
  /** Its identity, which a join changes (the connection then acts for its seat). */
  identity: Identity;
  live: LiveConnection;
  /** Its address group, which pays beside the principal. */
  address: string;
}

/**
 * A `command` event: refused for a spectator, paid from the principal's and the address's
 * command budget, then handed to the table's room; `ack` gets the answer.
 */
export function answerCommand(
  { deps, room, identity, live, address }: CommandConnection,
  arg: unknown,
  ack: (answer: SentAck) => void,
): void {
  const input = typeof arg === 'function' ? undefined : arg;
  const type = (input as { type?: unknown } | null | undefined)?.type;
  const refusal = spectatorRefusal(identity);
  if (refusal) {
    deps.metrics.command(type, refusal);
    ack(refusal);
    return;
  }
  // The sender is read when the command is applied: a join before it in the same batch
  // may have seated this connection.
  const sender = (claimedSeat: string | undefined) => () => ({
    actor:
      identity.seatId === undefined
        ? { role: identity.role }
        : { role: identity.role, seatId: identity.seatId },
    tokenHash: identity.tokenHash,
    ...(claimedSeat === undefined ? {} : { claimedSeat }),
  });
  // From a join on, this connection acts for its seat; the client reconnects with the
  // seat token it got in the acknowledgement. Undone if the join's batch was not stored.
  const seat = (seatId: string | undefined) => {
    if (seatId === undefined) delete identity.seatId;
    else identity.seatId = seatId;
    if (seatId === undefined) delete live.seatId;
    else live.seatId = seatId;
    deps.connections.changed(identity.tableId);
  };
  // A join taking back a restored seat: its claim code is looked up first (claims.ts); the
  // reducer learns only the seat it holds for. Every other command goes in as it came.
  const handle = (): Promise<HandledCommand> => {
    const claimed = carriesClaim(input)
      ? claimedSeatOf(deps.storage, identity.tableId, input)
      : Promise.resolve(undefined);
    return claimed.then(
      (seatId) => room.handle(sender(seatId), input, seat),
      (error: unknown): HandledCommand => {
        deps.log('reading a claim failed', error, identity.tableId);
        return { ack: { ok: false, code: 'storage', message: 'Try again in a moment.' } };
      },
    );
  };
  // Paid by the principal it acts for now (a seat once joined) and its address, across all
  // their connections; refused, nothing is applied. The budget answers in arrival order, so
  // a connection's commands keep theirs. A rejection here would be unhandled, and an
  // unhandled rejection stops the process.
  deps.budgets
    .spend('command', payerOf(identity, address))
    .then((paid) => {
      if (paid.ok) return handle().then((handled) => handled.ack);
      return {
        ok: false,
        code: 'rate-limited',
        message: 'Too many commands; wait a moment and send again.',
        retryInMs: paid.retryInMs,
      } as const;
    })
    .then((answer) => {
      deps.metrics.command(type, answer);
      ack(answer);
    })
    .catch((error: unknown) => deps.log('answering a command failed', error, identity.tableId));
}
