import { KAI, KAI_SKILLS, VEX, type SheetPicks } from '../helpers';

// The games the board session is played in: Dee's Vex and Kim's Kai with full spreads as each
// game wants them (varied picks), and the ambushers' sheets, sent by a bot as the GM's tools
// send them.

export interface BoardGame {
  ruleset: string;
  /** Dee's and Kim's sheets: full spreads as the game wants them, varied picks. */
  vex: SheetPicks & { name: string };
  kai: SheetPicks & { name: string };
  /** What Vex rolls to move when the game offers a choice (narrative: a rated aspect). */
  climb?: string;
  /** The ambushers' sheets: what this game rolls to attack. */
  crossbowman: Record<string, unknown>;
  lookout: Record<string, unknown>;
}

const stunt = {
  id: 'volley',
  name: 'Rain of Bolts',
  text: 'Once per scene, I shoot at everyone in a zone.',
};

/** `ratings` given to `ids` in order: a spread written out skill by skill. */
const spread = (ratings: number[], ids: string[]): Record<string, number> =>
  Object.fromEntries(ids.map((id, i) => [id, ratings[i]!]));

/** The pyramid (one Great, two Good, three Fair, four Average) [FC-CHAR-2] [ER-SHEET-1]. */
const PYRAMID = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1];
/** The pirates' fixed spread over their six skills [PIR-SKILLS-1]. */
const PIRATES = [3, 2, 2, 1, 1, 0];

const skilled = (name: string, skills: Record<string, number>) => ({
  name,
  skills: Object.entries(skills).map(([id, rating]) => ({ id, rating })),
  stunts: name === 'Crossbowman' ? [{ ...stunt, zoneAttack: true }] : [],
});

const rated = (name: string, ratings: number[]) => ({
  name,
  // One aspect per category [NAR-SHEET-1].
  aspects: [
    ['body', 'Wiry and patient'],
    ['mind', 'Counts the bolts'],
    ['social', 'Owes the Guild'],
    ['professional', 'Sharp eyes'],
  ].map(([id, text], i) => ({ id, slot: 'other', text, rating: ratings[i] })),
  stunts: name === 'Crossbowman' ? [{ ...stunt, zoneAttack: true }] : [],
});

// Vex is no climber: his movement skill (Athletics, the pirates' Explore) is his lowest, so
// the door's three invokes against him fail his overcome whatever the dice say.
export const BOARD_GAMES: BoardGame[] = [
  {
    ruleset: 'fate-core',
    vex: {
      ...VEX,
      skills: spread(PYRAMID, [
        'fight',
        'notice',
        'stealth',
        'burglary',
        'deceive',
        'empathy',
        'contacts',
        'investigate',
        'rapport',
        'shoot',
      ]),
    },
    kai: { ...KAI, skills: KAI_SKILLS },
    crossbowman: skilled(
      'Crossbowman',
      spread(PYRAMID, [
        'shoot',
        'notice',
        'stealth',
        'athletics',
        'physique',
        'will',
        'fight',
        'provoke',
        'burglary',
        'lore',
      ]),
    ),
    lookout: skilled(
      'Lookout',
      spread(PYRAMID, [
        'notice',
        'shoot',
        'stealth',
        'empathy',
        'athletics',
        'will',
        'contacts',
        'fight',
        'physique',
        'rapport',
      ]),
    ),
  },
  {
    ruleset: 'pirates',
    vex: {
      ...VEX,
      skills: spread(PIRATES, ['sneak', 'parley', 'savvy', 'swashbuckle', 'jury-rig', 'explore']),
    },
    kai: {
      ...KAI,
      skills: spread(PIRATES, ['swashbuckle', 'explore', 'jury-rig', 'savvy', 'sneak', 'parley']),
    },
    crossbowman: skilled(
      'Crossbowman',
      spread(PIRATES, ['swashbuckle', 'sneak', 'savvy', 'explore', 'parley', 'jury-rig']),
    ),
    lookout: skilled(
      'Lookout',
      spread(PIRATES, ['savvy', 'swashbuckle', 'sneak', 'explore', 'jury-rig', 'parley']),
    ),
  },
  {
    ruleset: 'edgerunner',
    vex: {
      ...VEX,
      skills: spread(PYRAMID, [
        'shoot',
        'stealth',
        'contacts',
        'notice',
        'deceive',
        'medical',
        'burglary',
        'drive',
        'empathy',
        'survival',
      ]),
    },
    kai: {
      ...KAI,
      skills: spread(PYRAMID, [
        'physique',
        'fight',
        'athletics',
        'will',
        'notice',
        'survival',
        'provoke',
        'drive',
        'crafts',
        'medical',
      ]),
    },
    crossbowman: skilled(
      'Crossbowman',
      spread(PYRAMID, [
        'shoot',
        'notice',
        'athletics',
        'stealth',
        'physique',
        'will',
        'drive',
        'fight',
        'survival',
        'contacts',
      ]),
    ),
    lookout: skilled(
      'Lookout',
      spread(PYRAMID, [
        'notice',
        'shoot',
        'survival',
        'stealth',
        'athletics',
        'empathy',
        'will',
        'physique',
        'medical',
        'drive',
      ]),
    ),
  },
  {
    ruleset: 'narrative',
    // The spread (one Good, two Fair, one Average) in another order on each sheet.
    vex: { ...VEX, ratings: [2, 1, 3, 2] },
    // His Average Mind equals the door's difficulty: a roll, not a simple action [NAR-SIMPLE-1].
    climb: 'mind',
    kai: { ...KAI, ratings: [1, 2, 2, 3] },
    crossbowman: rated('Crossbowman', [3, 2, 2, 1]),
    lookout: rated('Lookout', [2, 3, 1, 2]),
  },
];
