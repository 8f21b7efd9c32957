import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { storedDocs } from '../test/harness';
import { newClaim, restoredTable } from '../test/restored-table';
import { serverPerTest } from '../test/per-test';
import { ChatRecorder, historyTexts, sayOk, toSeat } from '../test/chat-support';

// Guarantee 22 (docs/GUARANTEES.md): a restored seat goes back to its player only. Over real
// sockets and a real SQLite file: on a restored table, someone else on the player link cannot
// take a waiting seat (no claim, a wrong one, another seat's, a used one), nor read the GM's
// whisper that waits for it; the player with the claim link the GM handed out takes it, once,
// and finds the whisper there.

const t = serverPerTest();

describe('a restored table’s seats', () => {
  it('go back to their players only, with the whispers that wait for them', async () => {
    const server = await t.start();
    const restored = await restoredTable(server.url);
    const { id, gm: gmToken, player } = restored;
    const seats = { Dee: restored.seats.dee, Kim: restored.seats.kim };
    const claimFor = async (seatId: string) => (await newClaim(server.url, restored, seatId)).code;
    const kimCode = await claimFor(seats.Kim);
    const deeCode = await claimFor(seats.Dee);

    // The GM whispers to Kim's seat before she is back.
    const gm = await t.connect(gmToken, 'gm');
    const whisper = 'WHISPER-TO-KIM-5d1e: the bell ringer is your cousin';
    await sayOk(gm, toSeat(seats.Kim), whisper);

    // Mallory, on the shared player link, tries Kim's seat every way she can.
    const mallory = new ChatRecorder(await t.connect(player, 'mallory'));
    const seatsBefore = readTable(storedDocs(server.dataDir, id).pub).seats;
    for (const [claim, code] of [
      [undefined, 'claim-needed'],
      ['M'.repeat(43), 'bad-claim'],
      [deeCode, 'bad-claim'],
    ] as const) {
      const tried = await mallory.p.send({
        type: 'join',
        name: 'Kim',
        seatId: seats.Kim,
        ...(claim ? { claim } : {}),
      });
      expect(tried, String(claim)).toMatchObject({ ok: false, code });
    }
    const watcher = await t.connect(restored.spectator, 'watcher');
    expect(
      await watcher.send({ type: 'join', name: 'Kim', seatId: seats.Kim, claim: kimCode }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    expect(readTable(storedDocs(server.dataDir, id).pub).seats).toEqual(seatsBefore);
    // Nothing of the whisper reached her: live, on the wire, or in history.
    await mallory.barrier();
    expect(mallory.texts()).toEqual([]);
    expect(mallory.wire()).not.toContain('WHISPER-TO-KIM');
    expect(await historyTexts(mallory.p)).toEqual([]);

    // Kim, with her claim link: her seat, and the whisper waiting in it.
    const kim = await t.connect(player, 'kim');
    const back = await kim.ok({ type: 'join', name: 'Kim', seatId: seats.Kim, claim: kimCode });
    expect(back.result).toMatchObject({ seatId: seats.Kim });
    expect(await historyTexts(kim)).toEqual([whisper]);
    // Her code was for once: Mallory gets nothing with it now.
    expect(
      await mallory.p.send({ type: 'join', name: 'Kim', seatId: seats.Kim, claim: kimCode }),
    ).toMatchObject({ ok: false, code: 'seat-taken' });
    await mallory.barrier();
    expect(mallory.wire()).not.toContain('WHISPER-TO-KIM');
  }, 60_000);
});
