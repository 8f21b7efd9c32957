import { describe, expect, it } from 'vitest';
import { sameConnection } from './early-doc';

// The page's early connection (public/early-start.js) is adopted only by the provider that
// would open the same one: the public document, the same token, no other view.
describe('the early document connection', () => {
  const early = 'ws://table.example/yjs/table/abc?token=t%2B1';

  it('is the public document’s provider’s, whatever protocol version it states', () => {
    expect(sameConnection('ws://table.example/yjs/table/abc?token=t%2B1&protocol=1', early)).toBe(
      true,
    );
    expect(sameConnection('ws://table.example/yjs/table/abc?protocol=1&token=t%2B1', early)).toBe(
      true,
    );
  });

  it('is not the GM document’s, another token’s, the overlay’s or another host’s', () => {
    for (const url of [
      'ws://table.example/yjs/table/abc/gm?token=t%2B1&protocol=1',
      'ws://table.example/yjs/table/abc?token=seat&protocol=1',
      'ws://table.example/yjs/table/abc?token=t%2B1&protocol=1&view=overlay',
      'ws://other.example/yjs/table/abc?token=t%2B1&protocol=1',
      'ws://table.example/yjs/table/abd?token=t%2B1&protocol=1',
    ])
      expect(sameConnection(url, early), url).toBe(false);
  });
});
