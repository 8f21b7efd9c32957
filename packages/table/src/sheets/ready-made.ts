import type { RulesetId } from '@fateboard/rules';
import { exhaustive } from '@fateboard/rules';
import type { Sheet } from '../commands/schemas';

/**
 * Ready-made characters a player picks, renames and creates, so a table can start without
 * anyone filling in a sheet. Where a seed text names characters they are its own: Cynere,
 * Landon and Zird the Arcane from Fate Core's attacks (001), Jade, Hargan and Gatto from
 * Edgerunner (002); the pirates text names none, and narrative's aspects come from its own
 * example lists (003). Each is a full, valid sheet: only what a person chooses, since the rules
 * derive stress boxes, slots and refresh.
 */

type Skills = NonNullable<Sheet['skills']>;
type Stunts = NonNullable<Sheet['stunts']>;

/** A Fate Core pyramid: one Great, two Good, three Fair, four Average. */
function pyramid(
  great: string,
  good: [string, string],
  fair: [string, string, string],
  average: [string, string, string, string],
): Skills {
  const rung = (ids: readonly string[], rating: number) => ids.map((id) => ({ id, rating }));
  return [...rung([great], 4), ...rung(good, 3), ...rung(fair, 2), ...rung(average, 1)];
}

/** High Concept, Trouble and three others, in the ids the sample sheets use. */
function fiveAspects(texts: [string, string, string, string, string], permanent: boolean) {
  const ids = ['hc', 'tr', 'a3', 'a4', 'a5'] as const;
  return texts.map((text, i) => ({
    id: ids[i]!,
    slot: i === 0 ? ('high-concept' as const) : i === 1 ? ('trouble' as const) : ('other' as const),
    text,
    ...(permanent ? { permanent: true } : {}),
  }));
}

const stunt = (id: string, name: string, text: string): Stunts[number] => ({ id, name, text });

const FATE_CORE: readonly Sheet[] = [
  {
    name: 'Cynere',
    aspects: fiveAspects(
      [
        'Infamous Girl with Sword',
        'Tempted by Shiny Things',
        'Rivals in the Collegia Arcana',
        'If I Didn’t Need Them…',
        'Landon Owes Me His Life',
      ],
      false,
    ),
    skills: pyramid(
      'fight',
      ['athletics', 'physique'],
      ['burglary', 'notice', 'provoke'],
      ['deceive', 'rapport', 'stealth', 'will'],
    ),
    stunts: [
      stunt(
        'riposte',
        'Riposte',
        'When you succeed with style defending with Fight, inflict a 2-shift hit instead of taking a boost.',
      ),
      stunt(
        'armor-of-fear',
        'Armor of Fear',
        'Use Provoke to defend against Fight in the first exchange of a conflict.',
      ),
      stunt('lucky-find', 'Lucky Find', 'Once per session, find the shiny thing that is worth it.'),
    ],
  },
  {
    name: 'Landon',
    aspects: fiveAspects(
      [
        'Disciple of the Ivory Shroud',
        'I Owe Old Finn Everything',
        'Smashing Is Always an Option',
        'Cynere Watches My Back',
        'Not the Face!',
      ],
      false,
    ),
    skills: pyramid(
      'fight',
      ['physique', 'athletics'],
      ['will', 'notice', 'provoke'],
      ['shoot', 'lore', 'contacts', 'empathy'],
    ),
    stunts: [
      stunt(
        'heavy-hitter',
        'Heavy Hitter',
        'When you succeed with style on a Fight attack, take a full hit and a boost.',
      ),
      stunt(
        'tough-as-nails',
        'Tough as Nails',
        'Once per session, ignore a mild physical consequence.',
      ),
      stunt(
        'ivory-discipline',
        'Ivory Discipline',
        '+2 to overcome with Will against fear and intimidation.',
      ),
    ],
  },
  {
    name: 'Zird the Arcane',
    aspects: fiveAspects(
      [
        'Wizard for Hire',
        'Rivals in the Collegia Arcana',
        'If I Haven’t Been There, I’ve Read About It',
        'Cynere Needs a Keeper',
        'Ink-Stained Fingers',
      ],
      false,
    ),
    skills: pyramid(
      'lore',
      ['will', 'investigate'],
      ['empathy', 'crafts', 'notice'],
      ['rapport', 'athletics', 'deceive', 'resources'],
    ),
    stunts: [
      // The stunt the text gives Zird: Lore for recovery obstacles.
      stunt('scholar-healer', 'Scholar, Healer', 'Use Lore to overcome recovery obstacles.'),
      stunt('already-read-it', 'I’ve Read About That!', 'Once per session, know a useful fact.'),
      stunt('arcane-ward', 'Arcane Ward', 'Use Lore to defend against magical attacks.'),
    ],
  },
];

