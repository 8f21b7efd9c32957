import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization` header may read `/metrics`: any request when no token is set,
 * else `Bearer <token>` exactly, compared in constant time (over hashes, so lengths leak
 * nothing either).
 */
export function metricsAllowed(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token));
}
