// A translated sentence whose values carry markup is cut at its {names}: Phrase.svelte renders
// the text between and puts each value (a snippet or a string) where the language says.

export type Piece = { text: string } | { part: string };

/** A sentence cut at its {names}: the text between, and the names, in the sentence's order. */
export function pieces(sentence: string): Piece[] {
  return sentence
    .split(/\{(\w+)\}/)
    .map((s, i) => (i % 2 === 1 ? { part: s } : { text: s }))
    .filter((p) => !('text' in p) || p.text !== '');
}
