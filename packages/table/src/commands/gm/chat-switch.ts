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

/**
 * Whether the GM reads whispers between two players: `meta.gmReadsWhispers`, absent (the
 * default) meaning no. A group passing notes expects them to stay between the two of them;
 * a table that wants its GM in on every secret says so with the switch, which every screen
 * shows. Each whisper keeps what it was when sent (ChatMessage's `gmReads`).
 */
export function gmReadsWhispers(pub: Y.Doc): boolean {
  return pubRoots(pub).meta.get('gmReadsWhispers') === true;
}

/** The GM's switch for whispers between players. On is stored as `true`; off deletes the key. */
export const chatWhispers: Handler<'chat.whispers'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'choose whether the GM reads whispers between players');
  if (denied) return denied;
  if (gmReadsWhispers(docs.pub) === command.gmReads) return {};
  const meta = pubRoots(docs.pub).meta;
  return {
    pub: () => {
      if (command.gmReads) meta.set('gmReadsWhispers', true);
      else meta.delete('gmReadsWhispers');
    },
  };
};
