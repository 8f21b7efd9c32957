import { describe, expect, it } from 'vitest';
import { bonusOf, countedHelpers, helperOptions, stillChosen } from './roll-bonuses';
import { GM, sceneTable } from '../../lib/test/play';

describe('who the tray offers as helpers [CORE-TEAMWORK-1]', () => {
  it('offers the other characters not taken out, the NPCs to the GM only', () => {
    const { t, ann, zira, tam, brute } = sceneTable();
    const view = t.view();
    const roller = view.characters.find((c) => c.id === zira);
    const ids = (isGm: boolean) =>
      helperOptions(view, roller, 'fight', isGm ? GM : ann).map((h) => h.id);
    expect(ids(false)).toEqual([tam]);
    expect(ids(true).sort()).toEqual([tam, brute].sort());
    // Tam is taken out: he helps no one.
    const out = view.characters.map((c) => (c.id === tam ? { ...c, takenOut: true } : c));
    expect(
      helperOptions({ ...view, characters: out }, roller, 'fight', GM).map((h) => h.id),
    ).toEqual([brute]);
    // No skill rolled (a rated aspect, a declaration): nobody. The target: never [CORE-TEAMWORK-2].
    expect(helperOptions(view, roller, undefined, GM)).toEqual([]);
    expect(helperOptions(view, roller, 'fight', GM, [brute]).map((h) => h.id)).toEqual([tam]);
  });

  it('marks a helper below Average as unable, with their rating', () => {
    const { t, ann, zira } = sceneTable();
    const view = t.view();
    const roller = view.characters.find((c) => c.id === zira);
    const provoke = helperOptions(view, roller, 'provoke', ann);
    expect(provoke).toEqual([
      expect.objectContaining({
        name: 'Tam',
        rating: 0,
        standing: { kind: 'barred', bar: 'unskilled' },
      }),
    ]);
  });

  it('counts the helpers who agreed, and the GM’s ticks', () => {
    const { t, ann, bob, zira, tam, brute } = sceneTable();
    const roller = t.view().characters.find((c) => c.id === zira);
    const { requestId } = t.ok(ann, {
      type: 'help.ask',
      characterId: zira,
      helperId: tam,
      skillId: 'fight',
    });
    const asked = helperOptions(t.view(), roller, 'fight', ann);
    expect(countedHelpers(asked, [tam])).toEqual([]);
    t.ok(bob, { type: 'help.answer', requestId: String(requestId), accept: true });
    expect(countedHelpers(helperOptions(t.view(), roller, 'fight', ann), [])).toEqual([tam]);
    const gms = helperOptions(t.view(), roller, 'fight', GM);
    expect(countedHelpers(gms, [brute]).sort()).toEqual([tam, brute].sort());
  });

  it('keeps only the picks that still fit, and adds +2 a stunt and +1 a helper', () => {
    expect(stillChosen(['a', 'b', 'c'], ['c', 'a'])).toEqual(['a', 'c']);
    const { t, zira, tam, brute } = sceneTable();
    const view = t.view();
    const [z, ...others] = [zira, tam, brute].map((id) =>
      view.characters.find((c) => c.id === id)!,
    );
    const stunts = [
      { id: 's1', name: 'Brawler', text: '' },
      { id: 's2', name: 'Climber', text: '' },
    ];
    // Two stunts and two helpers with Great Fight: 2 × 2 + 2 × 1.
    expect(bonusOf({ ...z!, stunts }, ['s1', 's2'], 'fight', others)).toBe(6);
    expect(bonusOf(z!, [], 'fight', [])).toBe(0);
  });
});
