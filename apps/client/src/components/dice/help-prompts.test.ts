import { describe, expect, it } from 'vitest';
import { helpPrompts } from './help-prompts';
import { helpToAnswer } from '../shell/needs';
import { GM, sceneTable } from '../../lib/test/play';

describe('who is asked to help [CORE-TEAMWORK-1]', () => {
  it('prompts the helper’s player only, until they decline; the GM for its own characters', () => {
    const { t, ann, bob, zira, tam, brute } = sceneTable();
    const { requestId } = t.ok(ann, {
      type: 'help.ask',
      characterId: zira,
      helperId: tam,
      skillId: 'athletics',
    });
    const me = (a: typeof ann) => ({ role: a.role, seatId: a.seatId ?? null });
    const view = t.view();
    expect(helpPrompts(view, me(bob))).toEqual([
      {
        request: expect.objectContaining({ id: requestId, answer: 'waiting' }) as unknown,
        helper: 'Tam',
        roller: 'Zira',
        asker: 'Ann',
      },
    ]);
    expect(helpToAnswer(view, me(bob))).toMatchObject([{ kind: 'help', tab: 'dice' }]);
    // Not the asker, not the GM (Bob plays Tam), not a spectator.
    for (const who of [me(ann), me(GM), { role: 'spectator' as const, seatId: null }]) {
      expect(helpPrompts(view, who)).toEqual([]);
      expect(helpToAnswer(view, who)).toEqual([]);
    }
    // A yes stays on Bob's screen (to take back), without a toast; a no leaves it.
    t.ok(bob, { type: 'help.answer', requestId: String(requestId), accept: true });
    expect(helpPrompts(t.view(), me(bob))).toHaveLength(1);
    expect(helpToAnswer(t.view(), me(bob))).toEqual([]);
    t.ok(bob, { type: 'help.answer', requestId: String(requestId), accept: false });
    expect(helpPrompts(t.view(), me(bob))).toEqual([]);
    // The GM answers for its NPC, asked by the GM's own roll of another NPC… or by nobody else.
    t.ok(GM, { type: 'help.ask', characterId: tam, helperId: brute, skillId: 'fight' });
    expect(helpPrompts(t.view(), me(GM))).toMatchObject([{ helper: 'Brute', asker: null }]);
  });
});
