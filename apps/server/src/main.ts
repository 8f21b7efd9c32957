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
console.log(`Fateboard is serving at ${publicUrl ?? server.url} (data in ${dataDir})`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing connections and saving tables…`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('shutdown failed', error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
