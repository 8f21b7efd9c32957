import type { DocKey } from '@fateboard/table';
import type { DocUpdate } from '../storage';

type UpdateListener = (doc: DocKey, update: Uint8Array) => void;
type BrokenListener = () => void;
type RebuiltListener = (epoch: number) => void;

/**
 * What a room tells the layers that serve it (TableRoom extends it): committed updates, a
 * rebuild of its documents, and its breaking.
 */
export class RoomEvents {
  private readonly listeners = new Set<UpdateListener>();
  private readonly brokenListeners = new Set<BrokenListener>();
  private readonly rebuiltListeners = new Set<RebuiltListener>();

  onUpdate(listener: UpdateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called after the documents were rebuilt from their content (a new epoch): replicas of the
   * old documents cannot take the new ones' updates and must load afresh.
   */
  onRebuilt(listener: RebuiltListener): () => void {
    this.rebuiltListeners.add(listener);
    return () => this.rebuiltListeners.delete(listener);
  }

  onBroken(listener: BrokenListener): () => void {
    this.brokenListeners.add(listener);
    return () => this.brokenListeners.delete(listener);
  }

  protected emitUpdates(updates: readonly DocUpdate[]): void {
    for (const update of updates) {
      for (const listener of this.listeners) listener(update.doc, update.bytes);
    }
  }

  protected emitRebuilt(epoch: number): void {
    for (const listener of [...this.rebuiltListeners]) listener(epoch);
  }

  protected emitBroken(): void {
    for (const listener of [...this.brokenListeners]) listener();
  }

  protected clearUpdateListeners(): void {
    this.listeners.clear();
  }
}
