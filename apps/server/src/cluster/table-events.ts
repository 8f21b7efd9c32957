import * as Y from 'yjs';
import type { ChatMessage, DocKey } from '@fateboard/table';
import type { DocUpdate } from '../storage';
import type { PresenceShare } from '../socketio/presence';
import { fromBase64, toBase64 } from './bus';

// What the nodes of a cluster tell each other about a table over Redis (cluster.ts publishes
// them), and how they travel as JSON.

/** What the nodes of a cluster tell each other about a table. */
export type TableEvent =
  /**
   * Committed by the owner as `first` to `seq` (one batch), their updates merged per document:
   * the followers apply them after `first - 1`.
   */
  | { kind: 'updates'; first: number; seq: number; updates: DocUpdate[] }
  /** The owner's last stored seq (its heartbeat): a follower behind it catches up. */
  | { kind: 'head'; seq: number }
  /** The owner rebuilt the documents (a new epoch): the followers load them afresh. */
  | { kind: 'rebuilt' }
  /** Revoked tokens (a link rotation): their connections close on every node. */
  | { kind: 'close-tokens'; hashes: string[]; message: string }
  /** A removed seat: its connections close on every node. */
  | { kind: 'close-seat'; seatId: string }
  /** New invite links: the GM's connections on every node hear it, to fetch them. */
  | { kind: 'links-rotated' }
  /** A stored chat message: every node delivers it to its own readers. */
  | { kind: 'chat'; message: ChatMessage }
  /** One node's part of the table's presence (presence.ts): the others add it to theirs. */
  | { kind: 'presence'; node: string; share: PresenceShare }
  /** An awareness change of a document's connections on one node, for the others' (doc-channel.ts). */
  | { kind: 'awareness'; doc: DocKey; update: Uint8Array }
  /**
   * A node began hearing the table (no `doc`) or opened a channel of one of its documents: the
   * others send it their presence share, or their awareness states of that document, now
   * rather than at their next renewal (10 s, 15 s), so its people see at once who is here.
   */
  | { kind: 'hello'; doc?: DocKey };

export type Claim =
  | { kind: 'owner'; epoch: number }
  | { kind: 'other'; node: string }
  /** Nobody could claim it: the leases' storage did not answer. */
  | { kind: 'unavailable' };

/** Updates travel as base64 in JSON. */
export function encodeEvent(event: TableEvent): unknown {
  if (event.kind === 'awareness') return { ...event, update: toBase64(event.update) };
  if (event.kind !== 'updates') return event;
  return {
    ...event,
    updates: event.updates.map((u) => ({ doc: u.doc, bytes: toBase64(u.bytes) })),
  };
}

export function decodeEvent(raw: unknown): TableEvent | undefined {
  const event = raw as { kind?: unknown; updates?: { doc: DocKey; bytes: string }[] } | null;
  if (!event || typeof event.kind !== 'string') return undefined;
  if (event.kind === 'awareness') {
    const { doc, update } = event as { doc?: unknown; update?: unknown };
    if ((doc !== 'pub' && doc !== 'gm') || typeof update !== 'string') return undefined;
    return { kind: 'awareness', doc, update: fromBase64(update) };
  }
  if (event.kind === 'hello') {
    const { doc } = event as { doc?: unknown };
    if (doc === undefined) return { kind: 'hello' };
    return doc === 'pub' || doc === 'gm' ? { kind: 'hello', doc } : undefined;
  }
  if (event.kind === 'head') {
    const { seq } = event as { seq?: unknown };
    return Number.isSafeInteger(seq) ? { kind: 'head', seq: seq as number } : undefined;
  }
  if (event.kind !== 'updates') return event as TableEvent;
  const { seq, first } = event as { seq?: unknown; first?: unknown };
  if (!Array.isArray(event.updates) || !Number.isSafeInteger(seq)) return undefined;
  if (!Number.isSafeInteger(first) || (first as number) > (seq as number)) return undefined;
  return {
    kind: 'updates',
    first: first as number,
    seq: seq as number,
    updates: event.updates.map((u) => ({ doc: u.doc, bytes: fromBase64(u.bytes) })),
  };
}

/**
 * One update per document from a batch's updates in order: what applying them one by one
 * would do, in one (Yjs merges updates whatever their order).
 */
export function mergedPerDocument(updates: DocUpdate[]): DocUpdate[] {
  const byDoc = new Map<DocUpdate['doc'], Uint8Array[]>();
  for (const { doc, bytes } of updates) {
    const list = byDoc.get(doc) ?? [];
    list.push(bytes);
    byDoc.set(doc, list);
  }
  return [...byDoc].map(([doc, list]) => ({
    doc,
    bytes: list.length === 1 ? list[0]! : Y.mergeUpdates(list),
  }));
}
