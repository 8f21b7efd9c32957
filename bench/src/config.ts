import type { CampaignSize } from './campaign';
import { LONG_CAMPAIGN } from './campaign';
import type { RoundPlan } from './open-loop';
import type { ClusterConfig } from './cluster-case';
import type { PhoneConfig } from './phone-case';

export interface BenchConfig {
  quick: boolean;
  fanoutSizes: number[];
  /** Where the idle-spectator cost is read: the spectators added to reach this size. */
  idleAt: number;
  plan: RoundPlan;
  reps: number;
  /** Spectator counts of the scene board's case (board-case.ts), on the fan-out's plan. */
  boardSizes: number[];
  campaign: CampaignSize;
  coldJoins: number;
  storm: number;
  throughputSeconds: number;
  throughputTables: number;
  /** Commands in flight per connection in the throughput runs. */
  window: number;
  tables: number;
  /** How long the victim is timed, quiet and under each door's attack (doors-case.ts). */
  doorSeconds: number;
  /** Cluster mode next to the single node (cluster-case.ts). */
  cluster: ClusterConfig;
  /** A phone and a laptop in Chromium (phone-case.ts). */
  phone: PhoneConfig;
}

export const FULL: BenchConfig = {
  quick: false,
  fanoutSizes: [50, 500, 2000],
  idleAt: 500,
  plan: { warm: 10, measured: 80, rateHz: 10 },
  reps: 3,
  boardSizes: [50, 500],
  campaign: LONG_CAMPAIGN,
  coldJoins: 10,
  storm: 500,
  throughputSeconds: 3,
  throughputTables: 50,
  window: 16,
  tables: 2000,
  doorSeconds: 20,
  cluster: {
    nodes: 3,
    fanoutSizes: [50, 500],
    plan: { warm: 10, measured: 80, rateHz: 10 },
    reps: 3,
    throughputTables: 50,
    throughputSeconds: 3,
    window: 4,
    failovers: 5,
  },
  phone: {
    loads: 3,
    rolls: 8,
    olderPages: 9,
    campaign: LONG_CAMPAIGN,
    samples: 10,
    devices: ['desk', 'phone'],
  },
};

/** CI: every figure, small: proves the suite still runs, in well under a minute. */
export const QUICK: BenchConfig = {
  quick: true,
  fanoutSizes: [10, 40, 80],
  idleAt: 40,
  plan: { warm: 2, measured: 10, rateHz: 30 },
  reps: 2,
  boardSizes: [10, 40],
  campaign: { fatePointMoves: 600, aspectEdits: 120, rolls: 180 },
  coldJoins: 3,
  storm: 50,
  throughputSeconds: 0.5,
  throughputTables: 5,
  window: 16,
  tables: 30,
  doorSeconds: 5,
  // The cluster path once: one small fan-out size, a short round trip and throughput run,
  // one failover.
  cluster: {
    nodes: 3,
    fanoutSizes: [10],
    plan: { warm: 2, measured: 10, rateHz: 30 },
    reps: 1,
    throughputTables: 6,
    throughputSeconds: 0.5,
    window: 4,
    failovers: 1,
  },
  // The phone only: one cold load of each table, a short campaign, two rolls, one older page.
  phone: {
    loads: 1,
    rolls: 2,
    olderPages: 1,
    campaign: { fatePointMoves: 200, aspectEdits: 40, rolls: 60 },
    samples: 2,
    devices: ['phone'],
  },
};
