import { describe, expect, it } from 'vitest';
import type { BatchRoom, Job } from '../room/batch';
import { readPrevious } from '../room/batch-steps';
import type { Storage } from './storage';
import { adapters, commitCommands, createTables, openPerCase, write } from './contract-support';

// A group commit's batch reads the stored commands under its ids (its retries) in one round
// trip for all its tables (`findCommandsOf`), not one per table: against a real PostgreSQL.

const postgres = adapters.find((a) => a.name === 'PostgreSQL')!;

describe('the stored commands of a whole batch, in one read (PostgreSQL)', () => {
  const opened = openPerCase(postgres);

  /** The same command ids stored in two tables, at different seqs. */
  const storeTwo = async (storage: Storage) => {
    await createTables(storage, 'T2', 'T3');
    await commitCommands(
      storage,
      write(1, 'a', { tableId: 'T2' }),
      write(2, 'b', { tableId: 'T2' }),
    );
    await commitCommands(
      storage,
      write(1, 'b', { tableId: 'T3' }),
      write(2, 'c', { tableId: 'T3' }),
    );
  };

  it('finds each table its own commands, whatever the other tables hold under the same ids', async () => {
    const storage = opened.storage;
    await storeTwo(storage);
    const found = await storage.findCommandsOf!(
      new Map([
        ['T2', ['b', 'c', 'zzz']],
        ['T3', ['b']],
        ['nope', ['a']],
      ]),
    );
    const pairs = found.map((c) => `${c.tableId}/${c.commandId}@${c.seq}`).sort();
    expect(pairs).toEqual(['T2/b@2', 'T3/b@1']);
    expect(await storage.findCommandsOf!(new Map())).toEqual([]);
    expect(await storage.findCommandsOf!(new Map([['T2', []]]))).toEqual([]);
    // The per-table read answers the same (it is the same statement).
    expect(await storage.findCommands('T3', ['c', 'a'])).toMatchObject([
      { tableId: 'T3', commandId: 'c', seq: 2, payload: { name: 'c' } },
    ]);
  });

  it("reads a batch's ids over several tables in one query, none per table", async () => {
    const storage = opened.storage;
    await storeTwo(storage);
    let batchReads = 0;
    let tableReads = 0;
    const counted: Storage = {
      ...storage,
      findCommandsOf: (ids) => {
        batchReads++;
        return storage.findCommandsOf!(ids);
      },
      findCommands: (tableId, ids) => {
        tableReads++;
        return storage.findCommands(tableId, ids);
      },
    };
    const job = (tableId: string, commandId: string | undefined) =>
      ({ room: { id: tableId } as BatchRoom, commandId }) as Job;
    const jobs = [job('T2', 'b'), job('T3', 'b'), job('T2', 'new'), job('T3', undefined)];
    const previous = await readPrevious(counted, () => {}, jobs);
    expect({ batchReads, tableReads }).toEqual({ batchReads: 1, tableReads: 0 });
    const t2 = previous.get('T2');
    const t3 = previous.get('T3');
    expect(t2 instanceof Map && [...t2.values()].map((c) => c.seq)).toEqual([2]);
    expect(t3 instanceof Map && [...t3.values()].map((c) => c.seq)).toEqual([1]);
    // A batch with no ids reads nothing.
    await readPrevious(counted, () => {}, [job('T2', undefined)]);
    expect(batchReads).toBe(1);
  });

  it('marks every table of the batch failed when the one read fails, and logs it per table', async () => {
    const storage = opened.storage;
    await storeTwo(storage);
    await storage.close();
    const logged: (string | undefined)[] = [];
    const job = (tableId: string, commandId: string) =>
      ({ room: { id: tableId } as BatchRoom, commandId }) as Job;
    const previous = await readPrevious(
      storage,
      (_message, _error, tableId) => logged.push(tableId),
      [job('T2', 'a'), job('T3', 'b')],
    );
    expect(previous.get('T2')).toBeInstanceOf(Error);
    expect(previous.get('T3')).toBeInstanceOf(Error);
    expect(logged.sort()).toEqual(['T2', 'T3']);
  });
});
