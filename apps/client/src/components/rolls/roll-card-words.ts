// The roll card's words (RollCard.svelte): the action, the roll's sides, its invokes and result.
import { count, i18n, params } from '../../lib/i18n';

export const messages = i18n('RollCard', {
  overcome: 'Overcome',
  createAdvantage: 'Create an advantage',
  attack: 'Attack',
  defend: 'Defend',
  // A recovery roll is an overcome underneath; its card says what it is for.
  recovery: 'Recovery',
  modification: 'Modifying a consequence',
  aspect: 'aspect',
  declarationSide: 'Declaration (supporters − opposers)',
  mediocre: 'Mediocre',
  declaration: 'Declaration',
  assessment: 'Assessment',
  maneuver: 'Maneuver',
  rolled: params('{name} rolled {total}'),
  someone: 'Someone',
  roller: 'Roller',
  opponent: 'Opponent',
  support: params('{supporters} supporting, {opposers} opposing'),
  // English says "1 shift buy": kept byte-identical.
  shiftsBuy: count({ one: '{count} shift buy', many: '{count} shifts buy' }),
  freeInvokes: count({ one: '{count} free invoke', many: '{count} free invokes' }),
  persistence: params(', persistence {persistence}'),
  notPlaced: 'Not placed.',
  removing: params('Removing “{text}”.'),
  removingPersistence: params('Removing “{text}” (persistence {persistence}).'),
  anAspect: 'an aspect',
  reroll: 'Reroll',
  from: 'from',
  byFreeInvoke: '(free invoke)',
  byFatePoint: '(fate point)',
  byDefence: ' by the defence',
  // "Hit on <name> for 2 shifts.", the name isolated between the two halves.
  hitOn: 'Hit on',
  hitFor: count({ one: 'for {count} shift.', many: 'for {count} shifts.' }),
  // An attack on everyone in a zone names the zone and the stunt that allowed it.
  zoneAttack: params('Everyone in {zone}, by the stunt “{stunt}”.'),
  zoneAttackNoStunt: params('Everyone in {zone}.'),
});
