/** The characters the specs seat: Dee plays Vex, Kim plays Kai. */
export const VEX = {
  name: 'Vex',
  highConcept: 'Street-smart fixer',
  trouble: 'Too many favours owed',
  aspects: [
    'Knows every back door in the Docks',
    'My sister runs the Gull',
    'Never forgets a face',
  ],
};
/** Vex's full Fate Core pyramid: Great Fight, Good Athletics and Notice, Fair Physique, Stealth and Empathy, Average rest. */
export const VEX_SKILLS: Record<string, number> = {
  fight: 4,
  athletics: 3,
  notice: 3,
  physique: 2,
  stealth: 2,
  empathy: 2,
  will: 1,
  lore: 1,
  rapport: 1,
  shoot: 1,
};
/** Kai: Great Physique (two extra boxes), Good Fight and Will, Fair Athletics, Notice, Provoke. */
export const KAI_SKILLS: Record<string, number> = {
  physique: 4,
  fight: 3,
  will: 3,
  athletics: 2,
  notice: 2,
  provoke: 2,
  stealth: 1,
  lore: 1,
  rapport: 1,
  crafts: 1,
};
export const KAI = {
  name: 'Kai',
  highConcept: 'Quiet old soldier',
  trouble: 'Nightmares of the war',
  aspects: ['The Red Company still owes me', 'Gentle with horses', 'Up before the bugle'],
};

/** Mara, Cleo's smuggler: only the two aspects a sheet needs, for a spec about one screen. */
export const MARA = {
  name: 'Mara',
  highConcept: 'Smuggler captain',
  trouble: 'A price on my head',
};
