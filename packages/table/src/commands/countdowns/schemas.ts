import * as v from 'valibot';
import { Id, Name, cmd, int } from '../fields';
import { userText } from '../text';

/**
 * The countdown commands: a track of boxes the GM fills toward something that
 * happens, the Fate Adversary Toolkit's "countdown tracks". GM only; their text is bounded
 * like every other typed text (commands/text.ts).
 */

/** A countdown has one to ten boxes: more would not read as a countdown on a phone. */
export const CountdownBoxes = int(1, 10);
/** What happens when it fills: one line that must show something. */
export const CountdownTrigger = userText('name', 200, 'trigger');

export const CountdownAddCommand = cmd('countdown.add', {
  name: Name,
  boxes: CountdownBoxes,
  trigger: CountdownTrigger,
  /** Hidden: kept in the GM document until revealed; no player or spectator sees a byte. */
  hidden: v.optional(v.boolean()),
  /** Ticks by itself each time a conflict's exchange advances (`conflict.next` wraps). */
  perExchange: v.optional(v.boolean()),
});
/** One box forward, or one back (the GM's correction, or un-filling it). */
export const CountdownTickCommand = cmd('countdown.tick', {
  countdownId: Id,
  by: v.picklist([1, -1]),
});
/** Changes what is given; `filled: 0` resets it. */
export const CountdownEditCommand = cmd('countdown.edit', {
  countdownId: Id,
  name: v.optional(Name),
  boxes: v.optional(CountdownBoxes),
  trigger: v.optional(CountdownTrigger),
  perExchange: v.optional(v.boolean()),
  filled: v.optional(int(0, 10)),
});
export const CountdownRevealCommand = cmd('countdown.reveal', { countdownId: Id });
export const CountdownRemoveCommand = cmd('countdown.remove', { countdownId: Id });
