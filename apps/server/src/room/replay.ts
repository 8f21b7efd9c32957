import type { Command } from '@fateboard/table';
import type { StoredCommand } from '../storage';
import type { Prepared } from './group-commit';
import {
  acknowledgedResult,
  answerOnly,
  grantedSeat,
  issueSeatToken,
  joinSecretHash,
} from './command';
import type { Sender } from './command';

/** What answering a retry needs from its room. */
export interface ReplayRoom {
  tableId: string;
  clock: () => number;
  /** Whether the seat is still on the table (the GM may have removed it since the join). */
  hasSeat: (seatId: string) => boolean;
}

/** A retried command id: the first result again, nothing applied. */
export function replayCommand(
  room: ReplayRoom,
  sender: Sender,
  previous: StoredCommand,
  command: Command,
): Prepared {
  const result = acknowledgedResult(previous.result ?? undefined);
  const seatId = grantedSeat(previous.actor, result);
  if (seatId !== undefined) return replayJoin(room, sender, previous, seatId, command);
  return answerOnly(
    result === undefined
      ? { ok: true, seq: previous.seq }
      : { ok: true, seq: previous.seq, result },
  );
}

/**
 * A retried join. Its id proves nothing: anyone on the shared player link may send it. The
 * seat token is stored hashed only, so a retry is answered with a fresh one, and only to the
 * seat itself (the connection the join seated, or one on the seat's token) or to a seatless
 * player whose retry carries the join's secret: the honest client back on the player link
 * before it saw the acknowledgement. Anyone else is refused and nothing changes.
 */
function replayJoin(
  room: ReplayRoom,
  sender: Sender,
  previous: StoredCommand,
  seatId: string,
  command: Command,
): Prepared {
  const { actor } = sender;
  const secretHash = joinSecretHash(command);
  const ownSeat = actor.role === 'player' && actor.seatId === seatId;
  const provenBySecret =
    actor.role === 'player' &&
    actor.seatId === undefined &&
    previous.secretHash !== null &&
    secretHash === previous.secretHash;
  if (!ownSeat && !provenBySecret) {
    return answerOnly({
      ok: false,
      code: 'replayed-join',
      message: 'This join was made by someone else; join with a new command id.',
    });
  }
  // The GM may have removed the seat since: no token for a seat that is gone.
  if (!room.hasSeat(seatId)) {
    return answerOnly({
      ok: false,
      code: 'not-found',
      message: 'The GM removed this seat; join the table again.',
    });
  }
  const seatToken = issueSeatToken(room.tableId, seatId, room.clock());
  return {
    handled: {
      ack: {
        ok: true,
        seq: previous.seq,
        result: { ...(previous.result as object), seatToken: seatToken.token },
      },
      seatId,
    },
    // The fresh seat token is stored with the batch.
    writes: [{ kind: 'token', token: seatToken.record }],
  };
}
