import type { RulesetId } from '@fateboard/rules';
import { describe, expect, it } from 'vitest';
import { importCharacter } from '../import';
import type { PortableCharacter, ImportReport } from '../portable';
import { fixture } from '../test/fixtures';

function imported(
  path: string,
  ruleset: RulesetId,
): { character: PortableCharacter; report: ImportReport } {
  const result = importCharacter(fixture(path), ruleset);
  if (!result.ok) throw new Error(`${path}: ${result.error.message}`);
  return result;
}

const aspectTexts = (c: PortableCharacter) => (c.sheet.aspects ?? []).map((a) => [a.slot, a.text]);
const skillMap = (c: PortableCharacter) =>
  Object.fromEntries((c.sheet.skills ?? []).map((k) => [k.id, k.rating]));

const MIRA_ASPECTS = [
  ['high-concept', 'Disgraced Imperial Cartographer'],
  ['trouble', 'My Maps Are Always Wrong'],
  ['other', 'Owes Captain Rell a Life'],
  ['other', 'Ink-Stained Fingers'],
  ['other', 'The Compass Points Home'],
];

describe('Fari characters in every layout Fari has written', () => {
  it.each(['v3-fate-core', 'v4-fate-core', 'v6-fate-core'])(
    '%s reads to the same fate-core sheet',
    (name) => {
      const { character, report } = imported(`fari/${name}.fari.json`, 'fate-core');
      expect(character.sheet.name).toBe('Mira Vell');
      expect(aspectTexts(character)).toEqual(MIRA_ASPECTS);
      expect(skillMap(character)).toEqual({
        lore: 4,
        notice: 3,
        investigate: 3,
        will: 2,
        rapport: 2,
        crafts: 2,
        athletics: 1,
        physique: 1,
        stealth: 1,
        contacts: 1,
      });
      // Version 6 upper-cases labels; the stunt's name is its label.
      expect(character.sheet.stunts?.map((s) => ({ ...s, name: s.name.toLowerCase() }))).toEqual([
        { id: 'b6', name: 'dead reckoning', text: '+2 to Notice when lost at sea.' },
      ]);
      expect(character.play.fatePoints).toBe(2);
      expect(character.play.stress.map((t) => [t.kind, t.boxes.map((b) => b.checked)])).toEqual([
        ['physical', [true, false, false]],
        ['mental', [false, false]],
      ]);
      expect(character.play.consequences).toEqual([{ severity: 'mild', text: 'Sprained Wrist' }]);
      // A full, valid Fate Core character: nothing for the player to fix.
      expect(report.problems).toEqual([]);
      expect(report.dropped).toEqual([expect.stringContaining('Has a cat.')]);
      expect(report.source).toMatch(/Fari character/);
    },
  );

  it('tells the layouts apart by shape, not by the version field', () => {
    expect(imported('fari/v3-fate-core.fari.json', 'fate-core').report.source).toContain(
      'version 3 layout',
    );
    expect(imported('fari/v4-fate-core.fari.json', 'fate-core').report.source).toContain(
      'version 4 layout',
    );
    expect(imported('fari/v6-fate-core.fari.json', 'fate-core').report.source).toContain(
      'version 5–6 layout',
    );
    const lying = JSON.parse(
      new TextDecoder().decode(fixture('fari/v4-fate-core.fari.json')),
    ) as Record<string, unknown>;
    lying.version = 6;
    const result = importCharacter(JSON.stringify(lying), 'fate-core');
    expect(result.ok && result.report.source).toContain('version 4 layout');
    expect(result.ok && aspectTexts(result.character)).toEqual(MIRA_ASPECTS);
  });

  it.each([
    ['v5-french', 'Élodie Marchand', 'Médecin de bord désabusée', 'Épuisée', 'lore'],
    ['v4-german', 'Karl Brenner', 'Ehemaliger Grenzsoldat', 'Prellung', 'shoot'],
    ['v3-spanish', 'Lucía Ferrer', 'Ladrona de guante blanco', 'Tobillo torcido', 'burglary'],
    ['v6-portuguese', 'João Almeida', 'Capoeirista do porto', 'Olho roxo', 'fight'],
  ])('reads labels in %s', (file, name, highConcept, mild, great) => {
    const { character, report } = imported(`fari/${file}.fari.json`, 'fate-core');
    expect(character.sheet.name).toBe(name);
    expect(character.sheet.aspects?.[0]).toMatchObject({ slot: 'high-concept', text: highConcept });
    expect(character.sheet.aspects?.[1]?.slot).toBe('trouble');
    expect(skillMap(character)[great]).toBe(4);
    expect(character.sheet.skills).toHaveLength(10);
    expect(character.sheet.stunts).toHaveLength(1);
    expect(character.play).toMatchObject({
      fatePoints: 1,
      consequences: [{ severity: 'mild', text: mild }],
    });
    expect(character.play.stress.map((t) => t.kind)).toEqual(['physical', 'mental']);
    expect(report.problems).toEqual([]);
  });

  it('keeps the text of HTML labels and values and drops the markup and scripts', () => {
    const { character } = imported('fari/v6-html-labels.fari.json', 'fate-core');
    expect(character.sheet.name).toBe('Mira Vell');
    expect(character.sheet.aspects?.slice(0, 2)).toMatchObject([
      { slot: 'high-concept', text: 'Disgraced Imperial Cartographer' },
      { slot: 'trouble', text: 'My Maps Are Always Wrong & Everyone Knows' },
    ]);
    expect(character.sheet.stunts?.[0]).toMatchObject({
      name: 'DEAD RECKONING',
      text: '+2 to Notice\nwhen lost at sea.',
    });
    expect(JSON.stringify(character)).not.toMatch(/script|fetch|onerror|<|display:none/);
  });

  it('falls back to block types and order where the labels are unknown', () => {
    const { character, report } = imported('fari/v5-unknown-labels.fari.json', 'fate-core');
    expect(aspectTexts(character).slice(0, 3)).toEqual([
      ['high-concept', 'Wandering Swordsman'],
      ['trouble', 'Haunted by the Past'],
      ['other', 'Tea Connoisseur'],
    ]);
    expect(report.adapted).toContainEqual(expect.stringContaining('taken as the High Concept'));
    expect(character.sheet.stunts?.[0]?.name).toBe('Iaijutsu');
    expect(skillMap(character)).toEqual({ fight: 4, athletics: 3, notice: 3 });
    expect(character.play.stress).toHaveLength(1);
    // Three skills break Fate Core's rules: returned anyway, with the problems.
    expect(report.problems.map((p) => p.code)).toContain('skill-pyramid');
  });
});

