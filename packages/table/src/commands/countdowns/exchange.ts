import { line } from '../../log/say';
import * as Y from 'yjs';
import type { LogDraft, Plan } from '../context';
import type { TableDocs } from '../../doc/schema';
import { gmRoots, pubRoots } from '../../doc/schema';
import { readCountdown, updateCountdown } from '../../doc/countdowns';
import type { YMap } from '../../doc/ymap';
import { bool } from '../../doc/ymap';
import { afterDrop } from '../time/turns';
import { filledLine, isFull, tickedLine } from './store';

/**
 * The countdowns tied to exchanges tick by themselves when a conflict's exchange advances
 * ("it can be tied to exchanges of a conflict"). A full one stays full, so it
 * fills, and logs, once.
 */
export interface ExchangeTicks {
  pub?: () => void;
  gm?: () => void;
  log: LogDraft[];
}

/** What a new exchange does to the countdowns: the writes and the public log lines. */
export function exchangeTicks(docs: TableDocs): ExchangeTicks {
  const pub = due(pubRoots(docs.pub).countdowns);
  const gm = due(gmRoots(docs.gm).countdowns);
  const log = pub.map(({ next }) => line(isFull(next) ? filledLine(next) : tickedLine(next)));
  return {
    ...(pub.length > 0 ? { pub: () => writeAll(pub) } : {}),
    // Hidden ones tick in the GM document and write no line.
    ...(gm.length > 0 ? { gm: () => writeAll(gm) } : {}),
    log,
  };
}

/**
 * The ticks when `id` leaves a running conflict's turn order (taken out, conceding, removed)
 * as the exchange's last to act: the order wraps then as it does at `conflict.next`.
 */
export function dropTicks(docs: TableDocs, id: string): ExchangeTicks | undefined {
  const conflict = pubRoots(docs.pub).conflict;
  if (!bool(conflict, 'active')) return undefined;
  const order = (conflict.get('order') as string[] | undefined) ?? [];
  const after = afterDrop(order, (conflict.get('turn') as number | undefined) ?? 0, id);
  return after?.wraps ? exchangeTicks(docs) : undefined;
}

type Tick = { map: YMap; next: ReturnType<typeof readCountdown> };

function due(root: YMap): Tick[] {
  const out: Tick[] = [];
  root.forEach((value) => {
    if (!(value instanceof Y.Map)) return;
    const map = value as YMap;
    const c = readCountdown(map);
    if (c.perExchange && !isFull(c)) out.push({ map, next: { ...c, filled: c.filled + 1 } });
  });
  return out.sort((a, b) => a.next.at - b.next.at);
}

function writeAll(ticks: Tick[]): void {
  for (const { map, next } of ticks) updateCountdown(map, next);
}

/**
 * A handler's plan with a new exchange's ticks added: its own writes first, then the ticks',
 * in the same transactions, and the ticks' log lines after its own.
 */
export function withTicks(ticks: ExchangeTicks | undefined, plan: Plan): Plan {
  if (!ticks) return plan;
  const { pub, gm } = plan;
  return {
    ...plan,
    pub: () => {
      pub?.();
      ticks.pub?.();
    },
    ...(gm || ticks.gm
      ? {
          gm: () => {
            gm?.();
            ticks.gm?.();
          },
        }
      : {}),
    log: [...(plan.log ?? []), ...ticks.log],
  };
}
