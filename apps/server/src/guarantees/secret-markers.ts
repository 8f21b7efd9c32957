import type { Participant } from '../test/harness';

// What the secrets test (secrets.test.ts) plants and listens for: a marker in each of the
// GM's secrets, and a recorder of every byte one non-GM connection receives.

/** The GM's secrets, each with a marker that must not leak. */
export const SECRETS = {
  revealed: 'SECRET-ASPECT-REVEALED-7f3a',
  kept: 'SECRET-ASPECT-KEPT-91bc',
  prepNote: 'SECRET-PREP-NOTE-22de',
  note: 'SECRET-NOTE-5e10',
  noteEdit: 'SECRET-NOTE-EDIT-aa01',
  npc: 'SECRET-NPC-NAME-c4d2',
  npcAspect: 'SECRET-NPC-ASPECT-0b9e',
  countdown: 'SECRET-COUNTDOWN-3c7e',
  countdownTrigger: 'SECRET-COUNTDOWN-TRIGGER-81fa',
  zone: 'SECRET-ZONE-CELLAR-4b1e',
  zoneRenamed: 'SECRET-ZONE-RENAMED-9d0c',
  zoneAspect: 'SECRET-ZONE-ASPECT-e7a2',
  borderAspect: 'SECRET-BORDER-ASPECT-13f6',
  ambusher: 'SECRET-AMBUSHER-66c0',
};

/** Everything one non-GM connection received, as text (Yjs writes strings as UTF-8). */
export class Recorder {
  private readonly chunks: { at: number; text: string }[] = [];
  add(data: unknown): void {
    const text =
      typeof data === 'string'
        ? data
        : Buffer.from(
            data instanceof ArrayBuffer ? new Uint8Array(data) : (data as Uint8Array),
          ).toString('utf8');
    this.chunks.push({ at: performance.now(), text });
  }
  /** What arrived before `t` (or in all). */
  text(before = Infinity): string {
    return this.chunks
      .filter((c) => c.at < before)
      .map((c) => c.text)
      .join('\n');
  }
}

/** Records every raw engine.io frame `p` receives. */
export function recordSocket(p: Participant, recorder: Recorder): void {
  // The raw engine.io frames, below socket.io's parser: events, acks, anything.
  p.socket.io.engine.on('data', (data: unknown) => recorder.add(data));
}
