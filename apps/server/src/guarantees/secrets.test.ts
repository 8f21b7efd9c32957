import { afterEach, describe, expect, it } from 'vitest';
import { RawYjs, Replica, TestServer, api, connectSocket, createTable } from '../test/harness';
import type { Participant } from '../test/harness';
import { readGm, readTable } from '@fateboard/table';
import { validSheet } from '../test/sheets';
import { until as waitFor } from './support';

// Guarantee 6: the GM's secrets (prepared aspects, NPC drafts, notes) never reach a player
// or a spectator before the GM reveals them, by any channel: y-websocket frames, socket.io
// frames (events and acknowledgements), REST answers. The GM document refuses any token
// but the GM's.

let server: TestServer;
const cleanup: (() => void)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) cleanup.pop()!();
  await server?.stop();
});

/** Everything one non-GM connection received, as text (Yjs writes strings as UTF-8). */
class Recorder {
  private readonly chunks: { at: number; text: string }[] = [];
  add(data: unknown): void {
    const text =
      typeof data === 'string'
        ? data
        : Buffer.from(
            data instanceof ArrayBuffer ? new Uint8Array(data) : (data as Uint8Array),
          ).toString('utf8');
    this.chunks.push({ at: performance.now(), text });
  }
  /** What arrived before `t` (or in all). */
  text(before = Infinity): string {
    return this.chunks
      .filter((c) => c.at < before)
      .map((c) => c.text)
      .join('\n');
  }
}

function recordSocket(p: Participant, recorder: Recorder): void {
  // The raw engine.io frames, below socket.io's parser: events, acks, anything.
  p.socket.io.engine.on('data', (data: unknown) => recorder.add(data));
}

