/** A valid fate-core player sheet (as the table's tests use), with stable aspect ids. */
export function fateCoreSheet(name: string): Record<string, unknown> {
  return {
    name,
    aspects: [
      { id: 'hc', slot: 'high-concept', text: `${name} the Bold` },
      { id: 'tr', slot: 'trouble', text: 'Owes Everyone Money' },
      { id: 'a3', slot: 'other', text: 'Sharp Eyes' },
      { id: 'a4', slot: 'other', text: 'Old Friends' },
      { id: 'a5', slot: 'other', text: 'Quick Hands' },
    ],
    skills: [
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
    ],
  };
}
