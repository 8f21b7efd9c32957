import { describe, expect, it } from 'vitest';
import { pieces } from './phrase';

// Phrase is how a translation moves a marked-up value (a name in <bdi>) to where its own
// sentence puts it: the sentence is cut at its {names}, and each name is filled by the caller.
// (Mounting Phrase.svelte needs Svelte's browser build, which this vitest does not resolve;
// the browser specs render it in every sentence that uses it.)
describe('Phrase pieces', () => {
  it('cuts a sentence at its names, in the order the language says them', () => {
    expect(pieces('{who} must defend against {whom}’s {action}.')).toEqual([
      { part: 'who' },
      { text: ' must defend against ' },
      { part: 'whom' },
      { text: '’s ' },
      { part: 'action' },
      { text: '.' },
    ]);
    expect(pieces('{who} precisa se defender de {whom} ({action}).')).toEqual([
      { part: 'who' },
      { text: ' precisa se defender de ' },
      { part: 'whom' },
      { text: ' (' },
      { part: 'action' },
      { text: ').' },
    ]);
  });

  it('keeps a sentence without names whole, and text that only looks like a name', () => {
    expect(pieces('No names here')).toEqual([{ text: 'No names here' }]);
    expect(pieces('{ not a name } {}')).toEqual([{ text: '{ not a name } {}' }]);
  });
});
