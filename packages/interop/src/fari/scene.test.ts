import { describe, expect, it } from 'vitest';
import { parseCommand } from '@fateboard/table';
import type { ImportErrorCode } from '../errors';
import { fixture } from '../test/fixtures';
import type { FariScene } from './scene';
import { MAX_SCENE_CARDS, importFariScene, sceneCommands } from './scene';

function scene(path: string): FariScene {
  const result = importFariScene(fixture(path));
  if (!result.ok) throw new Error(`${path}: ${result.error.code} ${result.error.message}`);
  return result.scene;
}

describe('a Fari scene: public cards → situation aspects, private cards → hidden prep', () => {
  it('reads index cards with free invokes, boosts, sub-cards and notes', () => {
    const s = scene('fari-scene/v2-docks.fari.json');
    expect(s.name).toBe('The Docks at Midnight');
    expect(s.aspects).toEqual([
      // Three boxes, one checked: two free invokes left.
      { kind: 'situation', text: 'On Fire', freeInvokes: 2 },
      { kind: 'situation', text: 'Slippery Deck', freeInvokes: 0 },
      { kind: 'situation', text: 'Crates Everywhere', freeInvokes: 0 },
      { kind: 'boost', text: 'Momentum', freeInvokes: 1 },
    ]);
    expect(s.hidden).toEqual([
      {
        kind: 'situation',
        text: 'The Captain Is a Spy',
        freeInvokes: 0,
        note: 'Reveal in act 2\nClue: the ring & the map',
      },
      { kind: 'situation', text: 'Ambush Ready', freeInvokes: 5 },
    ]);
    expect(s.report.dropped).toEqual([
      'the notes of “Slippery Deck” (a table aspect carries none)',
      'card 5: it has no title to make an aspect of',
    ]);
    expect(s.report.adapted).toEqual(['“Ambush Ready”: 9 free invokes, kept 5 (the most)']);
    expect(s.report.mapped).toContain(
      'public card “On Fire” → a situation aspect with 2 free invoke(s)',
    );
  });

  const aspect = (kind: string, text: string, freeInvokes: number) => ({ kind, text, freeInvokes });
  const hidden = (text: string, note: string) => ({
    kind: 'situation',
    text,
    freeInvokes: 0,
    note,
  });
  it.each([
    {
      shape: 'French labels: “Invocations gratuites”, “Coup de pouce”',
      path: 'fari-scene/v2-french.fari.json',
      aspects: [aspect('situation', 'Foule Dense', 2), aspect('boost', 'Élan', 1)],
      hidden: [hidden('Le Voleur Guette', 'Il vise la bourse du marchand')],
    },
    {
      shape: 'the older shape: aspects by id, isPrivate, type 1 a boost',
      path: 'fari-scene/v1-aspects.fari.json',
      aspects: [aspect('situation', 'Dark Alley', 0), aspect('boost', 'Head Start', 0)],
      hidden: [hidden('Ambush Ready', 'Three thugs behind the bins')],
    },
  ])('reads $shape', (c) => {
    const s = scene(c.path);
    expect(s.aspects).toEqual(c.aspects);
    expect(s.hidden).toEqual(c.hidden);
  });

  it('keeps the text of hostile cards and nothing else: no markup, script, control or bidi', () => {
    const s = scene('fari-scene/hostile-text.fari.json');
    expect(s.aspects.map((a) => a.text)).toEqual([
      'Thick Fog',
      'Bridge gnp.exe Out',
      `Long ${'x'.repeat(195)}`,
    ]);
    expect(s.hidden[0]?.note).toBe('Pit <b> under the rug');
    expect(s.report.adapted[0]).toMatch(/cut to 200 characters/);
  });

  it('makes commands the table accepts as they are', () => {
    for (const path of [
      'fari-scene/v2-docks.fari.json',
      'fari-scene/v2-french.fari.json',
      'fari-scene/v1-aspects.fari.json',
      'fari-scene/hostile-text.fari.json',
    ]) {
      const commands = sceneCommands(scene(path));
      expect(commands.length).toBeGreaterThan(0);
      for (const [i, command] of commands.entries()) {
        const parsed = parseCommand({ id: `c${i}`, ...command });
        expect(parsed.ok, `${path} ${JSON.stringify(command)}`).toBe(true);
      }
    }
    expect(sceneCommands(scene('fari-scene/v2-docks.fari.json'))).toContainEqual({
      type: 'gm.prepare',
      kind: 'situation',
      text: 'Ambush Ready',
      freeInvokes: 5,
    });
  });

  it(`takes at most ${MAX_SCENE_CARDS} cards and says which it left`, () => {
    const cards = Array.from({ length: MAX_SCENE_CARDS + 3 }, (_, i) => ({ title: `Card ${i}` }));
    const result = importFariScene(
      JSON.stringify({ fariType: 'scene', indexCards: { public: cards, private: [] } }),
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.scene.aspects).toHaveLength(MAX_SCENE_CARDS);
    expect(result.scene.report.dropped).toHaveLength(3);
  });
});

describe('bad scene files: a clear message and nothing produced', () => {
  it.each<[string, string, ImportErrorCode, RegExp]>([
    ['a Fari character', 'fari/v6-fate-core.fari.json', 'not-a-scene', /character, not a scene/],
    ['a Foundry actor', 'foundry/fate-core-official-actor.json', 'not-a-scene', /not a Fari scene/],
    [
      'a scene with no titled card',
      'bad/fari-scene-empty.fari.json',
      'empty-scene',
      /no index card/,
    ],
    ['truncated JSON', 'bad/truncated.fari.json', 'invalid-json', /not valid JSON/],
    ['a PDF', 'bad/renamed.pdf.fari.json', 'not-text', /PDF/],
    ['a prototype key', 'bad/proto-key.fari.json', 'reserved-key', /__proto__/],
    ['deep nesting', 'bad/deep-nesting.json', 'too-deep', /nests/],
    ['an array', 'bad/array.json', 'not-a-scene', /one object/],
  ])('%s is refused', (_name, path, code, message) => {
    const result = importFariScene(fixture(path));
    if (result.ok) throw new Error(`${path} was read as a scene`);
    expect(result.error.code).toBe(code);
    expect(result.error.message).toMatch(message);
  });

  it('refuses a whole table file and a Fari file of another kind', () => {
    const table = importFariScene('{"format":"fateboard-table","version":1}');
    expect(table.ok || table.error.code).toBe('not-a-scene');
    const other = importFariScene('{"fariType":"full"}');
    expect(other.ok || other.error.message).toMatch(/Fari full, not a scene/);
  });

  it('never throws on odd shapes', () => {
    for (const input of [
      '{"fariType":"scene","indexCards":{"public":[1,null,{"title":5}],"private":"x"}}',
      '{"fariType":"scene","indexCards":{"public":[{"title":"A","blocks":[{"label":"Free Invokes","type":"SlotTracker","value":7}]}]}}',
      '{"version":1,"aspects":{"x":null,"y":{"title":"T","type":"1"}}}',
      '{"fariType":"scene"}',
    ]) {
      expect(typeof importFariScene(input).ok).toBe('boolean');
    }
  });
});
