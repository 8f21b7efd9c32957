import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readTable } from '../../doc/views';
import { GM, SPECTATOR, refused, sceneTable } from '../../test/harness';
import { gmReadsWhispers, spectatorChatOn } from './chat-switch';
import { chatRefusal, chatTargets, chatVisible, whisperReaders } from '../../protocol/chat';

// Table chat: the GM's switch "spectators can read the chat", a command through the
// reducer stored in the public document (every screen shows it), on by default.

describe('chat.spectators', () => {
  it('is on by default, and the GM turns it off and on again', () => {
    const { t } = sceneTable();
    expect(readTable(t.docs.pub).spectatorChat).toBe(true);
    expect(spectatorChatOn(t.docs.pub)).toBe(true);

    t.ok(GM, { type: 'chat.spectators', on: false });
    expect(readTable(t.docs.pub).spectatorChat).toBe(false);
    expect(spectatorChatOn(t.docs.pub)).toBe(false);

    t.ok(GM, { type: 'chat.spectators', on: true });
    expect(readTable(t.docs.pub).spectatorChat).toBe(true);
    // On is the absence of the key: a table that turned it back on carries nothing.
    expect(t.docs.pub.getMap('meta').has('spectatorChat')).toBe(false);
  });

  it('writes nothing when the switch is already where the GM puts it, and logs nothing', () => {
    const { t } = sceneTable();
    const log = readTable(t.docs.pub).log.length;
    const before = Y.encodeStateVector(t.docs.pub);
    t.ok(GM, { type: 'chat.spectators', on: true });
    expect(Y.encodeStateVector(t.docs.pub)).toEqual(before);
    t.ok(GM, { type: 'chat.spectators', on: false });
    expect(readTable(t.docs.pub).log.length).toBe(log);
  });

  it('refuses players and spectators, and bad payloads, changing nothing', () => {
    const { t, ann } = sceneTable();
    refused(t, ann, { type: 'chat.spectators', on: false }, 'forbidden');
    refused(t, SPECTATOR, { type: 'chat.spectators', on: false }, 'forbidden');
    refused(t, GM, { type: 'chat.spectators', on: 'no' }, 'bad-command');
    refused(t, GM, { type: 'chat.spectators' }, 'bad-command');
    refused(t, GM, { type: 'chat.spectators', on: false, extra: 1 }, 'bad-command');
    expect(readTable(t.docs.pub).spectatorChat).toBe(true);
  });
});

describe('chatVisible', () => {
  const ann = { role: 'player', seatId: 'ann', name: 'Ann' } as const;
  const toTable = { from: ann, to: { kind: 'table' } } as const;
  const annToGm = { from: ann, to: { kind: 'gm' } } as const;
  const gmToBo = { from: { role: 'gm' }, to: { kind: 'seat', seatId: 'bo' } } as const;

  it('shows public messages to all, to spectators only while allowed', () => {
    expect(chatVisible(toTable, { role: 'gm' })).toBe(true);
    expect(chatVisible(toTable, { role: 'player', seatId: 'bo' })).toBe(true);
    expect(chatVisible(toTable, { role: 'player' })).toBe(true);
    expect(chatVisible(toTable, { role: 'spectator', allowed: true })).toBe(true);
    expect(chatVisible(toTable, { role: 'spectator', allowed: false })).toBe(false);
  });

  it('shows a whisper to its two ends only', () => {
    expect(chatVisible(annToGm, { role: 'gm' })).toBe(true);
    expect(chatVisible(annToGm, { role: 'player', seatId: 'ann' })).toBe(true);
    expect(chatVisible(annToGm, { role: 'player', seatId: 'bo' })).toBe(false);
    expect(chatVisible(annToGm, { role: 'player' })).toBe(false);
    expect(chatVisible(annToGm, { role: 'spectator', allowed: true })).toBe(false);
    expect(chatVisible(gmToBo, { role: 'gm' })).toBe(true);
    expect(chatVisible(gmToBo, { role: 'player', seatId: 'bo' })).toBe(true);
    expect(chatVisible(gmToBo, { role: 'player', seatId: 'ann' })).toBe(false);
    expect(chatVisible(gmToBo, { role: 'spectator', allowed: true })).toBe(false);
  });

  const bo = { role: 'player', seatId: 'bo', name: 'Bo' } as const;
  const annToBo = { from: ann, to: { kind: 'seat', seatId: 'bo' } } as const;

  it('shows a whisper between two players to those two, to the GM only when the table chose', () => {
    expect(chatVisible(annToBo, { role: 'player', seatId: 'ann' })).toBe(true);
    expect(chatVisible(annToBo, { role: 'player', seatId: 'bo' })).toBe(true);
    expect(chatVisible(annToBo, { role: 'player', seatId: 'cy' })).toBe(false);
    expect(chatVisible(annToBo, { role: 'player' })).toBe(false);
    expect(chatVisible(annToBo, { role: 'spectator', allowed: true })).toBe(false);
    expect(chatVisible(annToBo, { role: 'gm' })).toBe(false);
    expect(chatVisible({ ...annToBo, gmReads: false }, { role: 'gm' })).toBe(false);
    expect(chatVisible({ ...annToBo, gmReads: true }, { role: 'gm' })).toBe(true);
    expect(chatVisible({ ...annToBo, gmReads: true }, { role: 'player', seatId: 'cy' })).toBe(
      false,
    );
    // The GM's own whispers and those to the GM never depend on the switch.
    expect(whisperReaders(gmToBo)).toEqual({ gm: true, seats: ['bo'] });
    expect(whisperReaders({ ...annToGm, gmReads: false })).toEqual({ gm: true, seats: ['ann'] });
    expect(whisperReaders({ from: bo, to: { kind: 'seat', seatId: 'ann' } })).toEqual({
      gm: false,
      seats: ['bo', 'ann'],
    });
  });
});

