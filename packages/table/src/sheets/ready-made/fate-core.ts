import type { Sheet } from '../../commands/schemas';
import { fiveAspects, pyramid, stunt } from './parts';

/** Fate Core's ready-made characters: Cynere, Landon and Zird the Arcane, from its attacks (001). */
export const FATE_CORE_SHEETS: readonly Sheet[] = [
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
