import { Id, cmd } from '../fields';
import { userText } from '../text';
import { ImageHash } from '../board/schemas';

/**
 * Handouts (a letter, a wanted poster): pictures the documents name by hash (images/images.ts),
 * their bytes stored by the server. A handout is prepared in the GM's document, where no one
 * else sees it, then pushed to every screen as the spotlight pushes an aspect.
 */

/** A handout's title: a name's rules (one line that shows something, 80 at most), so called. */
const HandoutTitle = userText('name', 80, 'title');

/** The GM keeps a picture ready to show, under a title only the GM sees until it is pushed. */
export const HandoutPrepareCommand = cmd('handout.prepare', {
  image: ImageHash,
  title: HandoutTitle,
});
/** Shows a prepared handout on every screen (it stays prepared, to show again later). */
export const HandoutPushCommand = cmd('handout.push', { handoutId: Id });
/** Takes the shown handout off every screen. */
export const HandoutClearCommand = cmd('handout.clear', {});
/** Deletes a prepared handout (and takes it off the screens if it is the one shown). */
export const HandoutRemoveCommand = cmd('handout.remove', { handoutId: Id });
