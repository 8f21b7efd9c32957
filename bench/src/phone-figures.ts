import type { CampaignSize } from './campaign';
import type { PhoneTable } from './phone-tables';
import type { Repeated } from './stats';
import { round } from './stats';

// The phone case's figures (phone-case.ts) and its rows in the report.

export interface PhoneConfig {
  /** Cold loads per table and device (medians of these). */
  loads: number;
  /** Rolls made by another player while each page watches. */
  rolls: number;
  /** "Load older" clicks in the log and in the roll feed (the long table, on the phone). */
  olderPages: number;
  campaign: CampaignSize;
  /** Times the document a newcomer downloads is sampled while the campaign is played. */
  samples: number;
  /** The devices measured (quick mode: the phone only). */
  devices: ('desk' | 'phone')[];
}

export interface LoadFigures {
  drawnMs: Repeated;
  usableMs: Repeated;
  longestTaskMs: Repeated;
  syncBytes: Repeated;
}

export interface RollFigures {
  /** Main-thread time per incoming roll, the page's idle time subtracted. */
  busyMs: Repeated;
  /** Broadcast (a direct replica hears it) → the roll card added and its frame begun. */
  cardMs: Repeated;
  /** The same, from when the proxy handed the update to the browser. */
  cardAfterDeliveryMs: Repeated;
  /** Broadcast → the roll feed's new row (it reads its first page again over HTTP). */
  feedRowMs: Repeated;
  longestTaskMs: number;
}

export interface HistoryFigures {
  logOlderMs: Repeated;
  feedOlderMs: Repeated;
  logRows: number;
  feedRows: number;
  /** Elements inside the log's list and the roll feed's (rows and their contents). */
  logNodes: number;
  feedNodes: number;
  elements: number;
  heapBytes: number;
}

export interface PhoneResults {
  client: string;
  tables: Record<'fresh' | 'long', { commands: number; served: PhoneTable['served'] }>;
  loads: Record<string, LoadFigures>;
  rolls: Record<string, RollFigures>;
  /** On the phone (undefined when the phone is not among the devices). */
  history?: HistoryFigures;
  profiles: string[];
}

/**
 * A repeated figure in ms for the report and the console, or `none` when it was never taken
 * (a quick table may have no older page to load: its median would be NaN).
 */
export function msOr(r: Repeated, none: string): string {
  return r.runs.length === 0 ? none : `${round(r.median, 0)} ms`;
}

/** What "Load older" took in the log / the feed, or that there was no older page. */
export function olderText(h: HistoryFigures): string {
  return `log ${msOr(h.logOlderMs, 'no older page')}, feed ${msOr(h.feedOlderMs, 'no older page')}`;
}

/** The phone case's rows for the report: targets shown, never enforced (figures of a page). */
export function phoneRows(p: PhoneResults | undefined): string[][] {
  if (!p) return [];
  const ms = (r: Repeated) => `${round(r.median, 0)} ms`;
  const rows: string[][] = [];
  for (const [key, l] of Object.entries(p.loads)) {
    const phone = key.endsWith('phone');
    const long = key.startsWith('long');
    rows.push([
      `browser: ${key}, table drawn / Roll enabled`,
      `${ms(l.drawnMs)} / ${ms(l.usableMs)}`,
      `longest task ${ms(l.longestTaskMs)}; sync ${round(l.syncBytes.median / 1024, 1)} KB`,
      phone ? `report (goal ≤ 2.5 s / ≤ ${long ? '3.5' : '3'} s)` : 'report',
    ]);
  }
  for (const [key, r] of Object.entries(p.rolls)) {
    rows.push([
      `browser: ${key}, main thread per incoming roll`,
      ms(r.busyMs),
      `card ${msOr(r.cardMs, 'not seen')} after the broadcast; feed row ${msOr(r.feedRowMs, 'not seen')}; longest task ${round(r.longestTaskMs, 0)} ms`,
      key.includes('phone') ? 'report (goal ≤ 100 ms)' : 'report',
    ]);
  }
  const h = p.history;
  if (h) {
    rows.push([
      'browser: phone, "Load older" in the log / the feed',
      olderText(h),
      `${h.logRows} log rows (${h.logNodes} nodes), ${h.feedRows} feed rows (${h.feedNodes} nodes)`,
      'report (goal ≤ 200 ms)',
    ]);
  }
  const last = p.tables.long.served.at(-1);
  if (last) {
    rows.push([
      'document a newcomer downloads ÷ its content (long table)',
      `${round(last.bytes / last.contentBytes, 2)}×`,
      `${round(last.bytes / 1024, 1)} KB against ${round(last.contentBytes / 1024, 1)} KB`,
      'report (goal ≤ 1.25×)',
    ]);
  }
  return rows;
}
