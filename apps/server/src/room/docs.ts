import * as Y from 'yjs';
import {
  DOC_KEYS,
  IMAGE_LIMITS,
  claimWriterId,
  compactTableDocs,
  docEpoch,
  tableImages,
} from '@fateboard/table';
import type { DocKey, TableDocs } from '@fateboard/table';
import { loadDoc } from '../storage';
import type { DocUpdate, Storage, StoredDocuments } from '../storage';
import type { Log } from '../ops/logger';
import { RebuildSizing } from './rebuild-sizing';
import { followerId, missingUpdates, recordUpdates, replicaVector } from './docs-updates';

/** What `RoomDocs` needs from the room that owns it. */
export interface RoomDocsDeps {
  storage: Storage;
  tableId: string;
  /** Stored updates past which `compactIfMany` merges them into one snapshot. */
  compactAfter: number;
  /** Rebuild once the encoded documents are this many times the size of a fresh rebuild. */
  rebuildRatio: number;
  log: Log;
  /**
   * Whether this node may write the documents to storage now (compaction, rebuilds), and the
   * fencing epoch to write them under (cluster mode); undefined on a node that only follows.
   */
  writeFence: () => { fence?: number } | undefined;
}

/**
 * One table's live documents as storage holds them: loaded and reloaded from storage, versioned
 * with a cached full state per version, rebuilt when their history outgrows their content and
 * compacted when their stored updates pile up. Knows nothing of commands or listeners: the room
 * (`TableRoom`) decides when each of these happens and whom to tell.
 */
export class RoomDocs {
  private docs: TableDocs;
  /** The sequence number of the last command stored; a compaction is stored up to it. */
  private seq = 0;
  private storedUpdates = 0;
  /** The writer ids given to the documents, so that a reload never reuses one. */
  private readonly writerIds = { pub: 0, gm: 0 };
  private readonly versions: Record<DocKey, number> = { pub: 0, gm: 0 };
  private readonly fullStates = new Map<DocKey, { version: number; bytes: Uint8Array }>();
  private readonly sizing: RebuildSizing;
  /**
   * Each document's writer-id clock when it last held only what its replicas were sent, while
   * it holds more (commands applied and not yet published): every such change is written under
   * the writer id, so the replicas have the documents' state vector with this clock for it.
   */
  private unsentFrom: Record<DocKey, number> | undefined;
  /** Since the last load, the documents applied another writer's updates (`follow`). */
  private followed = false;

  /** Loads the table's documents from storage. */
  static async open(deps: RoomDocsDeps): Promise<RoomDocs> {
    return new RoomDocs(deps, await deps.storage.loadDocuments(deps.tableId));
  }

  private constructor(
    private readonly deps: RoomDocsDeps,
    stored: StoredDocuments,
  ) {
    this.sizing = new RebuildSizing(deps.rebuildRatio);
    this.docs = this.adopt(stored);
  }

  /**
   * What the table holds on disk (table-bytes.ts) as last known: loaded, then moved by each
   * commit's answer and read again after a compaction.
   */
  bytes = 0;

  /** The seq of the last command applied: the next one is numbered after it. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Both documents, for the reducer to apply a command to. */
  get all(): TableDocs {
    return this.docs;
  }

  doc(key: DocKey): Y.Doc {
    return this.docs[key];
  }

  /** Bumped on every committed change of the document; keys the cached full state. */
  version(key: DocKey): number {
    return this.versions[key];
  }

  /** Y.encodeStateAsUpdate of the document, encoded once per version and shared by all joiners. */
  fullState(key: DocKey): Uint8Array {
    const cached = this.fullStates.get(key);
    if (cached && cached.version === this.versions[key]) return cached.bytes;
    const bytes = Y.encodeStateAsUpdate(this.docs[key]);
    this.fullStates.set(key, { version: this.versions[key], bytes });
    return bytes;
  }

  /** How many times the documents were rebuilt (`meta.epoch`). */
  get epoch(): number {
    return docEpoch(this.docs.pub);
  }

  /**
   * Starts recording every update of both documents; `stop` ends it and answers them, one
   * merged update per document that changed (none when nothing changed).
   */
  capture(): { stop: () => DocUpdate[] } {
    this.unsentFrom ??= {
      pub: Y.getState(this.docs.pub.store, this.docs.pub.clientID),
      gm: Y.getState(this.docs.gm.store, this.docs.gm.clientID),
    };
    return { stop: recordUpdates(this.docs) };
  }

  /**
   * A command's updates were stored as `seq`. New versions at once, so that nothing caches this
   * state under an older one; if the batch then fails to commit, the reload drops every cached
   * state anyway.
   */
  stored(seq: number, updates: DocUpdate[]): void {
    this.seq = seq;
    this.storedUpdates += updates.length;
    for (const update of updates) this.sizing.grew(update.bytes.length);
    for (const update of updates) this.versions[update.doc]++;
  }

  /** The updates of everything applied up to `seq` went to the replicas. */
  sent(seq: number): void {
    if (seq >= this.seq) this.unsentFrom = undefined;
  }

  /**
   * Another node's committed updates, stored there as `seq` (cluster mode: this node follows
   * the table's writer).
   */
  follow(seq: number, updates: DocUpdate[]): void {
    if (!this.followed) {
      // The writer claimed its small id from the same history, so it is likely this node's
      // too; Yjs would then change it, with a line on stdout. A follower writes nothing, and
      // becoming the writer reloads (and claims an id afresh): a random large id meanwhile.
      for (const key of DOC_KEYS) this.docs[key].clientID = followerId();
      this.followed = true;
    }
    for (const update of updates) Y.applyUpdate(this.docs[update.doc], update.bytes, 'writer');
    this.stored(seq, updates);
  }

