import type { Rng } from '@fateboard/rules';
import type { LeaseTimings } from './cluster/leases';
import type { Limits } from './limits/limits';
import type { Logger } from './ops/logger';
import type { Storage } from './storage';

/** What `createServer` takes (main.ts reads it from the environment), and what it answers. */
export interface ServerOptions {
  /**
   * Start the file workers (restores, Fari scenes) with the server rather than on the first
   * file, which then waits for no thread to start (`main.ts` does; tests start them on use).
   */
  warmFileWorkers?: boolean;
  /** Where the SQLite file lives (ignored when `storage` is given). */
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  storage?: Storage;
  /** ms since the epoch. */
  clock?: () => number;
  /** Dice; a cryptographic source unless a test injects a seeded one. */
  rng?: Rng;
  /** Ids of seats, characters, aspects, rolls…; random unless a test injects its own. */
  newId?: () => string;
  limits?: Partial<Limits>;
  /** The origin links point to; defaults to `http://localhost:<port>`. */
  publicUrl?: string;
  /** Extra origins browsers may connect from (the server's own origin always may). */
  allowedOrigins?: string[];
  /** The built client; defaults to apps/client/dist. */
  clientDir?: string;
  /** CSP frame-ancestors; defaults to `'none'`. */
  frameAncestors?: string[];
  /** Where the server's JSON log lines go; pino on stdout at LOG_LEVEL (default info). */
  logger?: Logger;
  /** The name every log line and metric carries; NODE_ID, else `<host>:<port>`. */
  node?: string;
  /** The bearer token `/metrics` asks for; METRICS_TOKEN, else none (open). */
  metricsToken?: string;
  /**
   * Cluster mode (docs/SCALING.md): the Redis that holds the tables' write leases and carries
   * updates, forwarded commands and revocations between the nodes; REDIS_URL. The nodes share
   * one `storage` (PostgreSQL), and each needs its own `node` name.
   */
  redisUrl?: string;
  /**
   * Cluster mode: the leases' TTL, after which a dead writer's tables move, and how often they
   * are renewed (LEASE_TTL_MS, LEASE_RENEW_MS; cluster/leases.ts's LEASE_TIMINGS by default).
   */
  lease?: Partial<LeaseTimings>;
  /** Cluster mode: how long a forwarded command waits for its writer (FORWARD_TIMEOUT_MS). */
  forwardTimeoutMs?: number;
  /**
   * How long a command waits for its answer (GroupCommit's `answerWithinMs`, 1500 ms by
   * default): past it, refused when nothing of it was applied, `unknown-outcome` when its
   * commit is under way. COMMAND_TIMEOUT_MS.
   */
  commandTimeoutMs?: number;
  /**
   * Under load, how long a group commit waits for more commands before it starts
   * (GroupCommit's `gatherMs`); none by default. Measured in cluster mode without a clear gain
   * on one loaded machine (BENCHMARKS.md, "The cluster's CPU per command"): for a comparison
   * on separate machines, where a busy node's batches are larger.
   */
  commitGatherMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  /**
   * Group commits so far: how many, the commands they stored, the largest batch; with
   * `recent`, the milliseconds each of the last `recent` batches spent applying and committing.
   */
  commitStats(recent?: number): {
    batches: number;
    commands: number;
    largest: number;
    applyMs?: number[];
    commitMs?: number[];
  };
  /** This server's logger, with its node on every line. */
  logger: Logger;
  close(): Promise<void>;
}
