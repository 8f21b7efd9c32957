import type { Identity } from '../access/auth';
import type { Limits } from './limits';
import { LruMap } from './lru';
import { TokenBucket } from './rate-limit';

// What one person may cost the server, whatever number of connections they open (Limits,
// "Budgets per principal"). A principal is who a token speaks for: the GM of a table, a seat,
// or a shared link (the player link before a seat, the spectator link); beside it, every
// request is paid by its client address too (client-address.ts: an IPv4 address or an IPv6
// /64). One registry per server, injected (server.ts), its buckets forgotten least recently
// used first past `budgetEntries`; in cluster mode each spend is also counted in Redis over
// every node, as the table-creation limit is.

/** What a budget limits. */
export type Spend = 'command' | 'chat' | 'connect';

/** Who pays: the principal's key, whether it is a shared link, and the address's group. */
export interface Payer {
  principal: string;
  /** A link many people share (its crowd gets the link allowances). */
  link: boolean;
  address: string;
}

/** The principal a connection speaks for, as its token (and a join since) makes it. */
export function payerOf(
  identity: Pick<Identity, 'tableId' | 'role' | 'seatId' | 'tokenHash'>,
  address: string,
): Payer {
  if (identity.role === 'gm') return { principal: `gm:${identity.tableId}`, link: false, address };
  if (identity.seatId !== undefined) {
    return { principal: `seat:${identity.tableId}:${identity.seatId}`, link: false, address };
  }
  return { principal: `link:${identity.tokenHash}`, link: true, address };
}

export type Verdict = { ok: true } | { ok: false; retryInMs: number };

/**
 * A count every node shares (Cluster.allow): one more under `key` in a window of `windowMs`;
 * false once `allowance` are used. True when it cannot be asked (each node's own limit holds).
 */
export type SharedCount = (key: string, allowance: number, windowMs: number) => Promise<boolean>;

interface Rate {
  perSecond: number;
  burst: number;
}

const OK: Verdict = { ok: true };

export class Budgets {
  private readonly buckets: LruMap<string, TokenBucket>;
  /** Open connections by principal and by address; an entry goes when it reaches 0. */
  private readonly open = new Map<string, number>();

  constructor(
    private readonly limits: Limits,
    private readonly clock: () => number,
    private readonly shared?: SharedCount,
  ) {
    this.buckets = new LruMap(limits.budgetEntries);
  }

  /**
   * Takes one command or chat message from the payer's principal and address, both or
   * neither; with `shared` (cluster mode), also from their counts over every node. Refused:
   * how long until it would pass.
   */
  spend(spend: 'command' | 'chat', payer: Payer): Promise<Verdict> {
    return this.takeAll([
      [`${spend}:${payer.principal}`, this.rate(spend, payer.link)],
      [`${spend}:address:${payer.address}`, this.rate(spend, 'address')],
    ]);
  }

  /**
   * A connection attempt from an address, before its token is read (which costs a storage
   * read): every attempt counts, a bad token's too.
   */
  admitAddress(address: string): Promise<Verdict> {
    return this.takeAll([[`connect:address:${address}`, this.rate('connect', 'address')]]);
  }

  /** A connection attempt of a principal, once its token was read (its address paid already). */
  admitPrincipal(payer: Payer): Promise<Verdict> {
    return this.takeAll([[`connect:${payer.principal}`, this.rate('connect', payer.link)]]);
  }

  /**
   * One token from each bucket, or none: then how long until all would have one. On this node
   * first; then, in cluster mode, from each key's count over every node, in a window long
   * enough to refill its burst, whose allowance is what one node lets through in it, so that
   * spreading requests over the nodes gains at most one node's worth again.
   */
  private async takeAll(wanted: [string, Rate][]): Promise<Verdict> {
    const buckets = wanted.map(([key, rate]) => this.bucket(key, rate));
    const waits = buckets.map((b) => b.msUntilReady());
    if (waits.some((ms) => ms > 0)) return { ok: false, retryInMs: Math.max(...waits) };
    for (const bucket of buckets) bucket.take();
    const { shared } = this;
    if (!shared) return OK;
    const allowed = await Promise.all(
      wanted.map(([key, { perSecond, burst }]) => {
        const windowMs = Math.max(1000, Math.ceil((burst / perSecond) * 1000));
        return shared(key, Math.floor((perSecond * windowMs) / 1000) + burst, windowMs);
      }),
    );
    if (allowed.every(Boolean)) return OK;
    const slowest = Math.min(...wanted.map(([, rate]) => rate.perSecond));
    return { ok: false, retryInMs: Math.ceil(1000 / slowest) };
  }

  /**
   * Holds a connection's place among its principal's and its address's open ones: answers the
   * release (call it once, when it closes), or undefined when either is at its cap.
   */
  hold(payer: Payer): (() => void) | undefined {
    const keys = [`open:${payer.principal}`, `open:address:${payer.address}`];
    const caps = [
      payer.link ? this.limits.connectionsPerLink : this.limits.connectionsPerPrincipal,
      this.limits.connectionsPerAddress,
    ];
    if (keys.some((key, i) => (this.open.get(key) ?? 0) >= caps[i]!)) return undefined;
    for (const key of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of keys) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }

  private rate(spend: Spend, who: boolean | 'address'): Rate {
    const l = this.limits;
    const chat = (count: number) => ({ perSecond: count / (l.chatWindowMs / 1000), burst: count });
    switch (spend) {
      case 'command':
        return who === 'address'
          ? { perSecond: l.addressCommandRate, burst: l.addressCommandBurst }
          : { perSecond: l.commandRate, burst: l.commandBurst };
      case 'chat':
        return chat(who === 'address' ? l.addressChatMessages : l.chatMessages);
      case 'connect':
        if (who === 'address')
          return { perSecond: l.addressConnectRate, burst: l.addressConnectBurst };
        return who
          ? { perSecond: l.linkConnectRate, burst: l.linkConnectBurst }
          : { perSecond: l.connectRate, burst: l.connectBurst };
    }
  }

  private bucket(key: string, rate: Rate): TokenBucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(rate.perSecond, rate.burst, this.clock);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }
}
