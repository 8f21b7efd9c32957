/** The shortest time between two catch-ups of one document for replicas ahead of it. */
export const CATCH_UP_EVERY_MS = 1000;

/**
 * A document's catch-ups with storage, for replicas that hold more than the node does (cluster
 * mode: the node missed the writer's last updates, and the replica was served by that writer).
 * Each request resolves after a catch-up that started after it; requests made meanwhile share
 * one, and one starts at most every `everyMs`: a made-up state vector that claims to be ahead
 * costs storage at most one read a second per document, however many ask.
 */
export class CatchUps {
  private next: Promise<void> | undefined;
  private lastStarted = -Infinity;

  constructor(
    private readonly catchUp: () => Promise<void>,
    private readonly everyMs = CATCH_UP_EVERY_MS,
  ) {}

  request(): Promise<void> {
    this.next ??= this.start();
    return this.next;
  }

  private async start(): Promise<void> {
    const wait = this.lastStarted + this.everyMs - performance.now();
    // Never at once: `request` keeps this promise before it goes on.
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
    else await Promise.resolve();
    // Whoever asks from now on may hold what this catch-up reads too early: the next one.
    this.next = undefined;
    this.lastStarted = performance.now();
    await this.catchUp();
  }
}
