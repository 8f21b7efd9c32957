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

/** A valid player sheet for each ruleset, with stable aspect ids (as packages/table's tests). */
export function validSheet(ruleset: RulesetId, name: string): Record<string, unknown> {
  const fateCoreSkills = [
    { id: 'fight', rating: 4 },
    { id: 'athletics', rating: 3 },
    { id: 'physique', rating: 3 },
    { id: 'will', rating: 2 },
    { id: 'notice', rating: 2 },
    { id: 'shoot', rating: 2 },
    { id: 'lore', rating: 1 },
    { id: 'stealth', rating: 1 },
    { id: 'rapport', rating: 1 },
    { id: 'empathy', rating: 1 },
  ];
  switch (ruleset) {
    case 'fate-core':
      return {
        name,
        aspects: [
          { id: 'hc', slot: 'high-concept', text: `${name} the Bold` },
          { id: 'tr', slot: 'trouble', text: 'Owes Everyone Money' },
          { id: 'a3', slot: 'other', text: 'Sharp Eyes' },
          { id: 'a4', slot: 'other', text: 'Old Friends' },
          { id: 'a5', slot: 'other', text: 'Quick Hands' },
        ],
        skills: fateCoreSkills,
      };
    case 'pirates':
      return {
        name,
        aspects: [
          { id: 'hc', slot: 'high-concept', text: `${name} the Bold` },
          { id: 'tr', slot: 'trouble', text: 'Owes Everyone Money' },
          { id: 'ship', slot: 'ship', text: 'The Leaky Dawn' },
          { id: 'f1', slot: 'free', text: 'Sharp Eyes' },
          { id: 'f2', slot: 'free', text: '' },
        ],
        skills: [
          { id: 'swashbuckle', rating: 3 },
          { id: 'explore', rating: 2 },
          { id: 'parley', rating: 2 },
          { id: 'savvy', rating: 1 },
          { id: 'sneak', rating: 1 },
          { id: 'jury-rig', rating: 0 },
        ],
      };
    case 'edgerunner':
      return {
        name,
        aspects: [
          { id: 'hc', slot: 'high-concept', text: `${name} the Bold`, permanent: true },
          { id: 'tr', slot: 'trouble', text: 'Owes Everyone Money', permanent: true },
          { id: 'a3', slot: 'other', text: 'Sharp Eyes', permanent: true },
          { id: 'a4', slot: 'other', text: 'Old Friends', permanent: true },
          { id: 'a5', slot: 'other', text: 'Quick Hands', permanent: true },
        ],
        skills: fateCoreSkills,
      };
    case 'narrative':
      return {
        name,
        aspects: [
          { id: 'body', slot: 'other', text: 'Strong as an Ox', rating: 3 },
          { id: 'mind', slot: 'other', text: 'Reads the Stars', rating: 2 },
          { id: 'social', slot: 'other', text: 'Everyone’s Cousin', rating: 2 },
          { id: 'professional', slot: 'other', text: 'Ship’s Surgeon', rating: 1 },
        ],
      };
  }
}

/** The skill (or rated aspect, in narrative) a test character attacks with. */
export function attackWith(ruleset: RulesetId): { skillId?: string; aspectId?: string } {
  switch (ruleset) {
    case 'pirates':
      return { skillId: 'swashbuckle' };
    case 'narrative':
      return { aspectId: 'body' };
    case 'fate-core':
    case 'edgerunner':
      return { skillId: 'fight' };
  }
}

/** The aspect a compel targets. */
export function troubleOf(ruleset: RulesetId): string {
  return ruleset === 'narrative' ? 'social' : 'tr';
}
