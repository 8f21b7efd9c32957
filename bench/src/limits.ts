import type { Limits } from '@fateboard/server';

/**
 * The bench server's limits. Rate limits and the budgets per person and per address are
 * raised because they cap one person's abuse, not the server's capacity: a throughput run
 * drives hundreds of commands a second from one GM, and every simulated client connects
 * from 127.0.0.1 (budgets-case.ts measures the default budgets under attack instead). Idle
 * unload is short so that "an empty table costs nothing once unloaded" is measurable within
 * the run. Every other limit is the default.
 */
export const IDLE_UNLOAD_MS = 1000;
export const BENCH_LIMITS: Partial<Limits> = {
  eventRate: 1_000_000,
  eventBurst: 1_000_000,
  floodDisconnectAfter: 1_000_000,
  createTablePerMinute: 1_000_000,
  createTableBurst: 1_000_000,
  commandRate: 1_000_000,
  commandBurst: 1_000_000,
  addressCommandRate: 1_000_000,
  addressCommandBurst: 1_000_000,
  chatMessages: 1_000_000,
  addressChatMessages: 1_000_000,
  connectRate: 1_000_000,
  connectBurst: 1_000_000,
  linkConnectRate: 1_000_000,
  linkConnectBurst: 1_000_000,
  addressConnectRate: 1_000_000,
  addressConnectBurst: 1_000_000,
  connectionsPerPrincipal: 1_000_000,
  connectionsPerLink: 1_000_000,
  connectionsPerAddress: 1_000_000,
  imagesPerMinute: 1_000_000,
  imageBurst: 1_000_000,
  idleUnloadMs: IDLE_UNLOAD_MS,
};

/**
 * The phone case's server: a deployment's limits but for the per-person budgets, which a
 * script playing a campaign at full speed from one address would hit.
 */
export const PHONE_LIMITS: Partial<Limits> = {
  commandRate: 1_000_000,
  commandBurst: 1_000_000,
  addressCommandRate: 1_000_000,
  addressCommandBurst: 1_000_000,
  eventRate: 1_000_000,
  eventBurst: 1_000_000,
  logPagesPerSecond: 1_000,
  logPageBurst: 1_000,
  connectRate: 1_000,
  connectBurst: 1_000,
  linkConnectRate: 1_000,
  linkConnectBurst: 1_000,
  addressConnectRate: 1_000,
  addressConnectBurst: 1_000,
};
