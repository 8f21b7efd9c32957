import type { Sheet } from '../../commands/schemas';
import { stunt } from './parts';

/** The pirates' ready-made characters (its text names none), one a sea witch with magic. */

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

export const PIRATES_SHEETS: readonly Sheet[] = [
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
