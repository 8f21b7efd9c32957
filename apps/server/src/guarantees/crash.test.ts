import { describe, expect, it } from 'vitest';
import { readGm, readTable } from '@fateboard/table';
import { Replica, createTable, sameGm, samePub, testRandom } from '../test/harness';
import { readStored } from './stored';
import { RetryingClient, childServerForFile, SOAK, sized, until } from './support';

// Guarantee 1: an acknowledged command survives a crash (SIGKILL) of the server process,
// is stored exactly once however often it is retried, and every replica converges.
const COMMANDS = sized(200, 1000);
const KILLS = sized(5, 20);
const WINDOW = 4;

const { server, dataDir, cleanup } = childServerForFile('fateboard-crash-');

function commandFor(i: number): Record<string, unknown> {
  return i % 2 === 0
    ? { id: `crash-${i}`, type: 'aspect.add', kind: 'situation', text: `Crash aspect ${i}` }
    : { id: `crash-${i}`, type: 'gm.note', text: `Crash note ${i}` };
}

describe(`crash without loss (${SOAK ? 'soak' : 'quick'}: ${COMMANDS} commands, ${KILLS} SIGKILLs)`, () => {
  it('keeps every acknowledged command exactly once and every replica converges', async () => {
    await server.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const gm = new RetryingClient(server.url, table.tokens.gm);
    const replicas = {
      gmPub: new Replica(server.url, name, table.tokens.gm),
      gmDoc: new Replica(server.url, `${name}/gm`, table.tokens.gm),
      spectator: new Replica(server.url, name, table.tokens.spectator),
    };
    cleanup.push(() => gm.close());
    cleanup.push(() => Object.values(replicas).forEach((r) => r.destroy()));

    // Kills land after random numbers of acknowledgements, plus a random few ms, so some
    // hit between commands and some in the middle of one (or of the restart).
    const { random } = testRandom('kill points');
    const killAt = Array.from(
      { length: KILLS },
      () => 1 + Math.floor(random() * (COMMANDS - 1)),
    ).sort((a, b) => a - b);
    const acked = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < COMMANDS) {
        const command = commandFor(next++);
        const ack = await gm.send(command);
        expect(ack, String(command.id)).toMatchObject({ ok: true });
        if (ack.ok) acked.set(command.id as string, ack.seq);
      }
    };
    const killer = async () => {
      for (const at of killAt) {
        await until(() => acked.size >= at, `${at} acknowledgements`, 300_000);
        await new Promise((r) => setTimeout(r, random() * 30));
        await server.kill();
        await server.start();
      }
    };
    await Promise.all([...Array.from({ length: WINDOW }, worker), killer()]);
    expect(server.starts).toBe(KILLS + 1);
    expect(acked.size).toBe(COMMANDS);

    // Exactly once, by command id, in the file itself.
    const stored = readStored(dataDir, table.id);
    const ids = stored.commands.map((c) => c.commandId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(COMMANDS);
    for (const [id, seq] of acked) {
      expect(stored.commands.find((c) => c.commandId === id)?.seq, id).toBe(seq);
    }
    const aspects = readTable(stored.pub).aspects.map((a) => a.text);
    const notes = readGm(stored.gm).notes.map((n) => n.text);
    for (let i = 0; i < COMMANDS; i++) {
      const text = commandFor(i).text as string;
      const found = (i % 2 === 0 ? aspects : notes).filter((t) => t === text);
      expect(found, text).toHaveLength(1);
    }

    // Every replica, which lived through every crash, ends identical to the stored state.
    await until(
      () =>
        samePub(stored.pub, replicas.gmPub.doc) &&
        samePub(stored.pub, replicas.spectator.doc) &&
        sameGm(stored.gm, replicas.gmDoc.doc),
      'every replica to converge',
      60_000,
    );
    console.log(
      JSON.stringify({ guarantee: 'crash', commands: COMMANDS, kills: KILLS, retries: gm.retries }),
    );
  }, 900_000);
});