describe('who may whisper to whom', () => {
  const seats = ['ann', 'bo', 'cy'];
  const exists = (id: string) => seats.includes(id);

  it('lets a player whisper to the GM and to every other seat, the GM to every seat', () => {
    expect(chatTargets({ role: 'player', seatId: 'ann' }, seats)).toEqual([
      { kind: 'table' },
      { kind: 'gm' },
      { kind: 'seat', seatId: 'bo' },
      { kind: 'seat', seatId: 'cy' },
    ]);
    expect(chatTargets({ role: 'gm' }, seats)).toEqual([
      { kind: 'table' },
      ...seats.map((seatId) => ({ kind: 'seat', seatId })),
    ]);
    expect(chatTargets({ role: 'player' }, seats)).toEqual([]);
    expect(chatTargets({ role: 'spectator' }, seats)).toEqual([]);
  });

  it('refuses oneself, a seat that is not there, the GM to the GM, spectators and the seatless', () => {
    const me = { role: 'player', seatId: 'ann' } as const;
    expect(chatRefusal(me, { kind: 'seat', seatId: 'ann' }, exists)?.code).toBe('bad-chat');
    expect(chatRefusal(me, { kind: 'seat', seatId: 'zed' }, exists)?.code).toBe('not-found');
    expect(chatRefusal({ role: 'gm' }, { kind: 'gm' }, exists)?.code).toBe('bad-chat');
    expect(chatRefusal({ role: 'spectator' }, { kind: 'table' }, exists)?.code).toBe('forbidden');
    expect(chatRefusal({ role: 'player' }, { kind: 'table' }, exists)?.code).toBe('forbidden');
    expect(chatRefusal(me, { kind: 'seat', seatId: 'bo' }, exists)).toBeUndefined();
  });
});

describe('chat.whispers', () => {
  it('is off by default; the GM turns it on and off, and every screen reads it', () => {
    const { t } = sceneTable();
    expect(readTable(t.docs.pub).gmReadsWhispers).toBe(false);
    expect(gmReadsWhispers(t.docs.pub)).toBe(false);
    t.ok(GM, { type: 'chat.whispers', gmReads: true });
    expect(readTable(t.docs.pub).gmReadsWhispers).toBe(true);
    t.ok(GM, { type: 'chat.whispers', gmReads: false });
    expect(gmReadsWhispers(t.docs.pub)).toBe(false);
    // Off is the absence of the key, as a table that never turned it on.
    expect(t.docs.pub.getMap('meta').has('gmReadsWhispers')).toBe(false);
  });

  it('refuses players and spectators, and bad payloads, changing nothing', () => {
    const { t, ann } = sceneTable();
    const before = Y.encodeStateVector(t.docs.pub);
    refused(t, ann, { type: 'chat.whispers', gmReads: true }, 'forbidden');
    refused(t, SPECTATOR, { type: 'chat.whispers', gmReads: true }, 'forbidden');
    refused(t, GM, { type: 'chat.whispers', gmReads: 'yes' }, 'bad-command');
    refused(t, GM, { type: 'chat.whispers', on: true }, 'bad-command');
    expect(Y.encodeStateVector(t.docs.pub)).toEqual(before);
  });
});
