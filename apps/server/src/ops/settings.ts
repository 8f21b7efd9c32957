import type { PostgresTimeouts } from '../storage';
import type { LeaseTimings } from '../cluster/leases';

/**
 * The timings an operator may set from the environment (docs/SCALING.md lists them), each a
 * whole number of milliseconds; unset keeps the default. A value that is not one stops the
 * start with a sentence naming it, rather than running with a guess.
 */
export interface TimingSettings {
  /** COMMAND_TIMEOUT_MS: how long a command waits for its answer (GroupCommit). */
  commandTimeoutMs?: number;
  /** PG_*_MS: how long the storage waits for PostgreSQL (storage/postgres.ts). */
  postgres: PostgresTimeouts;
  /** LEASE_TTL_MS, LEASE_RENEW_MS: cluster mode's leases (cluster/leases.ts). */
  lease: Partial<LeaseTimings>;
  /** FORWARD_TIMEOUT_MS: how long a forwarded command waits for its writer. */
  forwardTimeoutMs?: number;
}

const POSTGRES_VARIABLES: Record<keyof PostgresTimeouts, string> = {
  connectMs: 'PG_CONNECT_TIMEOUT_MS',
  statementMs: 'PG_STATEMENT_TIMEOUT_MS',
  lockMs: 'PG_LOCK_TIMEOUT_MS',
  answerMs: 'PG_ANSWER_TIMEOUT_MS',
  idleInTransactionMs: 'PG_IDLE_IN_TRANSACTION_MS',
};

/** A positive whole number of milliseconds from `env[name]`, or undefined when unset. */
export function milliseconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a whole number of milliseconds above 0, not "${raw}"`);
  }
  return value;
}

export function timingSettings(env: NodeJS.ProcessEnv): TimingSettings {
  const postgres: PostgresTimeouts = {};
  for (const [key, name] of Object.entries(POSTGRES_VARIABLES) as [
    keyof PostgresTimeouts,
    string,
  ][]) {
    const value = milliseconds(env, name);
    if (value !== undefined) postgres[key] = value;
  }
  const lease: Partial<LeaseTimings> = {};
  const ttlMs = milliseconds(env, 'LEASE_TTL_MS');
  const renewMs = milliseconds(env, 'LEASE_RENEW_MS');
  if (ttlMs !== undefined) lease.ttlMs = ttlMs;
  if (renewMs !== undefined) lease.renewMs = renewMs;
  const commandTimeoutMs = milliseconds(env, 'COMMAND_TIMEOUT_MS');
  const forwardTimeoutMs = milliseconds(env, 'FORWARD_TIMEOUT_MS');
  return {
    postgres,
    lease,
    ...(commandTimeoutMs === undefined ? {} : { commandTimeoutMs }),
    ...(forwardTimeoutMs === undefined ? {} : { forwardTimeoutMs }),
  };
}
