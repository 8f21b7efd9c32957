import type { Client } from './client';

/** Awareness client ids remembered for identities that left, before the oldest are forgotten. */
const REMEMBERED_OWNERS = 1024;

/**
 * Who may speak for each awareness client id of one document: the identity that first used it
 * (kept after it leaves), and the live connection holding it now.
 */
export class AwarenessOwners {
  /** Which identity first spoke for each awareness client id; kept after it leaves. */
  private readonly owners = new Map<number, { key: string; personal: boolean }>();
  /** The live connection speaking for each awareness client id. */
  private readonly holders = new Map<number, Client>();

  /** The connection speaking for an id now. */
  holder(clientId: number): Client | undefined {
    return this.holders.get(clientId);
  }

  /** The ids held by this node's live connections. */
  held(): IterableIterator<number> {
    return this.holders.keys();
  }

  /**
   * An id nobody holds is free. One used before belongs to its identity: after a drop the
   * same identity takes it back (the provider reconnects with the same id), and a GM or seat
   * token also takes it from a connection of its own that the server has not yet seen die.
   * An id of the shared player link is its connection's only, and free once that closes: the
   * link is anyone's, and the person behind it comes back with their seat token after joining.
   */
  mayHold(client: Client, clientId: number): boolean {
    const owner = this.owners.get(clientId);
    if (owner === undefined) return true;
    if (owner.key !== client.ownerKey) return false;
    const holder = this.holders.get(clientId);
    return holder === undefined || holder === client || client.personal;
  }

  /** The connection now speaks for the id (taken from whoever held it). */
  take(client: Client, clientId: number): void {
    this.holders.get(clientId)?.ownedClients.delete(clientId);
    this.holders.set(clientId, client);
    client.ownedClients.add(clientId);
    this.owners.delete(clientId); // re-inserted: most recently used last
    this.owners.set(clientId, { key: client.ownerKey, personal: client.personal });
    this.forgetOld();
  }

  /** The connection left: its ids are free (a personal token's stay its identity's). */
  release(ids: number[]): void {
    for (const id of ids) {
      this.holders.delete(id);
      if (!this.owners.get(id)?.personal) this.owners.delete(id);
    }
  }

  /** Ids whose owner left long ago are forgotten first; ids in use never are. */
  private forgetOld(): void {
    if (this.owners.size <= REMEMBERED_OWNERS) return;
    for (const id of this.owners.keys()) {
      if (this.owners.size <= REMEMBERED_OWNERS) break;
      if (!this.holders.has(id)) this.owners.delete(id);
    }
  }
}
