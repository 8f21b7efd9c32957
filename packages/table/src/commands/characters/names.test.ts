import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import type { TestTable } from '../../test/harness';
import { GM, refused, sceneTable, seat, validSheet } from '../../test/harness';
import { nameKey, sameNamed } from './names';

/** One name per character: two "Kestrel Vance" sent a compel to the wrong one. */

const namesOf = (t: TestTable) => readTable(t.docs.pub).characters.map((c) => c.name);

describe('a character’s name is its own at the table', () => {
  it('compares as people read: case, spaces and Unicode spellings make no difference', () => {
    expect(nameKey('  Kestrel   Vance ')).toBe('kestrel vance');
    expect(nameKey('KESTREL VANCE')).toBe(nameKey('kestrel vance'));
    expect(nameKey('Jose\u0301')).toBe(nameKey('José'));
    expect(nameKey('Kestrel\u00a0Vance')).toBe(nameKey('Kestrel Vance'));
    const list = [
      { id: 'a', name: 'Kestrel Vance' },
      { id: 'b', name: 'Tam' },
    ];
    expect(sameNamed(list, 'kestrel  VANCE')?.id).toBe('a');
    expect(sameNamed(list, 'Kestrel Vance', 'a')).toBeUndefined();
    expect(sameNamed(list, 'Kestrel')).toBeUndefined();
    expect(sameNamed(list, '   ')).toBeUndefined();
  });

  it('a new player character, an NPC or a revealed draft with a name in use is refused', () => {
    const { t, a } = sceneTable();
    const cara = seat(t, 'Cara');
    const before = namesOf(t);
    for (const name of ['Zira', ' zira ', 'ZIRA']) {
      refused(
        t,
        cara,
        { type: 'character.create', character: validSheet('fate-core', name) },
        'invalid',
      );
      refused(
        t,
        GM,
        { type: 'character.create', character: validSheet('fate-core', name), npc: true },
        'invalid',
      );
    }
    const out = t.send(GM, {
      type: 'character.create',
      character: validSheet('fate-core', 'zira'),
      npc: true,
    });
    expect(out).toMatchObject({
      ok: false,
      code: 'invalid',
      message: '“Zira” is already a character at this table: give this one another name.',
      reason: { id: 'name-taken', params: { name: 'Zira' } },
    });
    const hiddenId = t.ok(GM, {
      type: 'gm.npc-draft',
      character: validSheet('fate-core', 'Tam'),
    }).hiddenId!;
    refused(t, GM, { type: 'gm.reveal', hiddenId }, 'invalid');
    expect(namesOf(t)).toEqual(before);
    expect(readTable(t.docs.pub).characters.find((c) => c.id === a)?.name).toBe('Zira');
  });

  it('renaming to another’s name is refused; keeping one’s own name (in any case) is not', () => {
    const { t, ann, a } = sceneTable();
    refused(
      t,
      ann,
      { type: 'character.update', characterId: a, changes: { name: 'tam' } },
      'invalid',
    );
    t.ok(ann, { type: 'character.update', characterId: a, changes: { name: 'ZIRA' } });
    t.ok(ann, { type: 'character.update', characterId: a, changes: { name: 'Zira the Bold' } });
    expect(namesOf(t)).toContain('Zira the Bold');
  });
});