const EDGERUNNER: readonly Sheet[] = [
  {
    name: 'Jade',
    aspects: fiveAspects(
      [
        'Datafortress Cartographer',
        'Light on Her Feet, Short on Sleep',
        'Every Library Has a Back Door',
        'Pharmacology by Night',
        'Lydia’s Crew Comes First',
      ],
      true,
    ),
    skills: pyramid(
      'investigate',
      ['lore', 'athletics'],
      ['stealth', 'medical', 'contacts'],
      ['empathy', 'notice', 'will', 'physique'],
    ),
    stunts: [
      stunt('deep-dive', 'Deep Dive', '+2 to maneuvers with Investigate inside a datafortress.'),
    ],
  },
  {
    name: 'Hargan',
    aspects: fiveAspects(
      [
        'Chromed Street Samurai',
        'Reads People Badly',
        'Scars from the Corporate Wars',
        'Never Leaves a Runner Behind',
        'Cheap Coffee, Expensive Guns',
      ],
      true,
    ),
    skills: pyramid(
      'fight',
      ['physique', 'provoke'],
      ['shoot', 'athletics', 'survival'],
      ['notice', 'drive', 'will', 'empathy'],
    ),
    stunts: [stunt('iron-grip', 'Iron Grip', '+2 to Physique to hold someone or something still.')],
  },
  {
    name: 'Gatto',
    aspects: fiveAspects(
      [
        'Smooth-Talking Fixer',
        'Never Without a Cigar',
        'Knows a Guy Who Knows a Guy',
        'Owes the Tessaro Family',
        'Silk Suits in the Rain',
      ],
      true,
    ),
    skills: pyramid(
      'deceive',
      ['contacts', 'rapport'],
      ['stealth', 'burglary', 'resources'],
      ['notice', 'empathy', 'will', 'physique'],
    ),
    stunts: [stunt('favors', 'Favors Owed', 'Once per session, call in a favor with Contacts.')],
  },
];

/** Pirates' five slots: High Concept, Trouble, Ship and two free (one may stay blank). */
function pirateAspects(hc: string, trouble: string, ship: string, free1: string, free2: string) {
  return [
    { id: 'hc', slot: 'high-concept' as const, text: hc },
    { id: 'tr', slot: 'trouble' as const, text: trouble },
    { id: 'ship', slot: 'ship' as const, text: ship },
    { id: 'f1', slot: 'free' as const, text: free1 },
    { id: 'f2', slot: 'free' as const, text: free2 },
  ];
}

/** Pirates' fixed spread: one +3, two +2, two +1, one +0, over the six skills. */
function spread(good: string, fair: [string, string], average: [string, string], rest: string) {
  return [
    { id: good, rating: 3 },
    ...fair.map((id) => ({ id, rating: 2 })),
    ...average.map((id) => ({ id, rating: 1 })),
    { id: rest, rating: 0 },
  ];
}

const PIRATES: readonly Sheet[] = [
  {
    name: 'Captain Ysolde Marr',
    aspects: pirateAspects(
      'Dashing Captain of a Stolen Ship',
      'The Admiralty Wants Its Frigate Back',
      'The Gilded Heron',
      'Never Leave a Crewmate Ashore',
      '',
    ),
    skills: spread('swashbuckle', ['parley', 'savvy'], ['explore', 'sneak'], 'jury-rig'),
    stunts: [
      stunt('boarding', 'First Over the Rail', '+2 to Swashbuckle when boarding another ship.'),
      stunt('terms', 'Terms of Surrender', 'Use Parley instead of Swashbuckle to end a fight.'),
    ],
  },
  {
    name: 'Tobiah “Rigger” Quill',
    aspects: pirateAspects(
      'Ship’s Carpenter Who Talks to Timber',
      'Drinks Away His Wages',
      'The Gilded Heron',
      'Every Knot Has a Name',
      'Owes the Harbourmaster',
    ),
    skills: spread('jury-rig', ['explore', 'savvy'], ['swashbuckle', 'parley'], 'sneak'),
    stunts: [
      stunt('patch', 'Patch Her Up', 'Once per scene, clear a ship’s stress box with Jury Rig.'),
    ],
  },
  {
    name: 'Mother Brine',
    aspects: pirateAspects(
      'Sea Witch in a Borrowed Hat',
      'The Drowned Ones Want Her Back',
      'The Gilded Heron',
      'Knows Every Current by Taste',
      '',
    ),
    skills: spread('savvy', ['sneak', 'parley'], ['explore', 'jury-rig'], 'swashbuckle'),
    // A primary magic takes one of the three free stunts [PIR-STUNTS-1].
    primaryMagic: true,
    stunts: [stunt('fog', 'Call the Fog', 'Create an advantage with Savvy to hide a ship in fog.')],
  },
];

/** Narrative: one aspect per category, rated one Good, two Fair, one Average. */
function rated(
  body: [string, number],
  mind: [string, number],
  social: [string, number],
  pro: [string, number],
) {
  const entries = { body, mind, social, professional: pro };
  return Object.entries(entries).map(([id, [text, rating]]) => ({
    id,
    slot: 'other' as const,
    text,
    rating,
  }));
}

const NARRATIVE: readonly Sheet[] = [
  {
    name: 'Jack Sterling',
    aspects: rated(['Roguishly Handsome', 2], ['Strategy & Tactics', 2], ['MI6', 1], ['Spy', 3]),
  },
  {
    name: 'Master Chen',
    aspects: rated(
      ['Kung Fu', 3],
      ['Oriental Philosophy', 2],
      ['Wu-Shen Monks', 2],
      ['Martial Artist', 1],
    ),
  },
  {
    name: 'Dr. Vera Kell',
    aspects: rated(
      ['Perseverance', 1],
      ['Computer Programming', 2],
      ['Charmingly Effusive', 2],
      ['Mad Scientist', 3],
    ),
  },
];

/** The ready-made characters of a ruleset, in the order a player is offered them. */
export function readyMadeSheets(ruleset: RulesetId): readonly Sheet[] {
  switch (ruleset) {
    case 'fate-core':
      return FATE_CORE;
    case 'edgerunner':
      return EDGERUNNER;
    case 'pirates':
      return PIRATES;
    case 'narrative':
      return NARRATIVE;
    default:
      return exhaustive(ruleset);
  }
}
