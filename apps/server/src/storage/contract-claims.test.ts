import { beforeEach, describe, expect, it } from 'vitest';
import type { SeatClaim, Storage } from './storage';
import { adapters, commitCommands, docWith, openPerCase, part, write } from './contract-support';

// The storage contract for restored seats' claims (claims.ts): one per seat, found by its
// hash, replaced by a new one, dropped by the command that uses it up, in that command's
// transaction.

const claim = (seatId: string, hash: string, tableId = 'T1'): SeatClaim => ({
  tableId,
  seatId,
  hash,
  sealed: new Uint8Array([1, 2, hash.length]),
  created: 5,
});

describe.each(adapters)('the storage contract, claims: $name', (adapter) => {
  const opened = openPerCase(adapter);
  let storage: Storage;

  const create = (id: string) =>
    storage.createTable(
      { id, name: 'Harbour', ruleset: 'pirates', created: 1 },
      { pub: docWith('pub 0'), gm: docWith('gm 0') },
      [],
    );

  beforeEach(async () => {
    storage = opened.storage;
    await create('T1');
    await create('T2');
  });

  it('keeps one claim per seat, found by its hash; a new one replaces it', async () => {
    await storage.putClaim(claim('s1', 'h1'));
    await storage.putClaim(claim('s2', 'h2'));
    await storage.putClaim(claim('s1', 'h3', 'T2'));
    expect(await storage.findClaim('h1')).toEqual(claim('s1', 'h1'));
    expect(await storage.claims('T1')).toEqual([claim('s1', 'h1'), claim('s2', 'h2')]);
    await storage.putClaim(claim('s1', 'h4'));
    expect(await storage.findClaim('h1')).toBeUndefined();
    expect(await storage.findClaim('h4')).toEqual(claim('s1', 'h4'));
    expect(await storage.claims('T2')).toEqual([claim('s1', 'h3', 'T2')]);
    // A hash is one claim's: another seat's with the same hash is refused.
    await expect(storage.putClaim(claim('s9', 'h2'))).rejects.toThrow();
    expect(await storage.findClaim('h2')).toEqual(claim('s2', 'h2'));
  });

  it('drops a claim by hand, and with the command that uses it, in its transaction', async () => {
    await storage.putClaim(claim('s1', 'h1'));
    await storage.putClaim(claim('s2', 'h2'));
    await storage.dropClaim('T1', 's1');
    await storage.dropClaim('T1', 'nobody');
    expect(await storage.claims('T1')).toEqual([claim('s2', 'h2')]);
    await commitCommands(storage, write(1, 'join-1', { dropClaim: 's2' }));
    expect(await storage.findClaim('h2')).toBeUndefined();
    // A part that fails stores nothing, and drops no claim.
    await storage.putClaim(claim('s3', 'h3'));
    const [outcome] = await storage.commit([
      part('T1', [write(2, 'join-2', { dropClaim: 's3' }), write(2, 'same-seq')]),
    ]);
    expect(outcome?.ok).toBe(false);
    expect(await storage.findClaim('h3')).toEqual(claim('s3', 'h3'));
  });

  it('keeps them across a reopen (durable adapters)', async ({ skip }) => {
    if (!opened.durable) skip('this adapter keeps nothing past its process');
    await storage.putClaim(claim('s1', 'h1'));
    storage = await opened.reopen();
    expect(await storage.findClaim('h1')).toEqual(claim('s1', 'h1'));
  });
});
