import { describe, expect, it } from 'vitest';
import { CLOSE } from '@fateboard/table';
import { readableClose, readableConnectError } from './link-words';

const OUTDATED = 'Fateboard was updated since this page loaded: reload the page.';

describe('a refused or closed link, in words', () => {
  it('tells an old client to reload, on either door', () => {
    const error = Object.assign(new Error('outdated'), { data: { code: 'outdated-client' } });
    expect(readableConnectError(error)).toBe(OUTDATED);
    expect(readableClose(CLOSE.outdated, 'outdated-client')).toBe(OUTDATED);
  });

  it('says a replaced or mistyped link plainly, and keeps the server’s own sentence', () => {
    expect(readableClose(CLOSE.unauthorized, 'revoked-token')).toMatch(/replaced this link/);
    expect(readableClose(CLOSE.unauthorized, 'invalid-token')).toMatch(/not valid/);
    expect(readableClose(CLOSE.unauthorized, 'The GM removed your seat.')).toBe(
      'The GM removed your seat.',
    );
    expect(readableClose(CLOSE.notFound, '')).toBe('This table does not exist (anymore).');
    expect(readableConnectError(new Error('invalid token'))).toMatch(/not valid \(anymore\)/);
  });
});
