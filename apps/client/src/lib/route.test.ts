import { describe, expect, it } from 'vitest';
import { parseRoute, tablePath } from './route';

describe('parseRoute', () => {
  it('reads the invite link shape', () => {
    expect(parseRoute({ pathname: '/t/abc_12', search: '', hash: '#token=xyz' })).toEqual({
      kind: 'table',
      tableId: 'abc_12',
      token: 'xyz',
      overlay: false,
    });
  });
  it('reads the overlay option and a missing token', () => {
    expect(parseRoute({ pathname: '/t/abc/', search: '?overlay=1', hash: '' })).toEqual({
      kind: 'table',
      tableId: 'abc',
      token: null,
      overlay: true,
    });
  });
  it('reads a claim link: the seat and its code beside the token', () => {
    const code = 'c'.repeat(43);
    expect(
      parseRoute({ pathname: '/t/abc', search: '', hash: `#token=xyz&seat=s%2F1&claim=${code}` }),
    ).toEqual({
      kind: 'table',
      tableId: 'abc',
      token: 'xyz',
      overlay: false,
      claim: { seatId: 's/1', code },
    });
    // Half a claim is none.
    expect(
      parseRoute({ pathname: '/t/abc', search: '', hash: '#token=x&claim=y' }),
    ).not.toHaveProperty('claim');
  });
  it('sends anything else to the landing page', () => {
    expect(parseRoute({ pathname: '/', search: '', hash: '' }).kind).toBe('landing');
    expect(parseRoute({ pathname: '/t/../x', search: '', hash: '' }).kind).toBe('landing');
  });
  it('round-trips tablePath', () => {
    const url = new URL(tablePath('t1', 'a b', true), 'http://x');
    expect(parseRoute(url)).toEqual({ kind: 'table', tableId: 't1', token: 'a b', overlay: true });
  });
});
