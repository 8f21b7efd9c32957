import type { Holder, Movement } from '@fateboard/rules';
import type { LogMessage } from './say';

// The log's own types, apart from the views so that the log (log.ts, rows.ts) and the
// views that read it (doc/views.ts) need not import each other.

/** One fate point movement, as the rules' economy reports it. */
export type PointMovement = Movement;
export type PointHolder = Holder;

/** Who did something, as the log and the rolls record it. */
export interface ActorRef {
  role: 'gm' | 'player' | 'spectator';
  seatId?: string;
}

/** One line of the log: who did what, why, when, and where every point went. */
export interface LogEntry {
  /** Running number of the entry in this table. */
  n: number;
  at: number;
  by: ActorRef;
  /** The command type that made it. */
  type: string;
  /** A sentence for the table, e.g. "Zird invoked “On Fire” (+2)". */
  text: string;
  /**
   * The sentence as a message id and its parameters, for readers in other languages; absent
   * on entries written before messages (and on sentences not made from one): those show `text`.
   */
  msg?: LogMessage;
  characterId?: string;
  rollId?: string;
  movements?: PointMovement[];
  /** For GM adjustments: what it was before and after. */
  before?: unknown;
  after?: unknown;
}

/** Where one character's fate points went this session (since the last `session.start`). */
export interface FateSummaryRow {
  characterId: string;
  gained: number;
  spent: number;
  /** Gains and spends by reason, e.g. `{ 'compel-accepted': 2, invoke: -1 }`. */
  byReason: Record<string, number>;
}
