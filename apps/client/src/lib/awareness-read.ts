import type { WebsocketProvider } from 'y-websocket';
import type { Participant, Role } from './api';

type Awareness = WebsocketProvider['awareness'];

// What the public document's awareness says of the others: who is here (a spectator's only
// source: it has no socket.io presence) and which tokens they are dragging. Every field is
// someone else's claim, so each is checked before it is believed.

/** The GM and players present, as their awareness announces them (not this page). */
export function awareParticipants(awareness: Awareness): Participant[] {
  const participants: Participant[] = [];
  awareness.getStates().forEach((state, clientId) => {
    if (clientId === awareness.clientID) return;
    const who = (state as { who?: { role?: unknown; seatId?: unknown } }).who;
    if (who?.role !== 'gm' && who?.role !== 'player') return;
    participants.push({
      role: who.role,
      ...(typeof who.seatId === 'string' ? { seatId: who.seatId } : {}),
      online: true,
    });
  });
  return participants;
}

/** Tokens others are dragging: character id → the board point under their pointer. */
export function awareDrags(awareness: Awareness): Record<string, { x: number; y: number }> {
  const drags: Record<string, { x: number; y: number }> = {};
  awareness.getStates().forEach((state, clientId) => {
    if (clientId === awareness.clientID) return;
    const d = (state as { drag?: { characterId?: unknown; x?: unknown; y?: unknown } }).drag;
    if (typeof d?.characterId !== 'string') return;
    if (typeof d.x !== 'number' || typeof d.y !== 'number') return;
    if (!Number.isFinite(d.x) || !Number.isFinite(d.y)) return;
    drags[d.characterId] = { x: d.x, y: d.y };
  });
  return drags;
}

/**
 * GM and players announce themselves in the public document's awareness; spectators send
 * nothing (the server would drop it) but read who is here from it, since they have no
 * socket.io presence. Answers the listeners' removal.
 */
export function watchAwareness(
  awareness: Awareness,
  me: { role: Role; seatId: string | null },
  on: {
    participants(participants: Participant[]): void;
    drags(drags: Record<string, { x: number; y: number }>): void;
  },
): () => void {
  if (me.role === 'spectator') awareness.setLocalState(null);
  else awareness.setLocalStateField('who', { role: me.role, seatId: me.seatId });
  const read = () => {
    if (me.role === 'spectator') on.participants(awareParticipants(awareness));
    on.drags(awareDrags(awareness));
  };
  awareness.on('change', read);
  return () => awareness.off('change', read);
}
