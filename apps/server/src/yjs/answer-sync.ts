import { CLOSE } from '@fateboard/table';
import type { GroupCommit } from '../room/group-commit';
import type { Log } from '../ops/logger';
import type { Client } from './client';
import type { DocChannel } from './doc-channel';

/** What answering a sync step 1 needs of the connection's server. */
export interface SyncContext {
  /** The group commit: sync answers wait while a batch is being stored. */
  commits: Pick<GroupCommit, 'settled' | 'read'>;
  log: Log;
  /** Closes the connection for something no client of ours sends. */
  refuse: (reason: string) => void;
}

/**
 * Sends a sync answer; answers the bytes sent (what the read budget is charged). A replica
 * ahead of the document is answered once the room caught up with storage (`caughtUp`), and
 * closed only if it is still ahead then.
 */
export function answerSync(
  channel: DocChannel,
  client: Client,
  sv: Uint8Array,
  context: SyncContext,
  caughtUp = false,
): number {
  if (!channel.clients.has(client) || channel.room.broken) return 0;
  if (!context.commits.settled) {
    // A batch is between applying and storing: answer once it is stored, never before.
    void context.commits.read(() =>
      channel.budget.request(client, () => answerSync(channel, client, sv, context, caughtUp)),
    );
    return 0;
  }
  let answer;
  try {
    answer = channel.syncAnswer(sv);
  } catch (error) {
    context.log('malformed state vector', error, channel.room.id);
    context.refuse('malformed state vector');
    return 0;
  }
  if (answer.kind === 'answer') return channel.send(client, answer.message);
  if (!caughtUp) {
    channel
      .catchUp()
      .then((caught) => {
        if (!caught) return closeOtherEpoch(client);
        channel.budget.request(client, () => answerSync(channel, client, sv, context, true));
      })
      .catch((error: unknown) => {
        context.log('catching up for a replica failed', error, channel.room.id);
        closeOtherEpoch(client);
      });
    return 0;
  }
  closeOtherEpoch(client);
  return 0;
}

/**
 * A replica that holds what the document does not, even as storage holds it: it comes from
 * another epoch, and our updates would duplicate the content it holds under other ids.
 */
function closeOtherEpoch(client: Client): void {
  client.ws.close(CLOSE.rebuilt, 'document rebuilt, reload');
}
