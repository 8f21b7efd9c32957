import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import * as v from 'valibot';
import { RULESET_IDS } from '@fateboard/rules';
import { readSeatsAndScene, userText } from '@fateboard/table';
import type { Role, TableUsage } from '@fateboard/table';
import type { Identity } from '../access/auth';
import { authenticate, tokenOf } from '../access/auth';
import type { Connections } from '../socketio/connections';
import type { Limits } from '../limits/limits';
import { addressGroup } from '../limits/client-address';
import { HttpError, toApiError } from './http-error';
import { LruMap } from '../limits/lru';
import { TokenBucket } from '../limits/rate-limit';
import type { Rooms } from '../room/rooms';
import type { Storage } from '../storage';
import type { FileWorkers } from '../file-work/pool';
import { fariSceneRoutes } from './fari-scene';
import type { TableFileDeps } from './table-files';
import { exportRoute, restoreRoutes } from './table-files';
import { createTable } from '../room/tables';
import type { InviteLinkDeps } from '../access/invite-links';
import { linkTo, linksRoute, rotateLinksRoute } from '../access/invite-links';
import type { Log } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import type { ReadinessReport } from '../ops/readiness';
import { metricsAllowed } from '../ops/metrics-auth';
import type { ClaimDeps } from '../access/claims';
import { claimsRoute, dropClaimRoute, newClaimRoute } from '../access/claims';

export interface HttpDeps {
  storage: Storage;
  rooms: Rooms;
  /** Where uploaded files (restores, Fari scenes) are read, off the event loop. */
  files: FileWorkers;
  connections: Connections;
  limits: Limits;
  clock: () => number;
  /** Where links point, e.g. `https://fate.example.org`; known once the server listens. */
  publicUrl: () => string;
  /** The built client (apps/client/dist); served when it exists. */
  clientDir: string;
  /** CSP frame-ancestors; `'none'` unless the deployment embeds the table in another site. */
  frameAncestors: string[];
  /** The sockets' origin rule (auth.ts `originAllowed` with this server's origins). */
  originAllowed: (req: IncomingMessage) => boolean;
  log: Log;
  metrics: Metrics;
  /** The bearer token `/metrics` asks for (METRICS_TOKEN); open to all when unset. */
  metricsToken: string | undefined;
  /** Cluster mode: a limit all the nodes count together (Cluster.allow). */
  shared?: (key: string, perMinute: number) => Promise<boolean>;
  /** Whether the node can do its work now (`/readyz`). */
  readiness: () => ReadinessReport;
}

const CreateTableBody = v.object({
  // The same text rules as every name in a command (no control or bidi characters, not blank).
  name: userText('name', 80, 'name'),
  ruleset: v.picklist(RULESET_IDS, `ruleset must be one of ${RULESET_IDS.join(', ')}`),
});

