import type { Log } from '../ops/logger';
import type { HandledCommand } from '../room/group-commit';
import type { Storage } from '../storage';
import type { LeaseEvent, LeaseTimings, LossReason } from './leases';

// What a cluster node (cluster.ts) is started with, where its figures and log lines go.

export interface ClusterOptions {
  redisUrl: string;
  node: string;
  storage: Storage;
  log: Log;
  /** The leases' TTL and renewal period (leases.ts's LEASE_TIMINGS by default). */
  lease?: Partial<LeaseTimings>;
  /** How long a forwarded command waits for the owner's answer (FORWARD_TIMEOUT_MS, 1500 by
   * default), within the command's own deadline. */
  forwardTimeoutMs?: number;
  /** Where the cluster's figures go (metrics.ts). */
  metrics?: ClusterMetrics;
  /** Where its events go as log lines (lease changes): fields, then a sentence. */
  note?: (level: 'info' | 'warn', fields: Record<string, unknown>, message: string) => void;
}

export interface ClusterMetrics {
  lease: (change: LeaseEvent['type'], reason: LossReason | 'new') => void;
  forwarded: (ack: HandledCommand['ack']) => void;
  redisError: (operation: 'publish') => void;
  storageError: (operation: 'leases') => void;
}

/** One log line per lease change: what it means for the table, and how loud. */
export const LEASE_LINES: Record<LossReason | 'new', { level: 'info' | 'warn'; message: string }> =
  {
    new: { level: 'info', message: 'lease acquired: this node writes the table' },
    released: {
      level: 'info',
      message: 'lease released: the table unloaded here, or the node is closing',
    },
    refused: {
      level: 'warn',
      message: 'lease lost: its renewal was refused (it expired, or another node holds it now)',
    },
    expired: {
      level: 'warn',
      message: 'lease lost: not renewed in time (the database slow or away, or this node stalled)',
    },
    fenced: {
      level: 'warn',
      message: "lease lost: a later writer's epoch refused this node's commit, routed again",
    },
  };

/** How long a forwarded command waits for the writer's answer by default. */
export const FORWARD_TIMEOUT_MS = 1500;
