import type { DocKey } from '@fateboard/table';
import { ReadBudget } from '../limits/read-budget';
import type { TableRoom } from '../room/room';
import { DocChannel } from './doc-channel';
import type { YjsServerDeps } from './yjs-deps';

type ChannelDeps = Pick<
  YjsServerDeps,
  'limits' | 'clock' | 'metrics' | 'relayAwareness' | 'catchUp' | 'channelOpened'
>;

/** The open document channels of this node, one per table and document. */
export class DocChannels {
  private readonly channels = new Map<string, DocChannel>();

  constructor(private readonly deps: ChannelDeps) {}

  get(tableId: string, key: DocKey): DocChannel | undefined {
    return this.channels.get(channelKey(tableId, key));
  }

  values(): IterableIterator<DocChannel> {
    return this.channels.values();
  }

  /** The room's channel of a document, opened if it is not (or is a dropped room's). */
  open(room: TableRoom, key: DocKey): DocChannel {
    const id = channelKey(room.id, key);
    let channel = this.channels.get(id);
    if (!channel || channel.room !== room) {
      const { limits, clock } = this.deps;
      // One budget per table: the other document's channel shares it, if it is open.
      const other = this.get(room.id, otherKey(key));
      const budget =
        other?.room === room
          ? other.budget
          : new ReadBudget(limits.readBytesPerSecond, limits.readBurstBytes, clock);
      const { catchUp, relayAwareness } = this.deps;
      channel = new DocChannel(room, key, budget, {
        fanout: (seconds, writes) => this.deps.metrics.fanout(seconds, writes),
        maxBufferedBytes: limits.maxBufferedBytes,
        awarenessClientsPerConnection: limits.awarenessClientsPerConnection,
        ...(catchUp ? { catchUp } : {}),
        ...(relayAwareness
          ? { relayAwareness: (update: Uint8Array) => relayAwareness(room.id, key, update) }
          : {}),
        awarenessState: {
          maxChars: limits.awarenessStateChars,
          maxDepth: limits.awarenessStateDepth,
          maxNodes: limits.awarenessStateEntries,
        },
      });
      this.channels.set(id, channel);
      this.deps.channelOpened?.(room.id, key);
    }
    return channel;
  }

  /** The channel's last connection left. */
  drop(channel: DocChannel): void {
    channel.dispose();
    // A room dropped while broken leaves its channel behind a newer one: keep that.
    const id = channelKey(channel.room.id, channel.key);
    if (this.channels.get(id) === channel) this.channels.delete(id);
    const other = this.get(channel.room.id, otherKey(channel.key));
    if (other?.budget !== channel.budget) channel.budget.dispose();
  }
}

function channelKey(tableId: string, key: DocKey): string {
  return `${tableId}/${key}`;
}

function otherKey(key: DocKey): DocKey {
  return key === 'pub' ? 'gm' : 'pub';
}