describe('a Fari character in each ruleset', () => {
  it('adapts approaches into a fate-core skill table and says so', () => {
    const { character, report } = imported('fari/v5-accelerated.fari.json', 'fate-core');
    expect(skillMap(character)).toMatchObject({
      rapport: 3,
      lore: 2,
      athletics: 2,
      notice: 1,
      stealth: 1,
    });
    expect(report.adapted).toContainEqual('approach Flashy +3 became rapport in fate-core');
    expect(report.problems.length).toBeGreaterThan(0);
  });

  it('fits a Fate Accelerated sheet to pirates: six skills, the ship, one track', () => {
    const { character, report } = imported('fari/v5-accelerated.fari.json', 'pirates');
    expect(aspectTexts(character)).toEqual([
      ['high-concept', 'Sky Pirate With a Heart of Gold'],
      ['trouble', 'Wanted in Seven Ports'],
      ['ship', 'The Leaky Dawn'],
      ['free', 'Never Leaves a Crewmate Behind'],
      ['free', ''],
    ]);
    expect(report.adapted).toContainEqual(
      expect.stringContaining('"The Leaky Dawn" (Aspect) taken as the Ship'),
    );
    expect(skillMap(character)).toEqual({
      savvy: 1,
      'jury-rig': 2,
      swashbuckle: 3,
      explore: 2,
      sneak: 1,
    });
    expect(character.play).toEqual({
      fatePoints: 3,
      stress: [
        {
          kind: 'any',
          label: 'Stress',
          boxes: [1, 2, 3].map((value) => ({ value, checked: value === 2 })),
        },
      ],
      consequences: [{ severity: 'moderate', text: 'Cracked Ribs' }],
    });
    expect(report.problems).toEqual([]);
  });

  it('gives edgerunner permanent aspects', () => {
    const { character } = imported('fari/v6-fate-core.fari.json', 'edgerunner');
    expect(character.sheet.aspects?.every((a) => a.permanent === true)).toBe(true);
  });

  it('rates narrative aspects by the spread, drops skills and stress, and reports it', () => {
    const { character, report } = imported('fari/v6-fate-core.fari.json', 'narrative');
    expect(character.sheet.aspects?.map((a) => [a.id, a.rating])).toEqual([
      ['body', 3],
      ['mind', 2],
      ['social', 2],
      ['professional', 1],
    ]);
    expect(character.sheet.skills).toBeUndefined();
    expect(character.play.stress).toEqual([]);
    expect(report.dropped).toContainEqual(expect.stringContaining('narrative has no skills'));
    expect(report.dropped).toContainEqual(expect.stringContaining('The Compass Points Home'));
    expect(report.problems).toEqual([]);
  });

  it('keeps the file refresh only for an NPC', () => {
    const pc = importCharacter(fixture('fari/v6-fate-core.fari.json'), 'fate-core');
    const npc = importCharacter(fixture('fari/v6-fate-core.fari.json'), 'fate-core', { npc: true });
    expect(pc.ok && pc.character.sheet.refresh).toBeUndefined();
    expect(npc.ok && npc.character.sheet.refresh).toBe(3);
  });
});
