import type { Request } from 'express';
import { addressGroup } from '../limits/client-address';
import { LruMap } from '../limits/lru';
import { TokenBucket } from '../limits/rate-limit';
import { HttpError } from './http-error';
import type { HttpDeps } from './http-deps';

/**
 * The limit on creating tables (new or restored), per client address: answers the check each
 * creation awaits, which throws a 429 past it.
 */
export function creationLimit(
  deps: Pick<HttpDeps, 'limits' | 'clock' | 'shared'>,
): (req: Request) => Promise<void> {
  // One bucket per client address (an IPv6 /64 counts as one), the least recently used
  // forgotten past createTableAddresses: a crowd of new addresses never resets the others.
  const creators = new LruMap<string, TokenBucket>(deps.limits.createTableAddresses);
  return async (req: Request): Promise<void> => {
    const address = addressGroup(req.socket.remoteAddress);
    let bucket = creators.get(address);
    if (!bucket) {
      bucket = new TokenBucket(
        deps.limits.createTablePerMinute / 60,
        deps.limits.createTableBurst,
        deps.clock,
      );
      creators.set(address, bucket);
    }
    const tooMany = () => new HttpError(429, 'rate-limited', 'Too many tables; wait a minute.');
    if (!bucket.take()) throw tooMany();
    // Cluster mode: the nodes count together, so that spreading requests over them gains
    // nothing (a minute's worth and a burst, as one node allows).
    const { shared } = deps;
    if (shared) {
      const allowance = deps.limits.createTablePerMinute + deps.limits.createTableBurst;
      if (!(await shared(`create-table:${address}`, allowance))) throw tooMany();
    }
  };
}
