import * as Y from 'yjs';
import type { DocKey } from '@fateboard/table';
import type { TableRoom } from '../room/room';
import { SYNC_STEP2, isEmptyStateVector, syncMessage } from './messages';

/** Diffs kept per document version, for replicas asking with the same state vector. */
const CACHED_DIFFS = 32;

/**
 * The answer to a sync step 1, or `ahead`: the replica holds something the document does not.
 * Either the node lags storage (cluster mode: it missed the writer's last updates), or the
 * replica comes from another epoch (it missed a rebuild, or the server restarted on a rebuilt
 * snapshot).
 */
export type SyncAnswer = { kind: 'answer'; message: Uint8Array } | { kind: 'ahead' };

/**
 * A document's answers to sync step 1. Encoding a diff costs as much as the document is large,
 * so a diff is made once per version and state vector, and a replica that shares little with
 * the document gets the full state everyone shares instead: asking with a made-up state vector
 * costs the server no more than asking with an empty one.
 */
export class SyncAnswers {
  private fullSync: { version: number; message: Uint8Array } | undefined;
  private diffs: { version: number; bySv: Map<string, Uint8Array> } = {
    version: -1,
    bySv: new Map(),
  };

  constructor(
    private readonly room: TableRoom,
    private readonly key: DocKey,
  ) {}

  /** Sync step 2 with the full state, one buffer per document version for every joiner. */
  full(): Uint8Array {
    const version = this.room.version(this.key);
    if (this.fullSync?.version !== version) {
      this.fullSync = { version, message: syncMessage(SYNC_STEP2, this.room.fullState(this.key)) };
    }
    return this.fullSync.message;
  }

  /** The answer to a replica's state vector `sv`. */
  answer(sv: Uint8Array): SyncAnswer {
    if (isEmptyStateVector(sv)) return { kind: 'answer', message: this.full() };
    const doc = this.room.doc(this.key);
    const version = this.room.version(this.key);
    if (this.diffs.version !== version) this.diffs = { version, bySv: new Map() };
    const cacheKey = Buffer.from(sv).toString('base64');
    const cached = this.diffs.bySv.get(cacheKey);
    if (cached) return { kind: 'answer', message: cached };

    const ours = Y.decodeStateVector(Y.encodeStateVector(doc));
    const theirs = Y.decodeStateVector(sv);
    let missing = 0;
    let total = 0;
    for (const [client, clock] of theirs) {
      if (clock > (ours.get(client) ?? 0)) return { kind: 'ahead' };
    }
    for (const [client, clock] of ours) {
      total += clock;
      missing += clock - Math.min(clock, theirs.get(client) ?? 0);
    }
    const message =
      missing * 2 >= total ? this.full() : syncMessage(SYNC_STEP2, Y.encodeStateAsUpdate(doc, sv));
    if (this.diffs.bySv.size >= CACHED_DIFFS) {
      this.diffs.bySv.delete(this.diffs.bySv.keys().next().value!);
    }
    this.diffs.bySv.set(cacheKey, message);
    return { kind: 'answer', message };
  }
}
