// The test-support door of @fateboard/server (`@fateboard/server/testing`): what bench and e2e
// need to run the server as the cluster tests do. Named exports only; tests inside the server
// import these modules by path.
export { LEASE_MS, startClusterNodes } from './test/cluster-nodes';
export type { ClusterNode, ClusterNodes, ClusterNodesOptions } from './test/cluster-nodes';
export { findPostgresBinaries, findRedisServer, freePort } from './test/local-binaries';
export { postgresUnavailable, startPostgres } from './test/postgres-server';
export type { PostgresServer } from './test/postgres-server';
export { redisServerSkipReason, startRedisServer } from './test/redis-server';
export type { TestRedis } from './test/redis-server';
export { postgresLeases } from './storage';
export { LEASE_TIMINGS } from './cluster/leases';
