import type { Sheet } from '../../commands/schemas';
import { fiveAspects, pyramid, stunt } from './parts';

/** Edgerunner's ready-made characters: Jade, Hargan and Gatto, from its text (002). */
export const EDGERUNNER_SHEETS: readonly Sheet[] = [
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
