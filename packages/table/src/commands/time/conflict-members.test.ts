import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { GM, created, refused, sceneTable, validSheet } from '../../test/harness';

/** Who is in a running conflict: joining, leaving, and NPCs arriving mid-fight. */

const conflictOf = (t: ReturnType<typeof sceneTable>['t']) => readTable(t.docs.pub).conflict;
const lastLog = (t: ReturnType<typeof sceneTable>['t']) => readTable(t.docs.pub).log.at(-1)?.text;

describe('an NPC the GM adds mid-conflict takes its turn in it', () => {
  it('a new NPC joins at the end of the order, and the log says so', () => {
    const { t, a, b, npc } = sceneTable();
    t.ok(GM, { type: 'conflict.start', order: [a, b, npc] });
    const archer = created(t, GM, validSheet('fate-core', 'Bell Tower Archer'), 'npc');
    expect(conflictOf(t)).toMatchObject({ order: [a, b, npc, archer], turn: 0, round: 1 });
    expect(lastLog(t)).toBe(
      'Bell Tower Archer joined the conflict; the turn order is now Zira, Tam, Brute, Bell Tower Archer.',
    );
  });

  it('a revealed NPC draft joins too; a character made outside a conflict joins nothing', () => {
    const { t, a, npc } = sceneTable();
    const hiddenId = t.ok(GM, {
      type: 'gm.npc-draft',
      character: validSheet('fate-core', 'Lurker'),
    }).hiddenId!;
    const early = created(t, GM, validSheet('fate-core', 'Early Bird'), 'npc');
    expect(conflictOf(t).order).toEqual([]);
    t.ok(GM, { type: 'conflict.start', order: [npc, a] });
    const lurker = t.ok(GM, { type: 'gm.reveal', hiddenId }).characterId!;
    expect(conflictOf(t).order).toEqual([npc, a, lurker]);
    expect(conflictOf(t).order).not.toContain(early);
  });

  it('a player character prepared by the GM mid-conflict does not join by itself', () => {
    const { t, a, npc } = sceneTable();
    t.ok(GM, { type: 'conflict.start', order: [npc, a] });
    t.ok(GM, { type: 'character.create', character: validSheet('fate-core', 'Newcomer') });
    expect(conflictOf(t).order).toEqual([npc, a]);
  });
});

describe('conflict.join and conflict.leave: the GM changes who is in the turn order', () => {
  it('adds a character at the end and takes one out, the turn staying with whoever acts', () => {
    const { t, a, b, npc } = sceneTable();
    t.ok(GM, { type: 'conflict.start', order: [npc, a] });
    t.ok(GM, { type: 'conflict.next' }); // Zira acts
    t.ok(GM, { type: 'conflict.join', characterId: b });
    expect(conflictOf(t)).toMatchObject({ order: [npc, a, b], turn: 1 });
    expect(lastLog(t)).toBe('Tam joined the conflict; the turn order is now Brute, Zira, Tam.');
    t.ok(GM, { type: 'conflict.leave', characterId: npc });
    expect(conflictOf(t)).toMatchObject({ order: [a, b], turn: 0, round: 1 });
    expect(lastLog(t)).toBe('Brute left the turn order; it is now Zira, Tam.');
    // Back in, at the end.
    t.ok(GM, { type: 'conflict.join', characterId: npc });
    expect(conflictOf(t).order).toEqual([a, b, npc]);
  });

  it('the last to act leaving starts the next exchange', () => {
    const { t, a, b, npc } = sceneTable();
    t.ok(GM, { type: 'conflict.start', order: [npc, a, b] });
    t.ok(GM, { type: 'conflict.next' });
    t.ok(GM, { type: 'conflict.next' }); // Tam, the last, acts
    t.ok(GM, { type: 'conflict.leave', characterId: b });
    expect(conflictOf(t)).toMatchObject({ order: [npc, a], turn: 0, round: 2 });
  });

  it('refuses players, no conflict, unknown, doubled, absent and taken-out characters', () => {
    const { t, ann, a, b, npc } = sceneTable();
    refused(t, GM, { type: 'conflict.join', characterId: b }, 'no-conflict');
    refused(t, GM, { type: 'conflict.leave', characterId: b }, 'no-conflict');
    t.ok(GM, { type: 'conflict.start', order: [npc, a] });
    refused(t, ann, { type: 'conflict.join', characterId: b }, 'forbidden');
    refused(t, ann, { type: 'conflict.leave', characterId: a }, 'forbidden');
    refused(t, GM, { type: 'conflict.join', characterId: 'nobody' }, 'not-found');
    refused(t, GM, { type: 'conflict.join', characterId: a }, 'invalid');
    refused(t, GM, { type: 'conflict.leave', characterId: b }, 'invalid');
    t.ok(GM, { type: 'taken-out', characterId: npc });
    refused(t, GM, { type: 'conflict.join', characterId: npc }, 'invalid');
    refused(t, GM, { type: 'conflict.join' }, 'bad-command');
  });
});
