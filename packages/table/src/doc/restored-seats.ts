import * as Y from 'yjs';
import { pubRoots } from './schema';

/**
 * A table restored from a file keeps its seats (the characters and free invokes they hold
 * stay theirs), but the tokens that held them stay behind on the old server. Each seat is
 * marked `restored` until a player joining with the new player link takes it back.
 */
export function markSeatsRestored(pub: Y.Doc): void {
  const roots = pubRoots(pub);
  pub.transact(() => {
    for (const seat of roots.seats.values()) if (seat instanceof Y.Map) seat.set('restored', true);
  });
}
