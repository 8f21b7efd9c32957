import { describe, expect, it } from 'vitest';
import { CLOSE } from '@fateboard/table';
import { languageReady, setLocale } from './i18n';
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

  it('speaks the reader’s language, the same sentence in English again after a switch back', async () => {
    setLocale('pt-BR');
    try {
      await languageReady();
      expect(readableClose(CLOSE.notFound, '')).toBe('Esta mesa não existe (mais).');
      expect(readableClose(CLOSE.unauthorized, 'The GM removed your seat.')).toBe(
        'The GM removed your seat.',
      );
      expect(readableClose(4999, 'gone')).toBe('A mesa encerrou a conexão: gone.');
    } finally {
      setLocale('en');
    }
    expect(readableClose(CLOSE.notFound, '')).toBe('This table does not exist (anymore).');
  });
});
