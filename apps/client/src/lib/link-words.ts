import { CLOSE } from '@fateboard/table';

/** What a person reads when the server refuses or closes their link, in their words. */

export const OUTDATED = 'Fateboard was updated since this page loaded: reload the page.';

export function readableConnectError(error: Error & { data?: { code?: unknown } }): string {
  if (error.data?.code === 'outdated-client') return OUTDATED;
  const message = error.message || '';
  if (/token|auth|unauthori[sz]ed|forbidden/i.test(message)) {
    return 'This link is not valid (anymore). Ask the GM for a fresh one.';
  }
  return message || 'Could not connect to the table.';
}

export function readableClose(code: number, reason: string): string {
  if (reason === 'revoked-token') return 'The GM replaced this link; ask for the new one.';
  if (reason === 'invalid-token') return 'This link is not valid. Check that you copied all of it.';
  // The server's own sentence, e.g. when the GM removed this seat.
  if (code === CLOSE.unauthorized && reason.endsWith('.')) return reason;
  if (code === CLOSE.notFound) return 'This table does not exist (anymore).';
  if (code === CLOSE.outdated) return OUTDATED;
  return reason
    ? `The table closed the connection: ${reason}.`
    : `The table refused this link (${code}).`;
}
