import type { RulesetId } from '@fateboard/rules';

/** Valid starting sheets, per ruleset, for the integration tests. */
export function fateCoreSheet(name: string, highConcept: string, trouble: string) {
  return {
    name,
    aspects: [
      { id: 'high-concept', slot: 'high-concept' as const, text: highConcept },
      { id: 'trouble', slot: 'trouble' as const, text: trouble },
      { id: 'aspect-3', slot: 'other' as const, text: 'Owes the Guild a favour' },
      { id: 'aspect-4', slot: 'other' as const, text: '' },
      { id: 'aspect-5', slot: 'other' as const, text: '' },
    ],
    // Physique and Will stay Mediocre so the template's stress boxes fit the sheet.
    skills: [
      { id: 'fight', rating: 4 },
      { id: 'athletics', rating: 3 },
      { id: 'shoot', rating: 3 },
      { id: 'notice', rating: 2 },
      { id: 'stealth', rating: 2 },
      { id: 'lore', rating: 2 },
      { id: 'rapport', rating: 1 },
      { id: 'empathy', rating: 1 },
      { id: 'deceive', rating: 1 },
      { id: 'provoke', rating: 1 },
    ],
  };
}

/** A valid player sheet for each ruleset, with stable aspect ids (the table's ready-made ones). */
export { sampleSheet as validSheet } from '@fateboard/table';

export { sampleAttack as attackWith } from '@fateboard/table';

/** The aspect a compel targets. */
export function troubleOf(ruleset: RulesetId): string {
  return ruleset === 'narrative' ? 'social' : 'tr';
}
