import type * as Y from 'yjs';
import { pubRoots } from '../../doc/schema';
import type { Handler } from '../context';
import { gmOnly } from '../access';

/**
 * Whether spectators may read the table chat: `meta.spectatorChat`, absent (the default, and
 * every table made before the switch) meaning on. The server reads it from the live document
 * before every chat delivery, so turning it off stops spectators at once.
 */
export function spectatorChatOn(pub: Y.Doc): boolean {
  return pubRoots(pub).meta.get('spectatorChat') !== false;
}

/**
 * The GM's switch. Off is stored as `false`; on deletes the key, so a table that never turned
 * it off carries nothing. No log line: it is a setting, not a move of the game.
 */
export const chatSpectators: Handler<'chat.spectators'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'choose whether spectators read the chat');
  if (denied) return denied;
  if (spectatorChatOn(docs.pub) === command.on) return {};
  const meta = pubRoots(docs.pub).meta;
  return {
    pub: () => {
      if (command.on) meta.delete('spectatorChat');
      else meta.set('spectatorChat', false);
    },
  };
};
