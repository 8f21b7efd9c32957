import type * as Y from 'yjs';
import type { DocKey } from '@fateboard/table';
import type { RoomDocs } from './docs';
import { RoomEvents } from './room-events';

/**
 * A room's documents as the layers that serve it read them (TableRoom extends it): the
 * documents, their versions and encoded states, and what the table holds on disk.
 */
export class RoomView extends RoomEvents {
  constructor(protected readonly docs: RoomDocs) {
    super();
  }

  /** The seq of the last command applied to the live documents (stored or not yet). */
  get lastSeq(): number {
    return this.docs.lastSeq;
  }

  doc(key: DocKey): Y.Doc {
    return this.docs.doc(key);
  }

  /** Bumped on every committed change of the document; keys the cached full state. */
  version(key: DocKey): number {
    return this.docs.version(key);
  }

  /** Y.encodeStateAsUpdate of the document, encoded once per version and shared by all joiners. */
  fullState(key: DocKey): Uint8Array {
    return this.docs.fullState(key);
  }

  /** How many times the documents were rebuilt (`meta.epoch`). */
  get epoch(): number {
    return this.docs.epoch;
  }

  /** What the table holds on disk, as last known (RoomDocs.bytes). */
  get storedBytes(): number {
    return this.docs.bytes;
  }

  /** A batch stored a part of this table (BatchRoom): what the table holds now. */
  measured(bytes: number): void {
    this.docs.bytes = bytes;
  }
}
