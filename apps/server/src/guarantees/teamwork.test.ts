import { describe, expect, it } from 'vitest';
import type { Ack } from '@fateboard/table';
import { readTable } from '@fateboard/table';
import { createTable, storedDocs } from '../test/harness';
import type { Participant } from '../test/harness';
import { serverPerTest } from '../test/per-test';
import { validSheet } from '../test/sheets';

// Guarantee 21 (docs/GUARANTEES.md): help on a roll is given, never taken. Over real sockets
// and a real SQLite file: a player's roll counts another player's character only once that
// player said yes, never the character the roll is against, never an NPC; only the helper's
// player answers; a spectator sends nothing; and every refusal stores nothing.

const t = serverPerTest();

const id = (ack: Ack, key: string): string =>
  ack.ok ? String((ack.result as Record<string, unknown>)[key]) : '';

/** The stored command rows and public view, to show that a refusal wrote nothing. */
function stored(dataDir: string, tableId: string) {
  const docs = storedDocs(dataDir, tableId);
  return JSON.stringify({ rolls: readTable(docs.pub).rolls, help: readTable(docs.pub).help });
}

describe('help on a roll', () => {
  it('is counted only with its player’s yes, and never from the other side', async () => {
    const server = await t.start();
    const table = await createTable(server.url, 'fate-core', 'Rooftops of Varn');
    const gm = await t.connect(table.tokens.gm, 'gm');
    const seat = async (name: string, character: string): Promise<[Participant, string]> => {
      const p = await t.connect(table.tokens.player, name);
      await p.ok({ type: 'join', name });
      const made = await p.ok({
        type: 'character.create',
        character: validSheet('fate-core', character),
      });
      return [p, id(made, 'characterId')];
    };
    const [dee, vex] = await seat('Dee', 'Vex');
    const [kim, kai] = await seat('Kim', 'Kai');
    const watcher = await t.connect(table.tokens.spectator, 'watcher');
    const thug = id(
      await gm.ok({
        type: 'character.create',
        character: validSheet('fate-core', 'Bell Tower Guard'),
        npc: true,
      }),
      'characterId',
    );
    await gm.ok({ type: 'scene.start', name: 'Rooftops', characterIds: [vex, kai, thug] });
    const climb = { type: 'roll', characterId: vex, skillId: 'fight', action: 'overcome' };

    /** Sends and expects a refusal with `code` that stored nothing. */
    const refused = async (p: Participant, command: Record<string, unknown>, code: string) => {
      const before = stored(server.dataDir, table.id);
      expect(await p.send(command), JSON.stringify(command)).toMatchObject({ ok: false, code });
      expect(stored(server.dataDir, table.id)).toBe(before);
    };

    // Without asking: Kai's +1 is not Dee's to take; the GM's guard is never hers.
    await refused(dee, { ...climb, helpers: [kai] }, 'forbidden');
    await refused(dee, { ...climb, helpers: [thug] }, 'rules');
    // Asked, not answered yet; answered by someone other than Kim; by a spectator.
    const ask = { type: 'help.ask', characterId: vex, helperId: kai, skillId: 'fight' };
    const requestId = id(await dee.ok(ask), 'requestId');
    await refused(dee, { ...climb, helpers: [kai] }, 'forbidden');
    await refused(dee, { type: 'help.answer', requestId, accept: true }, 'forbidden');
    await refused(watcher, { type: 'help.answer', requestId, accept: true }, 'forbidden');
    await refused(watcher, { ...ask }, 'forbidden');
    // Kim says yes, then takes it back: refused again.
    await kim.ok({ type: 'help.answer', requestId, accept: true });
    await kim.ok({ type: 'help.answer', requestId, accept: false });
    await refused(dee, { ...climb, helpers: [kai] }, 'forbidden');
    // Yes again: Kai helps Vex's roll, but not Vex's attack on Kai, nor a defence against him.
    await kim.ok({ type: 'help.answer', requestId, accept: true });
    await refused(dee, { ...climb, action: 'attack', defender: kai, helpers: [kai] }, 'rules');
    await refused(
      dee,
      {
        ...climb,
        action: 'defend',
        opposition: { characterId: kai, skillId: 'fight' },
        helpers: [kai],
      },
      'rules',
    );
    // The opposition picks no stunts or helpers through the roller.
    await refused(
      gm,
      { ...climb, action: 'defend', opposition: { characterId: kai, helpers: [thug] } },
      'bad-command',
    );
    // The GM's guard attacks Kai: Kai is not on the guard's side either.
    await refused(
      gm,
      {
        type: 'roll',
        characterId: thug,
        skillId: 'fight',
        action: 'attack',
        defender: kai,
        helpers: [kai],
      },
      'rules',
    );
    const rolled = await dee.ok({ ...climb, helpers: [kai] });
    const docs = storedDocs(server.dataDir, table.id);
    const roll = readTable(docs.pub).rolls.find((r) => r.id === id(rolled, 'rollId'))!;
    expect(roll.actor.modifiers).toEqual([{ label: 'Kai', value: 1, kind: 'help' }]);
    // The yes was for that roll: used up.
    expect(readTable(docs.pub).help).toEqual([]);
    await refused(dee, { ...climb, helpers: [kai] }, 'forbidden');
  }, 60_000);
});
