// Starts one real server process for the crash tests: `DATA_DIR` and `PORT` (0 picks one)
// from the environment; prints `LISTENING <port>` once it accepts connections.
import type { Limits } from '../limits/limits';
import { createLogger } from '../ops/logger';
import { createServer } from '../server';

const server = await createServer({
  dataDir: process.env.DATA_DIR ?? './data',
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  // A test may raise a rate for its own setup traffic (never lower a protection it tests).
  ...(process.env.FATEBOARD_LIMITS
    ? { limits: JSON.parse(process.env.FATEBOARD_LIMITS) as Partial<Limits> }
    : {}),
  logger: createLogger({ level: process.env.DEBUG_SERVER ? 'info' : 'silent' }),
});
console.log(`LISTENING ${server.port}`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
