import { describe, expect, it } from 'vitest';
import { SeatClaims } from './seat-claims.svelte';

describe('the GM’s claim links', () => {
  it('loads the waiting seats’ links, replaces one with a new link, keeps them on a failure', async () => {
    const asked: string[] = [];
    const claims = new SeatClaims('t1', 'g', {
      fetch: (tableId, token) => {
        asked.push(`fetch ${tableId} ${token}`);
        return Promise.resolve([{ seatId: 's1', link: 'http://x/t/t1#token=p&seat=s1&claim=a' }]);
      },
      make: (_tableId, _token, seatId) => {
        asked.push(`make ${seatId}`);
        return Promise.resolve({ seatId, link: `http://x/t/t1#token=p&seat=${seatId}&claim=b` });
      },
    });
    await claims.load();
    expect(claims.status).toBe('ready');
    expect(claims.links).toEqual({ s1: 'http://x/t/t1#token=p&seat=s1&claim=a' });
    expect(await claims.make('s1')).toBe('http://x/t/t1#token=p&seat=s1&claim=b');
    await claims.make('s2');
    expect(Object.keys(claims.links).sort()).toEqual(['s1', 's2']);
    expect(asked).toEqual(['fetch t1 g', 'make s1', 'make s2']);

    const failing = new SeatClaims('t1', 'g', {
      fetch: () => Promise.reject(new Error('Only the GM can see the claim links.')),
      make: () => Promise.reject(new Error('That seat does not wait for its player.')),
    });
    await failing.load();
    expect(failing).toMatchObject({
      status: 'error',
      message: 'Only the GM can see the claim links.',
    });
    expect(await failing.make('s1')).toBeUndefined();
    expect(failing.making).toBeNull();
  });
});
