/**
 * How a fresh roll's dice land: one after another, `stepMs` apart, each tumbling in over
 * TUMBLE_MS. Each die gets one animation of the whole landing's length, and all of them start
 * together; a die stays hidden until its turn within its own keyframes. Staggered CSS delays
 * drew the same thing, but Chromium then restyled the dice on the main thread at every frame of
 * the landing (27 style passes for four dice against 5 when the animations start together): on
 * a slowed phone that was about half of what an incoming roll cost. Animations of transform
 * and opacity that start together run on the compositor.
 */

/** How long one die tumbles in. */
export const TUMBLE_MS = 220;

const HIDDEN = { opacity: 0, transform: 'translateY(-0.9rem) rotate(-200deg) scale(0.6)' };
const DOWN = { opacity: 1, transform: 'none' };
/** A die overshoots a little as it lands. */
const TUMBLE_EASING = 'cubic-bezier(0.3, 1.4, 0.6, 1)';

/** From the first die's start to the last one down, ms. */
export function landingMs(dice: number, stepMs: number): number {
  return dice === 0 ? 0 : (dice - 1) * stepMs + TUMBLE_MS;
}

/** The keyframes of die `index` of `dice`: hidden until its turn, then tumbling in. */
export function tumbleKeyframes(index: number, dice: number, stepMs: number): Keyframe[] {
  const total = landingMs(dice, stepMs);
  const start = (index * stepMs) / total;
  const end = (index * stepMs + TUMBLE_MS) / total;
  return [
    ...(start > 0 ? [{ ...HIDDEN, offset: 0 }] : []),
    { ...HIDDEN, offset: start, easing: TUMBLE_EASING },
    { ...DOWN, offset: end },
    ...(end < 1 ? [{ ...DOWN, offset: 1 }] : []),
  ];
}

/** Lands the dice (elements in order) now; answers a cleanup that stops them where they are. */
export function landDice(dice: readonly Element[], stepMs: number): () => void {
  const duration = landingMs(dice.length, stepMs);
  const animations = dice.map((die, i) =>
    die.animate(tumbleKeyframes(i, dice.length, stepMs), { duration }),
  );
  return () => {
    for (const animation of animations)
      if (cutShort(animation.currentTime, duration)) animation.cancel();
  };
}

/** About one frame of a phone's screen, ms. */
const FRAME_MS = 17;

/**
 * Whether a landing stopped at `currentTime` of `duration` was cut short (a skip, the card
 * gone) and its dice must be put down at once. One that ran its course, to within a frame,
 * ends on its own: cancelling it there only made the page restyle the dice (about 3 ms of a
 * slowed phone's main thread per roll).
 */
export function cutShort(currentTime: CSSNumberish | null, duration: number): boolean {
  return typeof currentTime !== 'number' || duration - currentTime > FRAME_MS;
}
