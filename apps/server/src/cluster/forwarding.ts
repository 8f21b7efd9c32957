import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Log } from '../ops/logger';
import type { Sender } from '../room/command';
import type { HandledCommand } from '../room/group-commit';
import { MOVED, REDIS_UNAVAILABLE, UNKNOWN_OUTCOME } from '../room/group-commit';
import type { Bus } from './bus';

// Commands forwarded between the nodes of a cluster (cluster.ts): sent to a table's writer on
// its own Redis channel, applied there, and answered back on the sender's.

type Wire =
  | {
      kind: 'command';
      id: string;
      from: string;
      tableId: string;
      sender: Sender;
      input: unknown;
      /** How long the forwarding node waits for the answer, from when it sent it. */
      withinMs: number;
    }
  | { kind: 'answer'; id: string; handled: HandledCommand };

/** What the writer keeps of a forwarded command's wait for its answer to travel back. */
const ANSWER_TRAVEL_MS = 100;

export const nodeChannel = (node: string) => `fateboard:node:${node}`;

/**
 * Not answered by the writer (it did not answer in time, failed answering, or this node is
 * closing): it may have been applied, so the client sends it again under its id.
 */
export const UNANSWERED: HandledCommand = { ack: UNKNOWN_OUTCOME };

/** One node's forwarded commands: those it sent and waits for, and those it serves. */
export class Forwarding {
  private readonly waiting = new Map<
    string,
    { resolve: (handled: HandledCommand) => void; timer: NodeJS.Timeout }
  >();
  /** Who applies the commands forwarded here (Cluster.serveForwarded). */
  serve:
    | ((
        tableId: string,
        sender: Sender,
        input: unknown,
        deadline: number,
      ) => Promise<HandledCommand>)
    | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly node: () => string,
    private readonly forwardTimeoutMs: number,
    private readonly log: Log,
  ) {}

  /** Sends a command to the table's writer `node`; answers what it answered, within `withinMs`. */
  send(
    node: string,
    tableId: string,
    sender: Sender,
    input: unknown,
    withinMs: number,
  ): Promise<HandledCommand> {
    const id = randomBytes(12).toString('base64url');
    return new Promise<HandledCommand>((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiting.delete(id);
          resolve(UNANSWERED);
        },
        Math.max(0, withinMs),
      );
      timer.unref();
      this.waiting.set(id, { resolve, timer });
      const wire: Wire = {
        kind: 'command',
        id,
        from: this.node(),
        tableId,
        sender,
        input,
        withinMs,
      };
      void this.bus.publish(nodeChannel(node), wire).then((listeners) => {
        // Taken by Redis, or perhaps (sent, its answer lost): the writer's answer or the
        // timeout says what became of it.
        if (listeners === undefined || (listeners !== 'unsent' && listeners > 0)) return;
        // Never sent (Redis unreachable), or nobody listens on the writer's channel (it is
        // gone, its lease not yet expired): the command reached no one.
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(listeners === 'unsent' ? { ack: REDIS_UNAVAILABLE } : MOVED);
      });
    });
  }

  onWire(message: unknown): void {
    const wire = message as Wire;
    if (wire?.kind === 'answer') {
      const waiting = this.waiting.get(wire.id);
      if (!waiting) return;
      clearTimeout(waiting.timer);
      this.waiting.delete(wire.id);
      waiting.resolve(wire.handled);
      return;
    }
    if (wire?.kind !== 'command' || typeof wire.tableId !== 'string' || !this.serve) return;
    const answer = (handled: HandledCommand) => {
      const reply: Wire = { kind: 'answer', id: wire.id, handled };
      void this.bus.publish(nodeChannel(wire.from), reply);
    };
    const withinMs = Number.isFinite(wire.withinMs) ? wire.withinMs : this.forwardTimeoutMs;
    const deadline = performance.now() + withinMs - ANSWER_TRAVEL_MS;
    this.serve(wire.tableId, wire.sender, wire.input, deadline).then(answer, (error: unknown) => {
      this.log('a forwarded command failed', error, wire.tableId);
      answer(UNANSWERED);
    });
  }

  /** This node is closing: every command still waiting is answered as unanswered. */
  close(): void {
    for (const { timer, resolve } of this.waiting.values()) {
      clearTimeout(timer);
      resolve(UNANSWERED);
    }
    this.waiting.clear();
  }
}
