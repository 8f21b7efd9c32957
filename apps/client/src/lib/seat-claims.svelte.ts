import type { SeatClaimLink } from '@fateboard/table';
import { fetchSeatClaims, newSeatClaim } from './api';
import { i18n } from './i18n';

export const messages = i18n('lib/seat-claims', {
  fetchFailed: 'Could not fetch the claim links.',
});

export interface ClaimCalls {
  fetch: typeof fetchSeatClaims;
  make: typeof newSeatClaim;
}

/**
 * The GM's claim links for a restored table's seats that wait for their players (docs/
 * PROTOCOL.md, "Claims"): one per seat, from the server, which keeps them sealed under the GM
 * token, so every device the GM link is opened on shows them. A new one replaces the seat's
 * earlier link, which then no longer works.
 */
export class SeatClaims {
  /** The claim link of each waiting seat that has one, by seat id. */
  links = $state<Record<string, string>>({});
  status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  message = $state('');
  /** The seat whose new link is on its way. */
  making = $state<string | null>(null);

  constructor(
    private readonly tableId: string,
    private readonly token: string,
    private readonly calls: ClaimCalls = { fetch: fetchSeatClaims, make: newSeatClaim },
  ) {}

  /** Asks the server for the current links; keeps what is shown if it cannot answer. */
  async load(): Promise<void> {
    if (this.status !== 'ready') this.status = 'loading';
    try {
      this.links = byseat(await this.calls.fetch(this.tableId, this.token));
      this.status = 'ready';
    } catch (e) {
      this.message = e instanceof Error ? e.message : messages.get().fetchFailed;
      this.status = 'error';
    }
  }

  /** A new link for the seat (the earlier one stops working); undefined if it failed. */
  async make(seatId: string): Promise<string | undefined> {
    if (this.making !== null) return undefined;
    this.making = seatId;
    try {
      const claim = await this.calls.make(this.tableId, this.token, seatId);
      this.links = { ...this.links, [claim.seatId]: claim.link };
      return claim.link;
    } catch (e) {
      this.message = e instanceof Error ? e.message : messages.get().fetchFailed;
      return undefined;
    } finally {
      this.making = null;
    }
  }
}

function byseat(claims: readonly SeatClaimLink[]): Record<string, string> {
  return Object.fromEntries(claims.map((c) => [c.seatId, c.link]));
}