export function createHttpApp(deps: HttpDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: deps.frameAncestors,
        },
      },
      // The links carry their token in the fragment, which is never sent; no Referer either.
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: deps.frameAncestors.includes("'none'") ? { action: 'deny' } : false,
    }),
  );

  // Liveness: the process answers. A load balancer's health check is /readyz.
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  // Readiness: 503 while the node cannot reach a service it needs (PostgreSQL, Redis) or is
  // shutting down, so that a load balancer sends its new connections elsewhere meanwhile.
  app.get('/readyz', (_req, res) => {
    const report = deps.readiness();
    res.status(report.ready ? 200 : 503).json(report);
  });

  // Prometheus's scrape (docs/PROTOCOL.md). Counts only, no table's content; a deployment that
  // does not want even those public sets METRICS_TOKEN.
  app.get('/metrics', (req, res, next) => {
    if (!metricsAllowed(req.headers.authorization, deps.metricsToken)) {
      res.set('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'unauthorized', '/metrics needs the bearer token METRICS_TOKEN.');
    }
    deps.metrics.text().then((text) => res.type(deps.metrics.contentType).send(text), next);
  });

  const api = express.Router();
  // Before the body is read: a cross-site request, or a body a <form> can send, never
  // reaches a handler (nor the rate limit).
  api.use((req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    if (!sameOrigin(req, deps.originAllowed)) {
      throw new HttpError(
        403,
        'origin-not-allowed',
        'Requests that change a table must come from its own site.',
      );
    }
    if (!jsonOrNoBody(req)) {
      throw new HttpError(415, 'unsupported-media-type', 'The request body must be JSON.');
    }
    next();
  });

  // One bucket per client address (an IPv6 /64 counts as one), the least recently used
  // forgotten past createTableAddresses: a crowd of new addresses never resets the others.
  const creators = new LruMap<string, TokenBucket>(deps.limits.createTableAddresses);
  const allowCreation = async (req: Request): Promise<void> => {
    const address = addressGroup(req.socket.remoteAddress);
    let bucket = creators.get(address);
    if (!bucket) {
      bucket = new TokenBucket(
        deps.limits.createTablePerMinute / 60,
        deps.limits.createTableBurst,
        deps.clock,
      );
      creators.set(address, bucket);
    }
    const tooMany = () => new HttpError(429, 'rate-limited', 'Too many tables; wait a minute.');
    if (!bucket.take()) throw tooMany();
    // Cluster mode: the nodes count together, so that spreading requests over them gains
    // nothing (a minute's worth and a burst, as one node allows).
    const { shared } = deps;
    if (shared) {
      const allowance = deps.limits.createTablePerMinute + deps.limits.createTableBurst;
      if (!(await shared(`create-table:${address}`, allowance))) throw tooMany();
    }
  };
  const links = (id: string, tokens: Record<Role, string>) => ({
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
  api.use(express.json({ limit: deps.limits.maxBodyBytes }));

  api.post('/tables', async (req, res) => {
    await allowCreation(req);
    const body = v.safeParse(CreateTableBody, req.body);
    if (!body.success) throw new HttpError(400, 'bad-request', body.issues[0].message);
    const { id, tokens } = await createTable(deps.storage, body.output, deps.clock());
    res.status(201).json({ id, links: links(id, tokens) });
  });

  api.get('/tables/:id', async (req, res) => {
    const identity = await authorize(deps, req);
    const answer = await deps.rooms.read(identity.tableId, (room) => {
      const { table } = room;
      // Two roots, not the whole view: a summary costs the same on a table of any size.
      const view = readSeatsAndScene(room.doc('pub'));
      return {
        id: table.id,
        name: table.name,
        ruleset: table.ruleset,
        created: table.created,
        you:
          identity.seatId === undefined
            ? { role: identity.role }
            : { role: identity.role, seatId: identity.seatId },
        seats: view.seats.map((s) => ({ id: s.id, name: s.name })),
        scene: { active: view.scene.active, name: view.scene.name },
        documents: {
          pub: `table/${table.id}`,
          ...(identity.role === 'gm' ? { gm: `table/${table.id}/gm` } : {}),
        },
      };
    });
    if (!answer) throw new HttpError(404, 'not-found', 'No such table.');
    res.json(answer);
  });

  api.get('/tables/:id/export', exportRoute(files));

  // Older log entries than the public document keeps, a page at a time. Every role may read
  // them: the log is public.
  // A table's log pages draw on one budget, whoever of its readers (any token) asks.
  const logPages = new LruMap<string, TokenBucket>(deps.limits.createTableAddresses);
  api.get('/tables/:id/log', async (req, res) => {
    const identity = await authorize(deps, req);
    let pages = logPages.get(identity.tableId);
    if (!pages) {
      pages = new TokenBucket(deps.limits.logPagesPerSecond, deps.limits.logPageBurst, deps.clock);
      logPages.set(identity.tableId, pages);
    }
    if (!pages.take()) {
      throw new HttpError(
        429,
        'rate-limited',
        'Too many pages of this table’s log at once; wait a moment.',
      );
    }
    const before = pageParam(req.query.before, 'before', 1, Number.MAX_SAFE_INTEGER);
    const limit = pageParam(req.query.limit, 'limit', 1, LOG_PAGE_MAX) ?? LOG_PAGE_DEFAULT;
    if (!deps.storage.readLog) {
      throw new HttpError(501, 'not-implemented', 'This server keeps no log history.');
    }
    // One more than asked tells whether an older page exists.
    const entries = await deps.storage.readLog(identity.tableId, before, limit + 1);
    const more = entries.length > limit;
    res.json({ entries: more ? entries.slice(1) : entries, more });
  });

  // The rolls of the current session, newest first, a page at a time, each as it stands now
  // (with every invoke): the public document keeps only the recent ones. Every role may read
  // them: rolls are public; the stored snapshots are read from the public document only.
  api.get('/tables/:id/rolls', async (req, res) => {
    const identity = await authorize(deps, req);
    const before = pageParam(req.query.before, 'before', 1, Number.MAX_SAFE_INTEGER);
    const limit = pageParam(req.query.limit, 'limit', 1, ROLL_PAGE_MAX) ?? ROLL_PAGE_DEFAULT;
    const character = idParam(req.query.character, 'character');
    if (!deps.storage.readRolls) {
      throw new HttpError(501, 'not-implemented', 'This server keeps no roll history.');
    }
    // One more than asked tells whether an older page exists.
    const page = await deps.storage.readRolls(identity.tableId, {
      before,
      limit: limit + 1,
      character,
    });
    const more = page.rolls.length > limit;
    res.json({
      rolls: more ? page.rolls.slice(0, limit) : page.rolls,
      more,
      characters: page.characters,
    });
  });

  // What the table holds on disk against its ceiling (Limits.tableBytes, storage/table-bytes.ts),
  // for the GM's tools: past it, commands and chat are refused with `storage-full`.
  api.get('/tables/:id/usage', async (req, res) => {
    const identity = await authorize(deps, req);
    if (identity.role !== 'gm') {
      throw new HttpError(403, 'forbidden', 'Only the GM sees what the table holds on disk.');
    }
    const bytes = await deps.storage.tableBytes(identity.tableId);
    if (bytes === undefined) throw new HttpError(404, 'not-found', 'No such table.');
    const usage: TableUsage = { bytes, ceiling: deps.limits.tableBytes };
    res.json(usage);
  });

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

const LOG_PAGE_DEFAULT = 50;
const LOG_PAGE_MAX = 200;
const ROLL_PAGE_DEFAULT = 20;
const ROLL_PAGE_MAX = 100;

/**
 * An optional id query parameter: one string of 1 to 64 characters, as ids are (commands'
 * `Id`), without control characters; a repeated parameter (an array) is refused.
 */
function idParam(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  if (typeof value !== 'string' || !/^[^\u0000-\u001f\u007f]{1,64}$/u.test(value)) {
    throw new HttpError(400, 'bad-request', `${name} must be an id.`);
  }
  return value;
}

/** An optional whole-number query parameter within bounds. */
function pageParam(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new HttpError(
      400,
      'bad-request',
      `${name} must be a whole number from ${min} to ${max}.`,
    );
  }
  return n;
}

async function authorize(deps: HttpDeps, req: Request): Promise<Identity> {
  const token = tokenOf(req.get('authorization'), req.query.token);
  const auth = await authenticate(deps.storage, token);
  if (!auth.ok) throw new HttpError(401, auth.code, auth.message);
  if (auth.identity.tableId !== req.params.id) {
    throw new HttpError(403, 'forbidden', 'This token is for another table.');
  }
  return auth.identity;
}