  /**
   * Reloads from storage and answers, per document, what storage holds that the replicas were
   * not sent: a follower that missed updates, a writer whose commit failed while another wrote
   * the table (possibly under the same writer id: a writer id is unique among what is stored,
   * not among what two nodes applied without storing).
   */
  async catchUp(): Promise<DocUpdate[]> {
    const before = DOC_KEYS.map((key) => replicaVector(this.docs[key], this.unsentFrom?.[key]));
    const deleted = DOC_KEYS.map((key) => Y.createDeleteSetFromStructStore(this.docs[key].store));
    await this.reload();
    return missingUpdates(this.docs, before, deleted);
  }

  /** Throws away the in-memory documents and loads what storage holds. */
  async reload(): Promise<void> {
    const stored = await this.deps.storage.loadDocuments(this.deps.tableId);
    const old = this.docs;
    this.docs = this.adopt(stored);
    for (const key of DOC_KEYS) {
      old[key].destroy();
      // What was cached under the current version may hold the change that is now gone.
      this.versions[key]++;
    }
    this.fullStates.clear();
  }

  /**
   * Rebuilds the documents from their content when their history (Yjs keeps an item for every
   * overwritten value) makes them more than `rebuildRatio` times the size of a rebuild: stores
   * the rebuilt snapshots in place of every update so far and swaps them in. Answers whether it
   * did; the replicas of the old documents are then the room's to close.
   */
  async rebuildIfOutgrown(): Promise<boolean> {
    const writer = this.deps.writeFence();
    if (!writer) return false;
    if (!this.sizing.mayHaveOutgrown()) return false;
    const current = this.fullState('pub').length + this.fullState('gm').length;
    if (!this.sizing.measured(current)) return false;
    const fresh = compactTableDocs(this.docs);
    const bytes = { pub: Y.encodeStateAsUpdate(fresh.pub), gm: Y.encodeStateAsUpdate(fresh.gm) };
    if (!this.sizing.computed(current, bytes.pub.length + bytes.gm.length)) {
      fresh.pub.destroy();
      fresh.gm.destroy();
      return false;
    }
    try {
      await this.deps.storage.compact(this.deps.tableId, this.seq, bytes, writer.fence);
    } catch (error) {
      this.deps.log('rebuild failed', error, this.deps.tableId);
      fresh.pub.destroy();
      fresh.gm.destroy();
      return false;
    }
    const old = this.docs;
    this.docs = fresh;
    for (const key of DOC_KEYS) {
      old[key].destroy();
      this.versions[key]++;
      this.fullStates.set(key, { version: this.versions[key], bytes: bytes[key] });
    }
    this.storedUpdates = 0;
    this.sizing.swapped();
    this.unsentFrom = undefined;
    await this.measure();
    return true;
  }

  /** Merges the stored updates into one snapshot when there are more than `compactAfter`. */
  async compactIfMany(): Promise<void> {
    const writer = this.deps.writeFence();
    if (!writer || this.storedUpdates <= this.deps.compactAfter) return;
    try {
      await this.deps.storage.compact(
        this.deps.tableId,
        this.seq,
        { pub: Y.encodeStateAsUpdate(this.docs.pub), gm: Y.encodeStateAsUpdate(this.docs.gm) },
        writer.fence,
      );
      this.storedUpdates = 0;
      await this.measure();
    } catch (error) {
      this.deps.log('compaction failed', error, this.deps.tableId);
    }
  }

  /**
   * Deletes the table's stored pictures that neither document names any more (a portrait
   * replaced, a handout removed, the map changed), once they have had
   * `IMAGE_LIMITS.unnamedGraceMs` since their upload to be named, and measures the table
   * again: they no longer count against its ceiling. Run between batches (the room's
   * maintenance), so the documents read are what storage holds. Answers how many went.
   */
  async dropUnnamedImages(now: number): Promise<number> {
    const writer = this.deps.writeFence();
    if (!writer) return 0;
    try {
      const keep = [...tableImages(this.docs.pub, this.docs.gm)];
      const before = now - IMAGE_LIMITS.unnamedGraceMs;
      const dropped = await this.deps.storage.dropImages(
        this.deps.tableId,
        keep,
        before,
        writer.fence,
      );
      if (dropped.images > 0) await this.measure();
      return dropped.images;
    } catch (error) {
      this.deps.log('dropping unnamed pictures failed', error, this.deps.tableId);
      return 0;
    }
  }

  destroy(): void {
    for (const key of DOC_KEYS) this.docs[key].destroy();
  }

  /**
   * Reads what the table holds on disk again (a compaction gave some back). A failed read keeps
   * the figure from before, which can only be higher.
   */
  private async measure(): Promise<void> {
    try {
      this.bytes = (await this.deps.storage.tableBytes(this.deps.tableId)) ?? this.bytes;
    } catch (error) {
      this.deps.log('measuring the table failed', error, this.deps.tableId);
    }
  }

  private adopt(stored: StoredDocuments): TableDocs {
    this.seq = stored.seq;
    this.unsentFrom = undefined;
    this.followed = false;
    this.bytes = stored.bytes;
    this.storedUpdates = 0;
    const docs = { pub: loadDoc(stored.docs.pub), gm: loadDoc(stored.docs.gm) };
    for (const key of DOC_KEYS) {
      // A small id of its own: every write names it (see claimWriterId).
      this.writerIds[key] = claimWriterId(docs[key], this.writerIds[key]);
      this.storedUpdates += stored.docs[key].updates.length;
    }
    return docs;
  }
}
