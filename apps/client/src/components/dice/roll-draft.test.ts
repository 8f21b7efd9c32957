import { describe, expect, it } from 'vitest';
import { edgerunner, fateCore } from '@fateboard/rules';
import { tray } from './roll-draft-fixture';
import { ratedChoices } from './rated-choices';
import { GM, sceneTable } from '../../lib/test/play';

describe('the dice tray’s draft', () => {
  it('lists a character’s skills best first, the same way for roller and opponent', () => {
    const { t, zira, tam } = sceneTable();
    const view = t.view();
    const ziraSkills = ratedChoices(
      fateCore,
      view.characters.find((c) => c.id === zira),
    );
    expect(ziraSkills.map((s) => s.rating)).toEqual(
      [...ziraSkills.map((s) => s.rating)].sort((a, b) => b - a),
    );
    expect(ziraSkills[0]!.label).toMatch(/^\w+ \(\+\d\)$/);
    const draft = tray(t, GM);
    draft.opposing.value = tam;
    expect(draft.opponentChoices).toEqual(
      ratedChoices(
        fateCore,
        view.characters.find((c) => c.id === tam),
      ),
    );
  });

  it('passes over a taken-out character as the next roller and opponent', () => {
    const { t, zira, tam, brute } = sceneTable();
    const draft = tray(t, GM);
    draft.who.value = brute;
    draft.opposing.value = brute;
    expect(draft.who.value).toBe(brute);
    t.ok(GM, { type: 'taken-out', characterId: brute });
    expect(draft.who.value).toBe(zira);
    expect(draft.opposing.value).not.toBe(brute);
    expect([zira, tam]).toContain(draft.opposing.value);
    // Still listed, and the GM may pick him knowingly.
    expect(draft.rollers.map((c) => c.id)).toContain(brute);
    draft.who.value = brute;
    expect(draft.who.value).toBe(brute);
  });

  it('sets the opponent’s skill for the odds to the usual defence against the roll’s', () => {
    const { t, zira, tam } = sceneTable();
    const draft = tray(t, GM);
    draft.who.value = zira;
    draft.opposing.value = tam;
    draft.skill.value = 'shoot';
    expect(draft.opponentSkill.value).toBe('athletics');
    draft.skill.value = 'provoke';
    expect(draft.opponentSkill.value).toBe('will');
    // A skill with no usual defence: the opponent's best, as before.
    draft.skill.value = 'crafts';
    expect(draft.opponentSkill.value).toBe(draft.opponentChoices[0]!.id);
  });

  it('aims at a skill clicked on a sheet: that character, that skill', () => {
    const { t, ann, zira, tam } = sceneTable();
    const gm = tray(t, GM);
    expect(gm.aim(tam, 'notice')).toBe(true);
    expect([gm.who.value, gm.skill.value]).toEqual([tam, 'notice']);
    const mine = tray(t, ann);
    expect(mine.aim(tam, 'notice')).toBe(false);
    expect(mine.who.value).toBe(zira);
    expect(mine.aim(zira, 'no-such-skill')).toBe(false);
  });

  it('rolls only the person’s own characters; the GM rolls any', () => {
    const { t, ann, zira } = sceneTable();
    expect(tray(t, ann).rollers.map((c) => c.id)).toEqual([zira]);
    expect(tray(t, GM).rollers).toHaveLength(3);
  });

  it('builds the roll command: a difficulty, or a defender who rolls their own defence', () => {
    const { t, ann, zira, tam } = sceneTable();
    const draft = tray(t, ann);
    draft.skill.value = 'athletics';
    draft.difficulty = 3;
    draft.reason = '  Leap the chasm ';
    const rating = draft.choices.find((c) => c.id === 'athletics')!.rating;
    expect(draft.label).toBe(`Roll 4dF ${rating >= 0 ? '+' : ''}${rating} vs Good (+3)`);
    expect(draft.command()).toEqual({
      characterId: zira,
      skillId: 'athletics',
      action: 'overcome',
      difficulty: 3,
      reason: 'Leap the chasm',
    });
    draft.action = 'attack';
    draft.against = 'character';
    draft.opposing.value = tam;
    expect(draft.command()).toMatchObject({ action: 'attack', defender: tam });
    expect(draft.odds?.rows.length).toBeGreaterThan(0);
    // A defence rolls both sides at once.
    draft.action = 'defend';
    expect(draft.command()).toMatchObject({ opposition: { characterId: tam } });
    draft.sent();
    expect(draft.reason).toBe('');
  });

  it('keeps its picks through live updates, and says when the picked character is gone', () => {
    const { t, zira, tam, brute } = sceneTable();
    const draft = tray(t, GM);
    draft.who.value = tam;
    draft.skill.value = 'fight';
    t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'Rain' });
    expect(draft.who.value).toBe(tam);
    expect(draft.skill.value).toBe('fight');
    t.ok(GM, { type: 'character.remove', characterId: tam });
    expect(draft.who.value).toBe('');
    expect(draft.who.gone).toBe('Tam');
    expect(draft.command()).toBeUndefined();
    draft.who.value = brute;
    expect(draft.roller?.id).toBe(brute);
    expect(draft.rollers.map((c) => c.id).sort()).toEqual([zira, brute].sort());
  });
});

