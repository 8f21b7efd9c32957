import { describe, expect, it } from 'vitest';
import { edgerunner, fateCore } from '@fateboard/rules';
import { absorbOptionSaid } from './words';
import { english } from './say';
import type { LogMessage } from './say';

describe('a way to absorb in the log', () => {
  it('is a message that says exactly the rules’ label, for every option of a hit', () => {
    const character = fateCore.newCharacter({ id: 'c1', name: 'Kai' });
    for (const shifts of [1, 2, 3, 4, 6, 8]) {
      for (const option of fateCore.absorptionOptions(character, { shifts, kind: 'physical' })) {
        const said = absorbOptionSaid(option, character);
        expect(typeof said, option.label).toBe('object');
        expect(english(said as LogMessage)).toBe(option.label);
      }
    }
  });

  it('says edgerunner’s “4-point physical stress box” too, so other languages translate it', () => {
    const character = edgerunner.syncSheet({
      ...edgerunner.newCharacter({ id: 'c1', name: 'Jade' }),
      skills: [{ id: 'physique', rating: 3 }],
    });
    const labels: string[] = [];
    for (const shifts of [1, 2, 3, 4]) {
      for (const option of edgerunner.absorptionOptions(character, {
        shifts,
        kind: 'physical',
      })) {
        const said = absorbOptionSaid(option, character);
        expect(typeof said, option.label).toBe('object');
        expect(english(said as LogMessage)).toBe(option.label);
        labels.push(option.label);
      }
    }
    expect(labels).toContain('4-point physical stress box');
  });

  it('keeps a label it cannot rebuild as it is', () => {
    const character = fateCore.newCharacter({ id: 'c1', name: 'Kai' });
    const option = { consequences: ['nowhere'], absorbs: 2, label: 'something else' };
    expect(absorbOptionSaid(option, character)).toBe('something else');
  });
});
