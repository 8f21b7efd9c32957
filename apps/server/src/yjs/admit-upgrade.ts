import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE } from '@fateboard/table';
import { payerOf } from '../limits/budgets';
import { addressGroup } from '../limits/client-address';
import { admit } from './admission';
import type { Admission } from './admission';
import type { YjsServerDeps } from './yjs-deps';

/**
 * Admits a y-websocket upgrade before it happens (the token and the table are read from
 * storage); a refusal is the connection's to send after the upgrade, since a browser cannot
 * read the HTTP status of a failed upgrade and would retry. Every attempt an address makes is
 * paid for before its token is read; past its budget it gets a plain 429 and no upgrade (the
 * provider tries again after its backoff): resolves undefined then.
 */
export async function admitUpgrade(
  req: IncomingMessage,
  url: URL,
  socket: Duplex,
  deps: YjsServerDeps,
): Promise<Admission | undefined> {
  const address = addressGroup(req.socket.remoteAddress);
  const verdict = await deps.budgets.admitAddress(address);
  if (!verdict.ok) {
    const seconds = Math.ceil(verdict.retryInMs / 1000);
    socket.end(
      `HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${seconds}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
    return undefined;
  }
  const admitted = await admit(url, deps).catch((error: unknown): Admission => {
    deps.log('y-websocket admission failed', error);
    return { ok: false, code: CLOSE.unavailable, reason: 'server error' };
  });
  return holdPlace(admitted, address, socket, deps);
}

/**
 * An admitted connection's principal pays its attempt and holds a place among its open
 * connections until the socket closes; past either, it is refused with CLOSE.rateLimited.
 */
async function holdPlace(
  admission: Admission,
  address: string,
  socket: Duplex,
  deps: YjsServerDeps,
): Promise<Admission> {
  if (!admission.ok) return admission;
  const payer = payerOf(admission.identity, address);
  const paid = await deps.budgets.admitPrincipal(payer);
  const release = paid.ok ? deps.budgets.hold(payer) : undefined;
  if (!release) {
    return {
      ok: false,
      code: CLOSE.rateLimited,
      reason: paid.ok ? 'too many connections' : 'rate-limited',
    };
  }
  // Closed while it was admitted: nothing will close it again.
  if (socket.destroyed) release();
  else socket.once('close', release);
  return admission;
}