describe('a roll’s stunts and help [CORE-STUNT-1] [CORE-TEAMWORK-1]', () => {
  function withStunts() {
    const s = sceneTable();
    s.t.ok(s.ann, {
      type: 'character.update',
      characterId: s.zira,
      changes: {
        stunts: [
          { id: 'brawler', name: 'Brawler', text: '+2 to Fight when outnumbered.' },
          { id: 'climber', name: 'Climber', text: '+2 to Athletics to climb.' },
        ],
      },
    });
    return s;
  }

  it('asks a friend, waits for the answer, and counts the help once given, as the server does', () => {
    const { t, ann, bob, zira, tam } = withStunts();
    const draft = tray(t, ann);
    draft.skill.value = 'fight';
    draft.difficulty = 6;
    const before = draft.rating;
    // A player is helped by player characters only, once asked; Tam has Fight Great (+4).
    expect(draft.helperOptions.map((h) => [h.name, h.standing.kind])).toEqual([['Tam', 'ask']]);
    draft.stuntPicks = ['climber'];
    // Ticking does nothing for a player: Tam helps once Bob says yes.
    draft.helperPicks = [tam];
    expect(draft.rating).toBe(before + 2);
    expect(draft.command()).not.toHaveProperty('helpers');
    const { requestId } = t.ok(ann, {
      type: 'help.ask',
      characterId: zira,
      helperId: tam,
      skillId: 'fight',
    });
    expect(draft.helperOptions[0]!.standing).toEqual({ kind: 'waiting', requestId });
    expect(draft.rating).toBe(before + 2);
    t.ok(bob, { type: 'help.answer', requestId, accept: true });
    expect(draft.helperOptions[0]!.standing).toEqual({ kind: 'counts', requestId });
    expect(draft.rating).toBe(before + 3);
    expect(draft.label).toBe(`Roll 4dF +${before + 3} vs Fantastic (+6)`);
    const command = draft.command()!;
    expect(command).toMatchObject({ characterId: zira, stunts: ['climber'], helpers: [tam] });
    const { rollId } = t.ok(ann, { type: 'roll', ...command });
    const roll = t.view().rolls.find((r) => r.id === rollId)!;
    expect(roll.actor.modifiers).toEqual([
      { label: 'Climber', value: 2, kind: 'stunt' },
      { label: 'Tam', value: 1, kind: 'help' },
    ]);
    // A stunt and a friend's help are for the roll they were named on.
    draft.sent();
    expect(draft.command()).not.toHaveProperty('stunts');
    expect(draft.command()).not.toHaveProperty('helpers');
    expect(draft.helperOptions[0]!.standing).toEqual({ kind: 'ask' });
  });

  it('never offers whom the roll is against: the GM’s NPC attacking Zira does not list her', () => {
    const { t, zira, tam, brute } = withStunts();
    const draft = tray(t, GM);
    draft.who.value = brute;
    draft.skill.value = 'fight';
    draft.action = 'attack';
    draft.against = 'character';
    draft.opposing.value = zira;
    expect(draft.helperOptions.map((h) => h.id)).toEqual([tam]);
    draft.helperPicks = [tam, zira];
    const command = draft.command()!;
    expect(command).toMatchObject({ defender: zira, helpers: [tam] });
    // What the tray sends, the reducer takes.
    t.ok(GM, { type: 'roll', ...command });
  });

  it('drops what no longer fits: a helper without the new skill, another roller’s stunts', () => {
    const { t, zira, tam, brute } = withStunts();
    const draft = tray(t, GM);
    draft.who.value = zira;
    draft.skill.value = 'fight';
    // The GM may lend the Brute too.
    expect(draft.helperOptions.map((h) => h.id).sort()).toEqual([brute, tam].sort());
    draft.stuntPicks = ['brawler'];
    draft.helperPicks = [tam, brute];
    expect(draft.bonus).toBe(4);
    // Provoke: nobody has it, so nobody can help; the stunt stays Zira's.
    draft.skill.value = 'provoke';
    expect(draft.helperOptions.every((h) => h.standing.kind === 'barred')).toBe(true);
    expect(draft.bonus).toBe(2);
    // Tam rolls: Zira's stunt is not his.
    draft.who.value = tam;
    expect(draft.stunts).toEqual([]);
  });

  it('[ER-DECLARE-4] rolls a declaration exactly when the table takes it: once the vote is over', () => {
    const { t, ann, bob, zira } = sceneTable('edgerunner');
    const draft = tray(t, ann, edgerunner);
    draft.action = 'create-advantage';
    draft.aspectAction = 'declaration';
    const tryRoll = () => t.send(ann, { type: 'roll', ...draft.command()! }).ok;
    // Nothing before the table yet: no roll, and the server would refuse one.
    expect(draft.declaration).toBeUndefined();
    expect([draft.canRoll, tryRoll()]).toEqual([false, false]);
    const declarationId = String(
      t.ok(ann, { type: 'declaration.propose', characterId: zira, text: 'The alarm is off' })
        .declarationId,
    );
    expect(draft.declaration?.id).toBe(declarationId);
    expect([draft.canRoll, tryRoll()]).toEqual([false, false]);
    t.ok(bob, { type: 'declaration.vote', declarationId, stance: 'support' });
    expect(draft.declared).toBe(1);
    expect([draft.canRoll, tryRoll()]).toEqual([false, false]);
    t.ok(GM, { type: 'declaration.vote', declarationId, stance: 'support' });
    // The vote is in: +2, and the command names the declaration, never a count of its own.
    expect(draft.declared).toBe(2);
    expect(draft.label).toBe('Roll 4dF +2 vs Mediocre (+0)');
    expect(draft.command()).toEqual({
      characterId: zira,
      action: 'create-advantage',
      aspectAction: 'declaration',
      declarationId,
    });
    expect(draft.canRoll).toBe(true);
    expect(tryRoll()).toBe(true);
    expect(t.view().rolls.at(-1)?.actor.rating).toBe(2);
    // Rolled: the declaration is gone, and the tray asks for a new one.
    expect(draft.declaration).toBeUndefined();
    expect(draft.canRoll).toBe(false);
  });
});
