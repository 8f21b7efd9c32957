import type { Action } from '@fateboard/table';
import { ACTION_KINDS } from '@fateboard/rules';
import { fromStore } from 'svelte/store';
import { i18n, params } from '../../lib/i18n';

// The dice tray's own words that are not a component's: the four actions' names, the Roll
// button's words (roll-draft.svelte.ts) and the place of those with no token
// (roll-opposition.svelte.ts).
export const messages = i18n('lib/roll-draft', {
  overcome: 'Overcome',
  'create-advantage': 'Create an advantage',
  attack: 'Attack',
  defend: 'Defend',
  vsPersistence: params(' vs persistence {persistence}'),
  vs: params(' vs {difficulty}'),
  simple: params('Succeed: no roll needed vs {difficulty}'),
  roll: params('Roll {dice}dF {modifier}{versus}'),
  vsZone: params(' vs everyone in {zone}'),
  offBoard: 'Not on the board',
});
/** Read inside the draft's getters and the action labels, so a change of language redraws them. */
export const text = fromStore(messages);

const ACTION_IDS: readonly Action[] = ACTION_KINDS;

/** The four actions, each label a getter in the interface's language. */
export const ACTIONS: readonly { readonly id: Action; readonly label: string }[] = ACTION_IDS.map(
  (id) => ({
    id,
    get label() {
      return text.current[id];
    },
  }),
);
