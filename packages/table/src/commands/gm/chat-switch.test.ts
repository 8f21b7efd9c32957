import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readTable } from '../../doc/views';
import { GM, SPECTATOR, refused, sceneTable } from '../../test/harness';
import { spectatorChatOn } from './chat-switch';
import { chatVisible } from '../../protocol/chat';

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
});
