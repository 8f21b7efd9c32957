import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { edgerunner, fateCore, narrative, pirates } from '@fateboard/rules';
import { FAIR_PHYSIQUE_PYRAMID, SheetSchema, readyMadeSheets } from '@fateboard/table';
import { SheetEditor } from './sheet-editor.svelte';

/** The brief's sheet: a full pyramid with Physique Fair (+2) and Will Average (+1). */
function fill(editor: SheetEditor): void {
  editor.name = 'Ann';
  editor.aspects = editor.aspects.map((a, i) => ({ ...a, text: `Aspect ${i + 1}` }));
  Object.assign(editor.ratings, FAIR_PHYSIQUE_PYRAMID);
}

const boxes = (editor: SheetEditor) =>
  Object.fromEntries(editor.draft.stress.map((t) => [t.id, t.boxes.map((b) => b.value)]));

describe('SheetEditor', () => {
  it('[CORE-SHEET-1] shows the boxes Physique and Will give, and has no problem with them', () => {
    const editor = new SheetEditor(fateCore, false);
    expect(boxes(editor)).toEqual({ physical: [1, 2], mental: [1, 2] });
    fill(editor);
    expect(boxes(editor)).toEqual({ physical: [1, 2, 3], mental: [1, 2, 3] });
    expect(editor.problems).toEqual([]);
    expect(editor.spread.rungs.every((r) => r.ok)).toBe(true);
  });

  it('[FC-CHAR-3] derives refresh from the stunts as they are added', () => {
    const editor = new SheetEditor(fateCore, false);
    fill(editor);
    for (let i = 0; i < 4; i++) {
      editor.addStunt();
      editor.stunts[i]!.name = `Stunt ${i}`;
    }
    expect(editor.draft.refresh).toBe(2);
    expect(editor.problems).toEqual([]);
  });

  it('[FC-CHAR-2] a pyramid problem says what to change, live', () => {
    const editor = new SheetEditor(fateCore, false);
    fill(editor);
    editor.ratings['athletics'] = 4;
    expect(editor.problems.map((p) => p.message)).toEqual([
      'The skill pyramid has 1 skill at Great (+4); you have 2: lower 1 of them.',
      'The skill pyramid has 2 skills at Good (+3); you have 1: raise 1 more to Good (+3).',
    ]);
  });

  it('[ER-STRESS-1] edgerunner: Physique above zero is no problem', () => {
    const editor = new SheetEditor(edgerunner, false);
    fill(editor);
    expect(boxes(editor).physical).toEqual([1, 2, 3]);
    expect(editor.problems).toEqual([]);
  });

  it('loads a ready-made character the player may rename', () => {
    const editor = new SheetEditor(fateCore, false);
    const landon = readyMadeSheets('fate-core')[1]!;
    editor.load(landon);
    editor.name = 'Landon the Younger';
    expect(editor.problems).toEqual([]);
    expect(editor.sheet().name).toBe('Landon the Younger');
    expect(boxes(editor).physical).toEqual([1, 2, 3, 4]);
  });

  it('sends only what a sheet carries when editing a narrative character the game has hurt', () => {
    const hurt = narrative.newCharacter({ id: 'c1', name: 'Mara' });
    hurt.aspects = hurt.aspects.map((a, i) => ({
      ...a,
      text: `Aspect ${i + 1}`,
      rating: 1,
      baseRating: 2,
    }));
    const editor = new SheetEditor(narrative, false, hurt);
    expect(v.safeParse(SheetSchema, editor.sheet()).success).toBe(true);
  });
});

describe('what the editor offers', () => {
  it('ratings up to the cap the spread states for a player character, Fantastic for an NPC', () => {
    expect(new SheetEditor(fateCore, false).ratingChoices()).toEqual([0, 1, 2, 3, 4]);
    expect(new SheetEditor(edgerunner, false).ratingChoices()).toEqual([0, 1, 2, 3, 4]);
    expect(new SheetEditor(pirates, false).ratingChoices()).toEqual([0, 1, 2, 3]);
    expect(new SheetEditor(narrative, false).ratingChoices()).toEqual([0, 1, 2, 3]);
    expect(new SheetEditor(fateCore, true).ratingChoices()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // A sheet already above (an older one) keeps its rating on offer.
    expect(new SheetEditor(fateCore, false).ratingChoices(5).at(-1)).toBe(5);
  });

  it('says which other character has the name typed, never one’s own', () => {
    const others = [
      { id: 'k1', name: 'Kestrel Vance' },
      { id: 'k2', name: 'Tam' },
    ];
    const editor = new SheetEditor(fateCore, true);
    editor.name = ' kestrel  VANCE ';
    expect(editor.nameTakenBy(others)).toBe('Kestrel Vance');
    editor.name = 'Kestrel Vane';
    expect(editor.nameTakenBy(others)).toBeUndefined();
    const self = { ...fateCore.newCharacter({ id: 'k1', name: 'Kestrel Vance' }) };
    const renaming = new SheetEditor(fateCore, false, self);
    expect(renaming.nameTakenBy(others)).toBeUndefined();
    renaming.name = 'TAM';
    expect(renaming.nameTakenBy(others)).toBe('Tam');
  });
});
