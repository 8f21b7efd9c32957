import * as v from 'valibot';
import * as Y from 'yjs';
import { ChatMessageSchema } from '@fateboard/table';
import type { ChatMessage, DocKey } from '@fateboard/table';
import type { DocUpdate } from '../storage';
import type { PresenceShare } from '../socketio/presence';
import { fromBase64, toBase64 } from './bus';

// What the nodes of a cluster tell each other about a table over Redis (cluster.ts publishes
// them), and how they travel: a batch's updates as a binary frame (update-frame.ts), the rest
// as JSON.

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

/**
 * What travels as JSON: every event but a batch's updates, which go as a binary frame
 * (update-frame.ts); an awareness update's bytes as base64.
 */
export function encodeEvent(event: Exclude<TableEvent, { kind: 'updates' }>): unknown {
  return event.kind === 'awareness' ? { ...event, update: toBase64(event.update) } : event;
}

const Doc = v.picklist(['pub', 'gm']);
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** The JSON events as another node may send them: every byte of a message is untrusted. */
const JsonEventSchema = v.variant('kind', [
  v.object({ kind: v.literal('head'), seq: v.pipe(v.number(), v.safeInteger()) }),
  v.object({ kind: v.literal('rebuilt') }),
  v.object({
    kind: v.literal('close-tokens'),
    hashes: v.array(v.string()),
    message: v.string(),
  }),
  v.object({ kind: v.literal('close-seat'), seatId: v.string() }),
  v.object({ kind: v.literal('links-rotated') }),
  v.object({ kind: v.literal('chat'), message: ChatMessageSchema }),
  v.object({
    kind: v.literal('presence'),
    node: v.string(),
    share: v.object({
      participants: v.array(
        v.object({
          role: v.picklist(['gm', 'player', 'spectator']),
          seatId: v.optional(v.string()),
          connections: Count,
        }),
      ),
      spectators: Count,
      overlays: v.optional(Count),
    }),
  }),
  v.object({ kind: v.literal('awareness'), doc: Doc, update: v.string() }),
  v.object({ kind: v.literal('hello'), doc: v.optional(Doc) }),
]);

/** A JSON event from another node, or undefined when it is not one (see JsonEventSchema). */
export function decodeEvent(raw: unknown): TableEvent | undefined {
  const parsed = v.safeParse(JsonEventSchema, raw);
  if (!parsed.success) return undefined;
  const event = parsed.output;
  if (event.kind === 'awareness') return { ...event, update: fromBase64(event.update) };
  if (event.kind === 'hello' && event.doc === undefined) return { kind: 'hello' };
  return event;
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
