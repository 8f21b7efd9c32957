import * as v from 'valibot';
import { ErrorBodySchema } from '@fateboard/table';
import { i18n, params } from './i18n';

export const messages = i18n('lib/api', {
  answered: params('The server answered {status}.'),
  unreadable: 'The server sent an answer we cannot read.',
});

// The server's answers are parsed with the protocol module's schemas (packages/table
// src/protocol/protocol.ts), the ones the server's own tests hold it to; a shape we cannot read is an
// error with a sentence, not a half-filled object.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's code from docs/PROTOCOL.md, when the server sent one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function readError(response: Response): Promise<ApiError> {
  const body = v.safeParse(ErrorBodySchema, await response.json().catch(() => null));
  if (!body.success)
    return new ApiError(
      response.status,
      messages.get().answered({ status: String(response.status) }),
    );
  return new ApiError(response.status, body.output.message, body.output.code);
}

/** The body of a successful answer, read with its schema. */
export async function readBody<S extends v.GenericSchema>(
  response: Response,
  schema: S,
): Promise<v.InferOutput<S>> {
  if (!response.ok) throw await readError(response);
  const body = v.safeParse(schema, await response.json().catch(() => null));
  if (!body.success) throw new ApiError(response.status, messages.get().unreadable);
  return body.output;
}

/**
 * Invite links point at the origin this browser uses, which is where the client runs (in
 * development Vite's port rather than the server's).
 */
export function onThisOrigin(link: string): string {
  try {
    const url = new URL(link, location.href);
    return `${location.origin}${url.pathname}${url.search}${url.hash}`;
  } catch {
    return link;
  }
}
