import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import {
  Participant,
  RawYjs,
  Replica,
  connectSocket,
  createTable,
  openReplica,
  sameGm,
  samePub,
  storedDocs,
  waitFor,
} from './test/harness';
import type { CreatedTable } from './test/harness';
import { fateCoreSheet } from './test/sheets';
import { serverPerTest } from './test/per-test';

const t = serverPerTest();

function track<T extends Participant | Replica>(x: T): T {
  t.later(() => (x instanceof Participant ? x.close() : x.destroy()));
  return x;
}

interface Seated {
  participant: Participant;
  seatId: string;
  seatToken: string;
  characterId: string;
}

async function seat(
  url: string,
  table: CreatedTable,
  name: string,
  character: string,
): Promise<Seated> {
  const participant = track(await connectSocket(url, table.tokens.player, name));
  const joined = await participant.ok({ type: 'join', name });
  const { seatId, seatToken } = joined.result as { seatId: string; seatToken: string };
  const created = await participant.ok({
    type: 'character.create',
    character: fateCoreSheet(character, `${character} the bold`, `${character}'s debts`),
  });
  const { characterId } = created.result as { characterId: string };
  return { participant, seatId, seatToken, characterId };
}

describe('a table end to end', () => {
  it('GM, two players and a spectator: every replica ends identical to the server', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const pubName = `table/${table.id}`;
    const gm = track(await connectSocket(server.url, table.tokens.gm, 'gm'));
    const gmPub = track(await openReplica(server.url, pubName, table.tokens.gm));
    const gmDoc = track(await openReplica(server.url, `${pubName}/gm`, table.tokens.gm));
    const spectator = track(await openReplica(server.url, pubName, table.tokens.spectator));

    const ann = await seat(server.url, table, 'Ann', 'Zird');
    const bob = await seat(server.url, table, 'Bob', 'Cynere');
    // Each player reconnects with the seat token and keeps the seat.
    const annAgain = track(await connectSocket(server.url, ann.seatToken, 'ann2'));
    const annPub = track(await openReplica(server.url, pubName, ann.seatToken));
    const bobPub = track(await openReplica(server.url, pubName, bob.seatToken));

    await gm.ok({ type: 'gm.note', text: 'The vault is trapped.' });
    await annAgain.ok({
      type: 'character.update',
      characterId: ann.characterId,
      changes: { name: 'Zird the Arcane' },
    });

    const stored = storedDocs(server.dataDir, table.id);
    const replicas = [gmPub, spectator, annPub, bobPub];
    await waitFor(
      () => replicas.every((r) => samePub(stored.pub, r.doc)),
      'every public replica to match storage',
    );
    await waitFor(() => sameGm(stored.gm, gmDoc.doc), 'the GM replica to match storage');

    const view = readTable(spectator.doc);
    expect(view.seats.map((s) => s.name).sort()).toEqual(['Ann', 'Bob']);
    expect(view.characters.map((c) => c.name).sort()).toEqual(['Cynere', 'Zird the Arcane']);
    expect(bob.participant).toBeDefined();

    // Presence lists the GM and both seats by name and counts the spectator.
    await waitFor(
      () =>
        gm.presence?.spectators === 1 &&
        gm.presence.participants.filter((p) => p.role === 'player' && p.name).length === 2,
      'presence with both players named',
    );
  });

  it('presence counts a stream overlay apart from the people watching', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = track(await connectSocket(server.url, table.tokens.gm, 'gm'));
    const pubName = `table/${table.id}`;
    track(await openReplica(server.url, pubName, table.tokens.spectator));
    track(await openReplica(server.url, pubName, table.tokens.spectator));
    const overlay = track(
      await openReplica(server.url, pubName, table.tokens.spectator, undefined, {
        view: 'overlay',
      }),
    );
    await waitFor(
      () => gm.presence?.spectators === 2 && gm.presence.overlays === 1,
      'two spectators and one overlay',
    );
    // Any other view is a spectator like the rest.
    track(await openReplica(server.url, pubName, table.tokens.spectator, undefined, { view: 'x' }));
    await waitFor(() => gm.presence?.spectators === 3, 'three spectators');
    overlay.destroy();
    await waitFor(
      () => gm.presence?.spectators === 3 && gm.presence.overlays === 0,
      'the overlay gone',
    );
  });

  it('a player asking for the GM document is refused and gets no byte of it', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = track(await connectSocket(server.url, table.tokens.gm, 'gm'));
    // A player's and a spectator's public connections record every byte they receive.
    const listeners = await Promise.all(
      [table.tokens.player, table.tokens.spectator].map((t) =>
        RawYjs.open(server.url, `table/${table.id}`, t),
      ),
    );
    t.later(() => listeners.forEach((l) => l.close()));
    await gm.ok({ type: 'gm.note', text: 'SECRET-NOTE-TEXT' });
    await gm.ok({ type: 'gm.prepare', kind: 'situation', text: 'SECRET-ASPECT-TEXT' });
    await gm.ok({ type: 'scene.start', name: 'Public scene', characterIds: [] });
    await waitFor(() => listeners.every((l) => l.frames.length >= 2), 'the public update');
    for (const token of [table.tokens.player, table.tokens.spectator]) {
      const replica = track(new Replica(server.url, `table/${table.id}/gm`, token));
      await waitFor(() => replica.closeEvents.length > 0, 'the refusal');
      expect(replica.closeEvents[0]).toEqual({
        code: 4403,
        reason: 'the GM document is for the GM only',
      });
      expect(replica.provider.synced).toBe(false);
      expect(replica.doc.share.size).toBe(0);
    }
    for (const listener of listeners) {
      const all = Buffer.concat(listener.frames.map((f) => Buffer.from(f))).toString('latin1');
      expect(all).toContain('Public scene');
      expect(all).not.toContain('SECRET');
    }
  });

  it('a restart keeps every acknowledged command', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = track(await connectSocket(server.url, table.tokens.gm, 'gm'));
    const ann = await seat(server.url, table, 'Ann', 'Zird');
    await gm.ok({
      type: 'character.create',
      npc: true,
      character: fateCoreSheet('Ogre', 'Hungry ogre', 'Easily distracted'),
    });
    const before = storedDocs(server.dataDir, table.id);

    gm.close();
    ann.participant.close();
    await server.restart();

    // The seat token still works and the documents are as they were.
    const annBack = track(await connectSocket(server.url, ann.seatToken, 'ann'));
    const pub = track(await openReplica(server.url, `table/${table.id}`, ann.seatToken));
    expect(samePub(before.pub, pub.doc)).toBe(true);
    const gmBack = track(await connectSocket(server.url, table.tokens.gm, 'gm'));
    const gmDoc = track(await openReplica(server.url, `table/${table.id}/gm`, table.tokens.gm));
    expect(sameGm(before.gm, gmDoc.doc)).toBe(true);

    // And the table goes on where it stopped.
    const ack = await annBack.ok({
      type: 'character.update',
      characterId: ann.characterId,
      changes: { name: 'Zird after the restart' },
    });
    expect(ack.seq).toBe(before.seq + 1);
    await gmBack.ok({
      type: 'character.create',
      npc: true,
      character: fateCoreSheet('Troll', 'Bridge troll', 'Loves riddles'),
    });
    await waitFor(
      () => samePub(storedDocs(server.dataDir, table.id).pub, pub.doc),
      'the replica to follow',
    );
  });

  it('a retried command id applies once and returns the first result', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const ann = await seat(server.url, table, 'Ann', 'Zird');
    const command = {
      id: 'retry-me',
      type: 'character.update',
      characterId: ann.characterId,
      changes: { name: 'Once' },
    };
    const first = await ann.participant.ok(command);
    const seqBefore = storedDocs(server.dataDir, table.id).seq;
    const second = await ann.participant.ok(command);
    expect(second).toEqual(first);
    expect(storedDocs(server.dataDir, table.id).seq).toBe(seqBefore);

    // A retried join (with its secret, from a new link connection) gives the same seat (and a
    // fresh token for it) rather than a second seat.
    const joiner = track(await connectSocket(server.url, table.tokens.player, 'joiner'));
    const join = { id: 'join-once', type: 'join', name: 'Cat', secret: 'cats-secret-0123456789' };
    const a = await joiner.ok(join);
    const again = track(await connectSocket(server.url, table.tokens.player, 'joiner'));
    const b = await again.send(join);
    expect(b.ok && (b.result as { seatId: string }).seatId).toBe(
      (a.result as { seatId: string }).seatId,
    );
    const pub = track(await openReplica(server.url, `table/${table.id}`, table.tokens.gm));
    expect(readTable(pub.doc).seats.filter((s) => s.name === 'Cat')).toHaveLength(1);
  });
});