describe('secrets', () => {
  it('no byte of GM-only content reaches a player or spectator before its reveal', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const gm = await connectSocket(server.url, table.tokens.gm, 'gm');
    const gmDoc = new Replica(server.url, `${name}/gm`, table.tokens.gm);
    cleanup.push(() => gmDoc.destroy());

    // A seated player, a seatless one and a spectator, each recording everything.
    const ann = await connectSocket(server.url, table.tokens.player, 'ann');
    const annRec = new Recorder();
    recordSocket(ann, annRec);
    const joined = await ann.ok({ type: 'join', name: 'Ann' });
    const seatToken = (joined.result as { seatToken: string }).seatToken;
    const made = await ann.ok({
      type: 'character.create',
      character: validSheet('fate-core', 'Zira'),
    });
    const characterId = (made.result as { characterId: string }).characterId;
    const seatless = await connectSocket(server.url, table.tokens.player, 'seatless');
    const specSocket = await connectSocket(server.url, table.tokens.spectator, 'spec');
    const recorders = [annRec, new Recorder(), new Recorder()];
    recordSocket(seatless, recorders[1]!);
    recordSocket(specSocket, recorders[2]!);
    const raws = await Promise.all(
      [seatToken, table.tokens.player, table.tokens.spectator].map((t) =>
        RawYjs.open(server.url, name, t),
      ),
    );
    const rawRecorders = raws.map((raw) => {
      const r = new Recorder();
      raw.ws.on('message', (data: Buffer) => r.add(new Uint8Array(data)));
      return r;
    });
    recorders.push(...rawRecorders);
    const replicas = [seatToken, table.tokens.spectator].map(
      (t) => new Replica(server.url, name, t),
    );
    cleanup.push(() => {
      [ann, seatless, specSocket, gm].forEach((p) => p.close());
      raws.forEach((r) => r.close());
      replicas.forEach((r) => r.destroy());
    });
    const restAnswers = new Recorder();
    recorders.push(restAnswers);
    // Every frame the server wrote to a recorded connection before now has arrived: a ping on
    // each y-websocket, a refused command's acknowledgement on each socket.io connection.
    const barrier = async () => {
      await Promise.all(raws.map((r) => r.barrier()));
      await Promise.all([ann, seatless, specSocket].map((p) => p.send({ type: 'barrier' })));
    };
    const pollRest = async () => {
      for (const token of [seatToken, table.tokens.player, table.tokens.spectator]) {
        // The summary, the log history and the roll history: every read a non-GM token has.
        for (const path of ['', '/log', '/rolls?limit=100']) {
          const answer = await api(server.url, `/api/tables/${table.id}${path}`, { token });
          expect(answer.status, path).toBe(200);
          restAnswers.add(JSON.stringify(answer.body));
        }
      }
    };

    // The GM's secrets, each with a marker that must not leak.
    const secret = {
      revealed: 'SECRET-ASPECT-REVEALED-7f3a',
      kept: 'SECRET-ASPECT-KEPT-91bc',
      prepNote: 'SECRET-PREP-NOTE-22de',
      note: 'SECRET-NOTE-5e10',
      noteEdit: 'SECRET-NOTE-EDIT-aa01',
      npc: 'SECRET-NPC-NAME-c4d2',
      npcAspect: 'SECRET-NPC-ASPECT-0b9e',
      countdown: 'SECRET-COUNTDOWN-3c7e',
      countdownTrigger: 'SECRET-COUNTDOWN-TRIGGER-81fa',
    };
    const prepared = await gm.ok({
      id: 'gm-prep-1',
      type: 'gm.prepare',
      kind: 'situation',
      text: secret.revealed,
      note: secret.prepNote,
      freeInvokes: 1,
    });
    await gm.ok({
      id: 'gm-prep-2',
      type: 'gm.prepare',
      kind: 'situation',
      text: secret.kept,
      note: secret.prepNote,
    });
    const note = await gm.ok({ id: 'gm-note-1', type: 'gm.note', text: secret.note });
    await gm.ok({
      id: 'gm-note-2',
      type: 'gm.note',
      noteId: (note.result as { noteId: string }).noteId,
      text: secret.noteEdit,
    });
    const npcSheet = validSheet('fate-core', secret.npc) as { aspects: { text: string }[] };
    npcSheet.aspects[2]!.text = secret.npcAspect;
    const npc = await gm.ok({ id: 'gm-npc-1', type: 'gm.npc-draft', character: npcSheet });
    // A hidden countdown, filled: it writes no log line, so nothing public moves.
    const countdown = await gm.ok({
      type: 'countdown.add',
      name: secret.countdown,
      boxes: 1,
      trigger: secret.countdownTrigger,
      hidden: true,
    });
    const { countdownId } = countdown.result as { countdownId: string };
    await gm.ok({ type: 'countdown.tick', countdownId, by: 1 });
    await waitFor(() => JSON.stringify(readGm(gmDoc.doc)).includes(secret.npc), 'the GM document');

    // Public play meanwhile.
    await gm.ok({ type: 'scene.start', name: 'The vault', characterIds: [characterId] });
    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'Dark' });
    await ann.ok({
      type: 'roll',
      characterId,
      skillId: 'notice',
      action: 'overcome',
      difficulty: 2,
    });
    await gm.ok({ type: 'compel.offer', characterId, text: 'Your debts catch up' });
    await pollRest();
    // A player replaying the GM's command ids gets ids at most, never the secret text.
    for (const id of ['gm-prep-1', 'gm-note-1', 'gm-npc-1']) {
      annRec.add(JSON.stringify(await ann.send({ id, type: 'scene.end' })));
    }
    await barrier();

    // The reveals.
    const revealAt = performance.now();
    await gm.ok({
      type: 'gm.reveal',
      hiddenId: (prepared.result as { hiddenId: string }).hiddenId,
    });
    const npcRevealAt = performance.now();
    await gm.ok({ type: 'gm.reveal', hiddenId: (npc.result as { hiddenId: string }).hiddenId });
    await waitFor(
      () =>
        rawRecorders.every(
          (r) => r.text().includes(secret.revealed) && r.text().includes(secret.npc),
        ),
      'the reveals to arrive',
    );
    await pollRest();
    await barrier();

    // The recorders did record: acknowledgements, presence, the public updates.
    expect(annRec.text()).toContain('"seq"');
    expect(recorders[2]!.text()).toContain('presence');
    // Never revealed: the other prepared aspect, notes, the prepared aspect's note, the hidden
    // countdown.
    const neverRevealed = [
      secret.kept,
      secret.prepNote,
      secret.note,
      secret.noteEdit,
      secret.countdown,
      secret.countdownTrigger,
    ];
    for (const r of recorders) {
      const beforeReveal = r.text(revealAt);
      for (const marker of Object.values(secret)) expect(beforeReveal).not.toContain(marker);
      expect(r.text(npcRevealAt)).not.toContain(secret.npc);
      for (const marker of neverRevealed) {
        expect(r.text()).not.toContain(marker);
      }
    }
    for (const replica of replicas) {
      const json = JSON.stringify(readTable(replica.doc));
      for (const marker of neverRevealed) {
        expect(json).not.toContain(marker);
      }
    }

    // The GM document: refused to every token but the GM's, before a single byte.
    for (const token of [seatToken, table.tokens.player, table.tokens.spectator]) {
      const raw = await RawYjs.open(server.url, `${name}/gm`, token);
      await waitFor(() => raw.closed !== undefined, 'the refusal');
      expect(raw.closed).toEqual({ code: 4403, reason: 'the GM document is for the GM only' });
      expect(raw.bytesReceived()).toBe(0);
    }
  }, 120_000);
});
