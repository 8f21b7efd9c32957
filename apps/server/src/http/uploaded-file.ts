import express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import type { ImportError } from '@fateboard/interop';
import { addressGroup } from '../limits/client-address';
import type { FileSlot, FileWorkers } from '../file-work/pool';
import { HttpError } from './http-error';

/**
 * Files sent as a request body (a table file, a Fari scene): read as bytes up to `maxBytes`,
 * so that `@fateboard/interop` checks their size and depth before anything parses them.
 *
 * A body may come gzipped (`Content-Encoding: gzip`): body-parser inflates it as it streams
 * and counts `maxBytes` against the inflated bytes, so a small body that inflates past the
 * limit is cut off there (413). Any other encoding is refused before a byte is read (415).
 */
export const rawBody = (maxBytes: number): RequestHandler[] => [
  (req, _res, next) => {
    const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity' && encoding !== 'gzip') {
      throw new HttpError(
        415,
        'unsupported-encoding',
        'Send the file as it is, or gzipped (Content-Encoding: gzip).',
      );
    }
    next();
  },
  express.raw({ type: () => true, limit: maxBytes, inflate: true }),
];

/**
 * A place in the file workers for this request (FileWorkers.admit: 429 past the address's
 * cap, 503 past the server's), taken before its body is read and given back when it is
 * answered, however that ends.
 */
export function admitFile(workers: FileWorkers, req: Request, res: Response): FileSlot {
  const slot = workers.admit(addressGroup(req.socket.remoteAddress));
  res.locals.fileSlot = slot;
  res.on('close', slot.release);
  return slot;
}

/** The slot admitFile took for this request. */
export const fileSlotOf = (res: Response): FileSlot => res.locals.fileSlot as FileSlot;

/** The body's bytes (the buffer itself, not a copy); `bad-request` when none came. */
export function uploadedBytes(req: Request, what: string): Uint8Array {
  const body: unknown = req.body;
  const bytes = Buffer.isBuffer(body)
    ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
    : new Uint8Array();
  if (bytes.byteLength === 0) {
    throw new HttpError(400, 'bad-request', `Send ${what} as the request body.`);
  }
  return bytes;
}

/** interop's refusal of a file as a REST error: 413 for its size, 400 for anything else. */
export function fileRefused(error: ImportError): HttpError {
  return new HttpError(error.code === 'too-large' ? 413 : 400, error.code, error.message);
}
