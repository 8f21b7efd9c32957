/** Every REST error has this shape. */
export interface ApiError {
  code: string;
  message: string;
}

/** A REST refusal: its status and its code from docs/PROTOCOL.md, with a sentence for people. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Any error a route threw, as the status and body the client is sent. */
export function toApiError(error: unknown): { status: number; body: ApiError } {
  if (error instanceof HttpError) {
    return { status: error.status, body: { code: error.code, message: error.message } };
  }
  // body-parser's errors carry a status and a type.
  const e = error as { status?: unknown; type?: unknown };
  if (e.type === 'entity.too.large') {
    return { status: 413, body: { code: 'too-large', message: 'The request body is too large.' } };
  }
  if (e.type === 'entity.parse.failed') {
    return { status: 400, body: { code: 'bad-json', message: 'The request body is not JSON.' } };
  }
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, body: { code: 'bad-request', message: 'Bad request.' } };
  }
  return {
    status: 500,
    body: { code: 'internal', message: 'Something went wrong on the server.' },
  };
}
