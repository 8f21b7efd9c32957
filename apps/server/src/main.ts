import { createServer } from './server';

const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? './data';
const publicUrl = process.env.PUBLIC_URL;
// The built client to serve; the end-to-end runs build one per run so that runs side by side
// never serve each other's half-written bundle.
const clientDir = process.env.CLIENT_DIR;

const server = await createServer({
  dataDir,
  port,
  host: process.env.HOST,
  ...(publicUrl ? { publicUrl } : {}),
  ...(clientDir ? { clientDir } : {}),
});
// A JSON line like every other (pino, with the node), its sentence readable as it stands.
const url = publicUrl ?? server.url;
server.logger.info({ url, dataDir }, `Fateboard is serving at ${url} (data in ${dataDir})`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  server.logger.info({ signal }, 'closing connections and saving tables');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      server.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
