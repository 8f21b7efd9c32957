import { i18n } from '../../lib/i18n';
import type { OverlayKind } from './overlay-events.svelte';

/**
 * The kicker over each moment of the stream overlay, by its kind (`$kickers[kind]`, imported
 * as `kickers`): the pushed aspect's (views/Overlay.svelte) and the feed's cards'
 * (OverlayFeed.svelte).
 */
export const messages = i18n('overlay-kinds', {
  aspect: 'Aspect in play',
  roll: 'Roll',
  conflict: 'Conflict',
  outcome: 'Outcome',
  compel: 'Compel',
  fate: 'Fate point',
  invoke: 'Invoke',
  harm: 'Hit taken',
  consequence: 'Consequence',
  out: 'Out of the fight',
  declaration: 'Declaration',
} satisfies Record<OverlayKind, string>);
