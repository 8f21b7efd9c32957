import express from 'express';
import type { Request, RequestHandler } from 'express';
import type { ImportError } from '@fateboard/interop';
import { HttpError } from './http-error';

/**
 * Files sent as a request body (a table file, a Fari scene): read as bytes up to `maxBytes`,
 * so that `@fateboard/interop` checks their size and depth before anything parses them.
 */
export const rawBody = (maxBytes: number): RequestHandler =>
  express.raw({ type: () => true, limit: maxBytes });

/** The body's bytes; `bad-request` when none came. `what` names the file in the message. */
export function uploadedBytes(req: Request, what: string): Uint8Array {
  const body: unknown = req.body;
  const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array();
  if (bytes.byteLength === 0) {
    throw new HttpError(400, 'bad-request', `Send ${what} as the request body.`);
  }
  return bytes;
}

/** interop's refusal of a file as a REST error: 413 for its size, 400 for anything else. */
export function fileRefused(error: ImportError): HttpError {
  return new HttpError(error.code === 'too-large' ? 413 : 400, error.code, error.message);
}
