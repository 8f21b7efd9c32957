import { computed } from 'nanostores';
import { i18n, params } from '../../lib/i18n';

export const messages = i18n('lib/dice-words', {
  plus: 'plus',
  minus: 'minus',
  blank: 'blank',
  dice: params('Dice: {faces}'),
});

/**
 * Fate dice read out as one image ("Dice: plus, blank, minus"), in the reader's language: the
 * words of the tray's, the feed's and the overlay's dice alike. `$diceLabel(faces)`.
 */
export const diceLabel = computed(
  messages,
  (m) => (faces: readonly number[]) =>
    m.dice({ faces: faces.map((f) => (f > 0 ? m.plus : f < 0 ? m.minus : m.blank)).join(', ') }),
);
