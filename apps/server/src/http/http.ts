import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { HttpError, toApiError } from './http-error';
import { fariSceneRoutes } from './fari-scene';
import { compressedAssets } from './client-files';
import type { ImageDeps } from './image-routes';
import { ImageQueue, imageReadRoute, imageUploadRoutes } from './image-routes';
import type { TableFileDeps } from './table-files';
import { exportRoute, restoreRoutes } from './table-files';
import type { InviteLinkDeps } from '../access/invite-links';
import { linkTo, linksRoute, rotateLinksRoute } from '../access/invite-links';
import type { ClaimDeps } from '../access/claims';
import { claimsRoute, dropClaimRoute, newClaimRoute } from '../access/claims';
import type { HttpDeps } from './http-deps';
import { securityHeaders } from './security-headers';
import { opsRoutes } from './ops-routes';
import { authorize, sameSiteJsonOnly } from './request-checks';
import { creationLimit } from './creation-limit';
import { tableRoutes } from './table-routes';
import type { TableLinks } from './table-routes';

export type { HttpDeps } from './http-deps';

/** The REST API, the operator's routes and the built client, on one express app. */
export function createHttpApp(deps: HttpDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(securityHeaders(deps.frameAncestors));
  opsRoutes(app, deps);

  const api = express.Router();
  // Before the body is read: a cross-site request, or a body a <form> can send, never
  // reaches a handler (nor the rate limit).
  api.use(sameSiteJsonOnly(deps.originAllowed));
  const allowCreation = creationLimit(deps);
  const links: TableLinks = (id, tokens) => ({
    gm: linkTo(deps.publicUrl(), id, tokens.gm),
    player: linkTo(deps.publicUrl(), id, tokens.player),
    spectator: linkTo(deps.publicUrl(), id, tokens.spectator),
  });
  const files: TableFileDeps = {
    storage: deps.storage,
    rooms: deps.rooms,
    clock: deps.clock,
    authorize: (req) => authorize(deps, req),
    allowCreation,
    links,
    files: deps.files,
    images: new ImageQueue(),
  };
  // Before the JSON parser: table and scene files are over the 16 KiB of other bodies, and are
  // read as bytes so that their size and depth are checked before they are parsed.
  api.post('/tables/restore', ...restoreRoutes(files));
  api.post(
    '/tables/:id/fari-scene',
    ...fariSceneRoutes({
      ...files,
      perMinute: deps.limits.fariScenesPerMinute,
      burst: deps.limits.fariSceneBurst,
    }),
  );
  const images: ImageDeps = {
    ...files,
    budgets: deps.budgets,
    tableBytes: deps.limits.tableBytes,
  };
  api.post('/tables/:id/images', ...imageUploadRoutes(images));
  api.get('/tables/:id/images/:hash', imageReadRoute(images));
  api.use(express.json({ limit: deps.limits.maxBodyBytes }));
  tableRoutes(api, deps, links, allowCreation);
  api.get('/tables/:id/export', exportRoute(files));

  const invites: InviteLinkDeps = {
    storage: deps.storage,
    connections: deps.connections,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
    authorize: (req) => authorize(deps, req),
    log: deps.log,
  };
  api.get('/tables/:id/links', linksRoute(invites));
  api.post('/tables/:id/rotate-links', rotateLinksRoute(invites));
  const claims: ClaimDeps = { ...invites, rooms: deps.rooms };
  api.get('/tables/:id/claims', claimsRoute(claims));
  api.post('/tables/:id/claims', newClaimRoute(claims));
  api.delete('/tables/:id/claims/:seatId', dropClaimRoute(claims));

  api.use((_req, _res) => {
    throw new HttpError(404, 'not-found', 'No such API route.');
  });
  app.use('/api', api);

  if (existsSync(join(deps.clientDir, 'index.html'))) {
    app.use(compressedAssets(deps.clientDir));
    app.use(express.static(deps.clientDir, { index: 'index.html', maxAge: '1h' }));
    app.get('/t/*splat', (_req, res) => {
      res.sendFile(join(deps.clientDir, 'index.html'));
    });
  }

  app.use((_req, _res) => {
    throw new HttpError(404, 'not-found', 'Not found.');
  });

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const { status, body } = toApiError(error);
    if (status >= 500) deps.log('request failed', error);
    res.status(status).json(body);
  });

  return app;
}
