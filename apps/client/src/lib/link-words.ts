import { CLOSE } from '@fateboard/table';
import { i18n, params } from './i18n';

/** What a person reads when the server refuses or closes their link, in their words. */

export const messages = i18n('lib/link-words', {
  outdated: 'Fateboard was updated since this page loaded: reload the page.',
  linkInvalidAnymore: 'This link is not valid (anymore). Ask the GM for a fresh one.',
  couldNotConnect: 'Could not connect to the table.',
  revoked: 'The GM replaced this link; ask for the new one.',
  invalidToken: 'This link is not valid. Check that you copied all of it.',
  notFound: 'This table does not exist (anymore).',
  closed: params('The table closed the connection: {reason}.'),
  refused: params('The table refused this link ({code}).'),
});

export function readableConnectError(error: Error & { data?: { code?: unknown } }): string {
  if (error.data?.code === 'outdated-client') return messages.get().outdated;
  const message = error.message || '';
  if (/token|auth|unauthori[sz]ed|forbidden/i.test(message)) {
    return messages.get().linkInvalidAnymore;
  }
  return message || messages.get().couldNotConnect;
}

export function readableClose(code: number, reason: string): string {
  const t = messages.get();
  if (reason === 'revoked-token') return t.revoked;
  if (reason === 'invalid-token') return t.invalidToken;
  // The server's own sentence, e.g. when the GM removed this seat.
  if (code === CLOSE.unauthorized && reason.endsWith('.')) return reason;
  if (code === CLOSE.notFound) return t.notFound;
  if (code === CLOSE.outdated) return t.outdated;
  return reason ? t.closed({ reason }) : t.refused({ code: String(code) });
}
