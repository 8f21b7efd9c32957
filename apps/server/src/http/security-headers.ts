import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * The security headers of every answer: a strict CSP (`frameAncestors`: who may embed the
 * table, `'none'` unless the deployment does), no Referer.
 */
export function securityHeaders(frameAncestors: string[]): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // blob: the pictures, fetched with the reader's token (image-routes.ts).
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    // The links carry their token in the fragment, which is never sent; no Referer either.
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: frameAncestors.includes("'none'") ? { action: 'deny' } : false,
  });
}
