import { createServer } from './server';
import type { RunningServer } from './server';
import { openPostgresStorage } from './storage';
import type { Storage } from './storage';
import { timingSettings } from './ops/settings';

const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? './data';
const publicUrl = process.env.PUBLIC_URL;
// The built client to serve; the end-to-end runs build one per run so that runs side by side
// never serve each other's half-written bundle.
const clientDir = process.env.CLIENT_DIR;
// Cluster mode (docs/SCALING.md): the tables in one PostgreSQL shared by every node, Redis
// between the nodes, and a name for each. Unset, one node with SQLite in DATA_DIR.
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const redisUrl = process.env.REDIS_URL?.trim() || undefined;
const node = process.env.NODE_ID?.trim() || undefined;
// How long anything waits for PostgreSQL, Redis or a command's answer (docs/SCALING.md).
const timings = timingSettings(process.env);

/** A URL fit for a log line: without its user and password. */
function withoutUserinfo(raw: string): string {
  try {
    const parsed = new URL(raw);
    parsed.username = '';
    parsed.password = '';
    // pg also takes the password as a parameter.
    if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***');
    return parsed.href;
  } catch {
    // Not a URL (a libpq keyword string, say): nothing of it is safe to show.
    return '(not a URL)';
  }
}

const storage: Storage | undefined = databaseUrl
  ? await openPostgresStorage(databaseUrl, timings.postgres)
  : undefined;
let server: RunningServer;
try {
  server = await createServer({
    dataDir,
    port,
    host: process.env.HOST,
    ...(publicUrl ? { publicUrl } : {}),
    ...(clientDir ? { clientDir } : {}),
    ...(storage ? { storage } : {}),
    ...(redisUrl ? { redisUrl } : {}),
    ...(node ? { node } : {}),
    lease: timings.lease,
    ...(timings.commandTimeoutMs === undefined
      ? {}
      : { commandTimeoutMs: timings.commandTimeoutMs }),
    ...(timings.forwardTimeoutMs === undefined
      ? {}
      : { forwardTimeoutMs: timings.forwardTimeoutMs }),
    warmFileWorkers: true,
  });
} catch (error) {
  await storage?.close();
  throw error;
}
// A JSON line like every other (pino, with the node), its sentence readable as it stands.
const url = publicUrl ?? server.url;
const database = databaseUrl === undefined ? undefined : withoutUserinfo(databaseUrl);
const redis = redisUrl === undefined ? undefined : withoutUserinfo(redisUrl);
const where = database === undefined ? `data in ${dataDir}` : `tables in PostgreSQL ${database}`;
const cluster = redis === undefined ? '' : `, cluster mode with Redis ${redis}`;
server.logger.info(
  {
    url,
    ...(database === undefined
      ? { storage: 'sqlite', dataDir }
      : { storage: 'postgres', database }),
    cluster: redis !== undefined,
    ...(redis === undefined ? {} : { redis }),
  },
  `Fateboard is serving at ${url} (${where}${cluster})`,
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  server.logger.info({ signal }, 'closing connections and saving tables');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // The server does not close a storage it was handed: that is ours, once it has saved.
  server
    .close()
    .then(() => storage?.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
