import { describe, expect, it } from 'vitest';
import { createTable } from '../test/harness';
import { serverPerTest } from '../test/per-test';
import { ChatRecorder, TO_GM, TO_TABLE, historyTexts, sayOk, toSeat } from '../test/chat-support';
import { until as waitFor } from './support';

// Guarantee 15 (docs/GUARANTEES.md): a whisper reaches the sockets of its two ends (the player
// and the GM) and no other: no other player, no seatless player, no spectator gets a byte of it,
// live (raw socket.io frames, y-websocket frames) or in history. Public chat reaches everyone,
// spectators while the GM allows.

const t = serverPerTest();

describe('whispers', () => {
  it('reach their two ends only, on the wire and in history', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = new ChatRecorder(await t.connect(table.tokens.gm, 'gm'));
    const ann = new ChatRecorder(await t.connect(table.tokens.player, 'ann'));
    const bo = new ChatRecorder(await t.connect(table.tokens.player, 'bo'));
    const annSeat = ((await ann.p.ok({ type: 'join', name: 'Ann' })).result as { seatId: string })
      .seatId;
    const boSeat = ((await bo.p.ok({ type: 'join', name: 'Bo' })).result as { seatId: string })
      .seatId;
    const seatless = new ChatRecorder(await t.connect(table.tokens.player, 'seatless'));
    const spectator = new ChatRecorder(await t.connect(table.tokens.spectator, 'spectator'));
    const everyone = [gm, ann, bo, seatless, spectator];
    // The spectator's document connection: chat is never document state.
    const spectatorDoc = await t.raw(`table/${table.id}`, table.tokens.spectator);

    const annWhisper = 'WHISPER-ANN-TO-GM-4e1f: the duke is my father';
    const gmWhisper = 'WHISPER-GM-TO-BO-9c2a: you recognise the tattoo';
    const boWhisper = 'WHISPER-BO-TO-GM-77d0: I pocket the key';
    const sentByAnn = await sayOk(ann.p, TO_GM, annWhisper);
    expect(sentByAnn).toMatchObject({
      from: { role: 'player', seatId: annSeat, name: 'Ann' },
      to: { kind: 'gm' },
      text: annWhisper,
    });
    await sayOk(gm.p, toSeat(boSeat), gmWhisper);
    await sayOk(bo.p, TO_GM, boWhisper);
    const shout = 'PUBLIC-7a1b: Olá, mesa! 🎲';
    await sayOk(gm.p, TO_TABLE, shout);

    await waitFor(() => spectator.texts().includes(shout), 'the public message');
    await Promise.all(everyone.map((r) => r.barrier()));
    await spectatorDoc.barrier();

    // Live: each whisper went to its two ends, as a `chat` event.
    expect(gm.texts()).toEqual([annWhisper, gmWhisper, boWhisper, shout]);
    expect(ann.texts()).toEqual([annWhisper, shout]);
    expect(bo.texts()).toEqual([gmWhisper, boWhisper, shout]);
    expect(seatless.texts()).toEqual([shout]);
    expect(spectator.texts()).toEqual([shout]);
    // On the wire: not one frame of another's whisper.
    const absent: [ChatRecorder, string[]][] = [
      [ann, [gmWhisper, boWhisper]],
      [bo, [annWhisper]],
      [seatless, [annWhisper, gmWhisper, boWhisper]],
      [spectator, [annWhisper, gmWhisper, boWhisper]],
    ];
    const markerOf = (text: string) => text.slice(0, text.indexOf(':'));
    for (const [recorder, texts] of absent) {
      expect(recorder.wire()).toContain(markerOf(shout));
      for (const text of texts) expect(recorder.wire()).not.toContain(markerOf(text));
    }
    const docBytes = Buffer.concat(spectatorDoc.frames).toString('utf8');
    for (const text of [annWhisper, gmWhisper, boWhisper, shout]) {
      expect(docBytes).not.toContain(markerOf(text));
    }

    // History: the same rule.
    expect(await historyTexts(gm.p)).toEqual([annWhisper, gmWhisper, boWhisper, shout]);
    expect(await historyTexts(ann.p)).toEqual([annWhisper, shout]);
    expect(await historyTexts(bo.p)).toEqual([gmWhisper, boWhisper, shout]);
    expect(await historyTexts(seatless.p)).toEqual([shout]);
    expect(await historyTexts(spectator.p)).toEqual([shout]);
    for (const [recorder, texts] of absent) {
      for (const text of texts) expect(recorder.wire()).not.toContain(markerOf(text));
    }
  });

  it('spectators read public chat only while the GM allows it, live and in history', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = new ChatRecorder(await t.connect(table.tokens.gm, 'gm'));
    const spectator = new ChatRecorder(await t.connect(table.tokens.spectator, 'spectator'));
    await sayOk(gm.p, TO_TABLE, 'SEEN-1 welcome, watchers');
    await waitFor(() => spectator.texts().length === 1, 'the first message');

    await gm.p.ok({ type: 'chat.spectators', on: false });
    await sayOk(gm.p, TO_TABLE, 'UNSEEN-2 now among friends');
    await spectator.barrier();
    expect(spectator.texts()).toEqual(['SEEN-1 welcome, watchers']);
    expect(spectator.wire()).not.toContain('UNSEEN-2');
    expect(await historyTexts(spectator.p)).toBe('chat-off');
    expect(await historyTexts(spectator.p, { before: 2 })).toBe('chat-off');

    await gm.p.ok({ type: 'chat.spectators', on: true });
    await sayOk(gm.p, TO_TABLE, 'SEEN-3 back on air');
    await waitFor(() => spectator.texts().length === 2, 'the third message');
    expect(spectator.texts()).toEqual(['SEEN-1 welcome, watchers', 'SEEN-3 back on air']);
    // Back on, what was said while it was off stays hidden from spectators (not from players).
    expect(await historyTexts(spectator.p)).toEqual([
      'SEEN-1 welcome, watchers',
      'SEEN-3 back on air',
    ]);
    expect(await historyTexts(gm.p)).toHaveLength(3);
    await spectator.barrier();
    expect(spectator.wire()).not.toContain('UNSEEN-2');
  });

  it('between two players reach those two only; the GM too only when the table chose it', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = new ChatRecorder(await t.connect(table.tokens.gm, 'gm'));
    const seat = async (name: string) => {
      const r = new ChatRecorder(await t.connect(table.tokens.player, name));
      const joined = await r.p.ok({ type: 'join', name });
      return { r, seatId: (joined.result as { seatId: string }).seatId };
    };
    const ann = await seat('Ann');
    const bo = await seat('Bo');
    const cy = await seat('Cy');
    const spectator = new ChatRecorder(await t.connect(table.tokens.spectator, 'spectator'));

    const secret = 'P2P-SECRET-31c9: meet me behind the chapel';
    const shared = 'P2P-SHARED-5d0e: the GM may read this one';
    // Off by default: the GM does not read whispers between players.
    const first = await sayOk(ann.r.p, toSeat(bo.seatId), secret);
    expect(first).toMatchObject({ to: { kind: 'seat', seatId: bo.seatId }, gmReads: false });
    await gm.p.ok({ type: 'chat.whispers', gmReads: true });
    const second = await sayOk(bo.r.p, toSeat(ann.seatId), shared);
    expect(second.gmReads).toBe(true);
    const shout = 'PUBLIC-88aa: all done';
    await sayOk(cy.r.p, TO_TABLE, shout);
    await waitFor(() => spectator.texts().includes(shout), 'the public message');
    await Promise.all([gm, ann.r, bo.r, cy.r, spectator].map((r) => r.barrier()));

    const markerOf = (text: string) => text.slice(0, text.indexOf(':'));
    expect(ann.r.texts()).toEqual([secret, shared, shout]);
    expect(bo.r.texts()).toEqual([secret, shared, shout]);
    // Turning the switch on shows the GM what is said from then on, never what was said before.
    expect(gm.texts()).toEqual([shared, shout]);
    expect(gm.wire()).not.toContain(markerOf(secret));
    for (const other of [cy.r, spectator]) {
      expect(other.texts()).toEqual([shout]);
      expect(other.wire()).not.toContain(markerOf(secret));
      expect(other.wire()).not.toContain(markerOf(shared));
    }
    expect(await historyTexts(ann.r.p)).toEqual([secret, shared, shout]);
    expect(await historyTexts(bo.r.p)).toEqual([secret, shared, shout]);
    expect(await historyTexts(gm.p)).toEqual([shared, shout]);
    expect(await historyTexts(cy.r.p)).toEqual([shout]);
    // Off again: the GM keeps what it was let read, and reads no new one.
    await gm.p.ok({ type: 'chat.whispers', gmReads: false });
    await sayOk(ann.r.p, toSeat(cy.seatId), 'P2P-LATER-0f0f: just us');
    expect(await historyTexts(gm.p)).toEqual([shared, shout]);
    expect(await historyTexts(cy.r.p)).toEqual([shout, 'P2P-LATER-0f0f: just us']);
    expect(await historyTexts(bo.r.p)).toEqual([secret, shared, shout]);
  });
});
