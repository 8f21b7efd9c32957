import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Identity } from '../access/auth';
import { authenticate, tokenOf } from '../access/auth';
import { HttpError } from './http-error';
import { IMAGE_TYPES } from './image-routes';
import type { HttpDeps } from './http-deps';

/**
 * The API's door, before the body is read: a cross-site request, or a body a <form> can send,
 * never reaches a handler (nor the rate limit).
 */
export function sameSiteJsonOnly(originAllowed: (req: IncomingMessage) => boolean): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    if (!sameOrigin(req, originAllowed)) {
      throw new HttpError(
        403,
        'origin-not-allowed',
        'Requests that change a table must come from its own site.',
      );
    }
    if (!jsonOrNoBody(req) && !imageUpload(req)) {
      throw new HttpError(415, 'unsupported-media-type', 'The request body must be JSON.');
    }
    next();
  };
}

/** The token of a request for one table (`:id`): its identity, or a 401 or 403. */
export async function authorize(deps: HttpDeps, req: Request): Promise<Identity> {
  const token = tokenOf(req.get('authorization'), req.query.token);
  const auth = await authenticate(deps.storage, token);
  if (!auth.ok) throw new HttpError(401, auth.code, auth.message);
  if (auth.identity.tableId !== req.params.id) {
    throw new HttpError(403, 'forbidden', 'This token is for another table.');
  }
  return auth.identity;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The sockets' origin rule for a state-changing request: an Origin must be allowed; a browser
 * that sent none but says `Sec-Fetch-Site: cross-site` or `same-site` is refused too. A request
 * with neither header (curl, bots, tests) passes: its token authorizes it.
 */
function sameOrigin(req: Request, allowed: (req: IncomingMessage) => boolean): boolean {
  if (req.headers.origin !== undefined) return allowed(req);
  const site = req.headers['sec-fetch-site'];
  return site !== 'cross-site' && site !== 'same-site';
}

/**
 * A JSON body, or none at all. Any other content type (the ones a cross-site form sends
 * without a preflight: urlencoded, multipart, text/plain) is refused, even when empty.
 */
function jsonOrNoBody(req: Request): boolean {
  const length = req.headers['content-length'];
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (req.headers['content-type'] === undefined && !hasBody) return true;
  return typeof req.is('application/json') === 'string';
}

/**
 * A picture's upload (image-routes.ts) declares its type: image/png, image/jpeg or image/webp,
 * none of which a cross-site form sends without asking first.
 */
function imageUpload(req: Request): boolean {
  return (
    req.method === 'POST' &&
    /^\/tables\/[^/]+\/images$/.test(req.path) &&
    typeof req.is([...IMAGE_TYPES]) === 'string'
  );
}
