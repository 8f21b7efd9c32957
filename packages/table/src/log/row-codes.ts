import type { MovementReason } from '@fateboard/rules';

// The short codes a log row stores for command types and movement reasons (rows.ts), and the
// small numbers it stores for ids.

/** Append-only: a code, once written into a document, must keep its meaning. */
export const TYPE_CODES = [
  'join',
  'character.create',
  'character.claim',
  'character.update',
  'scene.start',
  'scene.end',
  'session.start',
  'scenario.end',
  'milestone.major',
  'aspect.add',
  'aspect.edit',
  'aspect.remove',
  'spotlight.push',
  'spotlight.dismiss',
  'gm.prepare',
  'gm.npc-draft',
  'gm.reveal',
  'gm.note',
  'roll',
  'invoke',
  'outcome.apply',
  'compel.offer',
  'compel.accept',
  'compel.refuse',
  'fate-point.give',
  'absorb',
  'taken-out',
  'concede',
  'consequence.take',
  'consequence.recover',
  'consequence.clear',
  'conflict.start',
  'conflict.next',
  'conflict.end',
  'gm.adjust',
  'character.remove',
  'free-invoke.pass',
  'compel.withdraw',
  'seat.remove',
  'defend',
  'conflict.order',
  'declaration.propose',
  'declaration.vote',
  'declaration.close',
  'declaration.withdraw',
  'conflict.join',
  'conflict.leave',
  'board.move',
  'zone.add',
  'zone.edit',
  'zone.remove',
  'border.add',
  'border.remove',
  'board.reveal',
] as const;

/** Append-only, like TYPE_CODES. */
export const REASON_CODES: readonly MovementReason[] = [
  'refresh',
  'scene-pool',
  'scene-pool-lost',
  'scene-payout',
  'compel-accepted',
  'compel-refused',
  'self-compel',
  'invoke',
  'spend',
  'concede',
  'give',
  'gm-adjustment',
];

export function code(list: readonly string[], value: string): number | string {
  const i = list.indexOf(value);
  return i < 0 ? value : i;
}

export function uncode(list: readonly string[], value: unknown): string {
  return typeof value === 'number' ? (list[value] ?? String(value)) : String(value);
}

/** The table's small numbers for ids (the `refs` array: number i + 1 is the i-th id). */
export interface Refs {
  /** The id's number, assigning the next one when it has none yet (writing only). */
  ref: (id: string) => number;
  id: (ref: number) => string;
}
