import { describe, expect, it } from 'vitest';
import { cryptoRng, hashToken, isTokenShaped, newTableId, newToken } from './tokens';

describe('tokens', () => {
  it('are 32 random bytes in base64url and hash to sha-256 hex', () => {
    const token = newToken();
    expect(isTokenShaped(token)).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(token);
    expect(newTableId()).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('the dice source stays in [0, 1) and spreads over it', () => {
    const buckets = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const u = cryptoRng();
      expect(u >= 0 && u < 1).toBe(true);
      buckets[Math.floor(u * 4)]!++;
    }
    for (const n of buckets) expect(n).toBeGreaterThan(800);
  });
});
