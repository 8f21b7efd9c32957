import { describe, expect, it } from 'vitest';
import { RawYjs, Replica, api, connectSocket, createTable } from '../test/harness';
import { readGm, readTable } from '@fateboard/table';
import { validSheet } from '../test/sheets';
import { serverPerTest } from '../test/per-test';
import { Recorder, SECRETS, recordSocket } from './secret-markers';
import { until as waitFor } from './support';

// Guarantee 6: the GM's secrets (prepared aspects, NPC drafts, notes, the prepared board:
// zones, borders, aspects standing on them, hidden NPCs' tokens) never reach a player
// or a spectator before the GM reveals them, by any channel: y-websocket frames, socket.io
// frames (events and acknowledgements), REST answers. The GM document refuses any token
// but the GM's.

const t = serverPerTest();

describe('secrets', () => {
  it('no byte of GM-only content reaches a player or spectator before its reveal', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const gm = await connectSocket(server.url, table.tokens.gm, 'gm');
    const gmDoc = new Replica(server.url, `${name}/gm`, table.tokens.gm);
    t.later(() => gmDoc.destroy());

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
    t.later(() => {
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

    // The GM's secrets, each with a marker that must not leak (secret-markers.ts).
    const secret = SECRETS;
    // The board's secrets are revealed together by board.reveal, after the other reveals.
    const boardSecrets = [
      secret.zone,
      secret.zoneRenamed,
      secret.zoneAspect,
      secret.borderAspect,
      secret.ambusher,
    ];
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
    // The board: a public Pier with Zira's token on it, and a prepared cellar (renamed once),
    // a prepared border to it, aspects prepared on both and a hidden NPC waiting in the cellar.
    const pier = await gm.ok({ type: 'zone.add', name: 'Pier', x: 0, y: 0, w: 4, h: 3 });
    const pierId = (pier.result as { zoneId: string }).zoneId;
    await ann.ok({ type: 'board.move', characterId, zoneId: pierId });
    const cellar = await gm.ok({
      type: 'zone.add',
      name: secret.zone,
      x: 0,
      y: 4,
      w: 4,
      h: 3,
      hidden: true,
    });
    const cellarId = (cellar.result as { zoneId: string }).zoneId;
    await gm.ok({ type: 'zone.edit', zoneId: cellarId, name: secret.zoneRenamed, w: 5 });
    const trapdoor = await gm.ok({ type: 'border.add', a: pierId, b: cellarId });
    const trapdoorId = (trapdoor.result as { borderId: string }).borderId;
    await gm.ok({
      type: 'gm.prepare',
      kind: 'situation',
      text: secret.zoneAspect,
      place: cellarId,
    });
    await gm.ok({
      type: 'gm.prepare',
      kind: 'situation',
      text: secret.borderAspect,
      place: trapdoorId,
    });
    const ambushSheet = validSheet('fate-core', secret.ambusher);
    const ambush = await gm.ok({ type: 'gm.npc-draft', character: ambushSheet, zoneId: cellarId });
    const ambushId = (ambush.result as { hiddenId: string }).hiddenId;
    // The GM moves the hidden NPC's token onto the public Pier and back: the GM document's.
    await gm.ok({ type: 'board.move', characterId: ambushId, zoneId: pierId });
    await gm.ok({ type: 'board.move', characterId: ambushId, zoneId: cellarId });
    // A player and a spectator naming the prepared zone learn nothing of it.
    annRec.add(
      JSON.stringify(await ann.send({ type: 'board.move', characterId, zoneId: cellarId })),
    );
    recorders[2]!.add(
      JSON.stringify(await specSocket.send({ type: 'board.move', characterId, zoneId: cellarId })),
    );
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
    await barrier();
    const boardRevealAt = performance.now();
    await gm.ok({ type: 'board.reveal' });
    await waitFor(
      () =>
        rawRecorders.every(
          (r) =>
            r.text().includes(secret.zoneRenamed) &&
            r.text().includes(secret.zoneAspect) &&
            r.text().includes(secret.borderAspect) &&
            r.text().includes(secret.ambusher),
        ),
      'the board to arrive',
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
      secret.zone,
    ];
    for (const r of recorders) {
      const beforeReveal = r.text(revealAt);
      for (const marker of Object.values(secret)) expect(beforeReveal).not.toContain(marker);
      expect(r.text(npcRevealAt)).not.toContain(secret.npc);
      for (const marker of boardSecrets) expect(r.text(boardRevealAt)).not.toContain(marker);
      // The prepared zone's first name was never public: only its name at the reveal is.
      expect(r.text()).not.toContain(secret.zone);
      for (const marker of neverRevealed) {
        expect(r.text()).not.toContain(marker);
      }
    }
    for (const replica of replicas) {
      const json = JSON.stringify(readTable(replica.doc));
      // The revealed board is everyone's: the zone, its aspects, the ambusher in it.
      for (const marker of boardSecrets.filter((m) => m !== secret.zone)) {
        expect(json).toContain(marker);
      }
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
