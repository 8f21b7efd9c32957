import { describe, expect, it } from 'vitest';
import { ALL_RULESETS } from '@fateboard/rules';
import { openingSection, sectionFor, sectionsOf, type Topic } from './help-sections';

const TOPICS: Topic[] = ['actions', 'harm', 'compels', 'recovery'];

describe('the rules reference’s sections', () => {
  it('gives each game the ladder, the fate points, recovery and its characters', () => {
    for (const game of ALL_RULESETS) {
      const sections = sectionsOf(game.id);
      expect(sections[0], game.id).toBe('ladder');
      for (const s of ['fate-points', 'recovery', 'character'] as const) {
        expect(sections, game.id).toContain(s);
      }
      expect(new Set(sections).size, game.id).toBe(sections.length);
    }
  });

  it('gives each game its own rules: what it plays and what it does not', () => {
    expect(sectionsOf('pirates')).toEqual([
      'ladder',
      'actions',
      'fate-points',
      'harm',
      'recovery',
      'character',
    ]);
    // Only fate-core has the extreme consequence.
    expect(sectionsOf('fate-core')).toContain('extreme');
    for (const id of ['pirates', 'edgerunner', 'narrative']) {
      expect(sectionsOf(id)).not.toContain('extreme');
    }
    // edgerunner: aspect actions, and consequences taken for a bonus rather than to absorb.
    expect(sectionsOf('edgerunner')).toEqual(
      expect.arrayContaining(['actions', 'aspect-actions', 'harm', 'voluntary-consequences']),
    );
    // narrative: 3dF resolution and conflicts instead of the four-action table, damage to
    // ratings instead of stress and consequences.
    expect(sectionsOf('narrative')).toEqual(
      expect.arrayContaining(['resolution', 'conflict', 'damage']),
    );
    expect(sectionsOf('narrative')).not.toContain('harm');
    expect(sectionsOf('narrative')).not.toContain('actions');
  });

  it('opens at the asked topic’s section in the game’s own words', () => {
    expect(openingSection('pirates', 'actions')).toBe('actions');
    expect(openingSection('fate-core', 'harm')).toBe('harm');
    expect(openingSection('edgerunner', 'harm')).toBe('harm');
    expect(openingSection('narrative', 'actions')).toBe('resolution');
    expect(openingSection('narrative', 'harm')).toBe('damage');
    expect(openingSection('pirates', 'compels')).toBe('fate-points');
    expect(openingSection('fate-core', 'recovery')).toBe('recovery');
  });

  it('opens at a section the game has, for every game and topic', () => {
    for (const game of ALL_RULESETS) {
      for (const topic of TOPICS) {
        expect(sectionsOf(game.id), `${game.id} ${topic}`).toContain(
          openingSection(game.id, topic),
        );
        expect(openingSection(game.id, topic)).toBe(sectionFor(game.id, topic));
      }
    }
  });

  it('opens at the start without a topic, and for a game it does not know', () => {
    expect(openingSection('pirates', undefined)).toBe('ladder');
    expect(sectionsOf('chess')).toEqual(['ladder', 'actions', 'fate-points']);
    expect(openingSection('chess', 'harm')).toBe('ladder');
    expect(openingSection('chess', 'actions')).toBe('actions');
  });
});
