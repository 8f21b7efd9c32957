/** Below this many encoded bytes a table is too small to be worth rebuilding. */
const REBUILD_MIN_BYTES = 16 * 1024;

/**
 * When a table's documents are worth rebuilding (`RoomDocs.rebuildIfOutgrown`): once their
 * encoded size passes `ratio` times the size of a rebuild. Measuring costs an encoding and
 * computing a rebuild costs milliseconds, so both are skipped while the figures here show they
 * cannot be worth it.
 */
export class RebuildSizing {
  /** Encoded size of the last rebuild computed, so that most checks need not compute one. */
  private lastRebuildBytes = 0;
  /**
   * The documents' encoded size at the last check, and the bytes of the updates stored since:
   * a document grows by no more than the updates applied to it, so while their sum stays
   * within the ratio no check needs to encode the documents.
   */
  private checkedBytes = 0;
  private grownSinceCheck = 0;

  constructor(private readonly ratio: number) {}

  /** Updates of these many bytes were stored. */
  grew(bytes: number): void {
    this.grownSinceCheck += bytes;
  }

  /** Whether the documents may have outgrown their last rebuild: worth measuring them. */
  mayHaveOutgrown(): boolean {
    const atMost = this.checkedBytes + this.grownSinceCheck;
    if (this.checkedBytes > 0 && atMost < REBUILD_MIN_BYTES) return false;
    return !(this.lastRebuildBytes > 0 && atMost <= this.ratio * this.lastRebuildBytes);
  }

  /**
   * The documents measure `current` bytes: whether a rebuild is worth computing. Content
   * changes far more slowly than history grows: while the documents are within the ratio of
   * the last rebuild computed, another is not.
   */
  measured(current: number): boolean {
    this.checkedBytes = current;
    this.grownSinceCheck = 0;
    if (current < REBUILD_MIN_BYTES) return false;
    return current > this.ratio * this.lastRebuildBytes;
  }

  /** A rebuild of `rebuilt` bytes was computed: whether it is worth storing. */
  computed(current: number, rebuilt: number): boolean {
    this.lastRebuildBytes = rebuilt;
    return current > this.ratio * rebuilt;
  }

  /** The rebuild was stored: the documents now measure what it does. */
  swapped(): void {
    this.checkedBytes = this.lastRebuildBytes;
  }
}
