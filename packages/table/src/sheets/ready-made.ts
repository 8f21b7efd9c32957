import type { RulesetId } from '@fateboard/rules';
import { exhaustive } from '@fateboard/rules';
import type { Sheet } from '../commands/schemas';
import { EDGERUNNER_SHEETS } from './ready-made/edgerunner';
import { FATE_CORE_SHEETS } from './ready-made/fate-core';
import { NARRATIVE_SHEETS } from './ready-made/narrative';
import { PIRATES_SHEETS } from './ready-made/pirates';

/**
 * Ready-made characters a player picks, renames and creates, so a table can start without
 * anyone filling in a sheet. Where a seed text names characters they are its own: Cynere,
 * Landon and Zird the Arcane from Fate Core's attacks (001), Jade, Hargan and Gatto from
 * Edgerunner (002); the pirates text names none, and narrative's aspects come from its own
 * example lists (003). Each is a full, valid sheet: only what a person chooses, since the rules
 * derive stress boxes, slots and refresh.
 */

/** The ready-made characters of a ruleset, in the order a player is offered them. */
export function readyMadeSheets(ruleset: RulesetId): readonly Sheet[] {
  switch (ruleset) {
    case 'fate-core':
      return FATE_CORE_SHEETS;
    case 'edgerunner':
      return EDGERUNNER_SHEETS;
    case 'pirates':
      return PIRATES_SHEETS;
    case 'narrative':
      return NARRATIVE_SHEETS;
    default:
      return exhaustive(ruleset);
  }
}
