import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Identity } from '../access/auth';
import type { TokenBucket } from '../limits/rate-limit';

/** One y-websocket connection: who it is, what it may still ask, the awareness ids it holds. */
export class Client {
  alive = true;
  /** Awareness client ids this connection speaks for now. */
  readonly ownedClients = new Set<number>();
  constructor(
    readonly ws: WebSocket,
    /** The connection's socket, which `ws` writes to as well: broadcasts write framed bytes. */
    readonly socket: Duplex,
    readonly identity: Identity,
    readonly awarenessBucket: TokenBucket,
    /** Sync step 1 and awareness queries: each answer may be the whole document. */
    readonly requestBucket: TokenBucket,
  ) {}

  /** Whose an awareness client id is: the same link and seat may take it back after a drop. */
  get ownerKey(): string {
    return `${this.identity.tokenHash}/${this.identity.seatId ?? ''}`;
  }

  /**
   * A GM or seat token is one person's; the shared player link before a join is anyone's, so
   * a connection on it cannot take an id from another live connection on it.
   */
  get personal(): boolean {
    return this.identity.role === 'gm' || this.identity.seatId !== undefined;
  }
}
