import * as v from 'valibot';
import { AckSchema, knownCode } from '@fateboard/table';
import type { Ack } from '@fateboard/table';
import { messagesCodes, reasonWords } from './refusal-words';
import type { Toasts } from '../components/shell/toasts.svelte';
import { i18n, locale, params } from './i18n';
import type { LazySocket } from './socket';

/** The client's own refusals (no server said them), and the sentence for an unknown code. */
export const messages = i18n('lib/commands', {
  closed: 'The table was closed.',
  badAnswer: 'The server gave an answer we cannot read.',
  refused: params('Refused ({code}).'),
});

/** The server's answer to a command (docs/PROTOCOL.md; the protocol module's `Ack`). */
export type CommandAck = Ack;
type RefusalAck = Extract<Ack, { ok: false }>;

/** A command as sent: a client-made id, a type, and the payload. */
export interface WireCommand {
  id: string;
  type: string;
  [field: string]: unknown;
}

/** What the command client needs from the socket; socket.io in the app, a fake in tests. */
export interface CommandTransport {
  readonly connected: boolean;
  emit(command: WireCommand, ack: (answer: unknown) => void): void;
  /** Calls back on every (re)connection; returns an unsubscribe function. */
  onConnect(callback: () => void): () => void;
}

interface InFlight {
  command: WireCommand;
  key: string;
  resolve: (ack: CommandAck) => void;
  sentAt: number;
  /** Since when (ms) the server answers it did not know whether it was stored, and how often. */
  unsure?: { since: number; tries: number; timer?: ReturnType<typeof setTimeout> };
}

/**
 * `unknown-outcome`: the server could not tell whether the command was stored (its writer did
 * not answer in time, a commit's answer was lost). It is sent again under its id, which the
 * server applies at most once, after these waits, for as long as UNSURE_FOR_MS; the person
 * sees one attempt, not a refusal and a second click (that one would cost a second time).
 */
const UNSURE_WAITS_MS = [250, 500, 1000, 2000, 4000];
const UNSURE_FOR_MS = 30_000;

/**
 * Sends commands and tracks each until the server acknowledges it. A command keeps its id
 * across retries (after a reconnection or a lost acknowledgement), and the server applies a
 * given id once, so a retry never doubles a fate point spend.
 */
export class CommandClient {
  /** Pending actions by key (e.g. `roll`, `compel:<id>`), so buttons can show a spinner. */
  pending = $state<Record<string, number>>({});
  #inflight = new Map<string, InFlight>();
  #unsubscribe: () => void;
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly transport: CommandTransport,
    private readonly toasts: Toasts | null,
    private readonly options: { newId?: () => string; retryAfterMs?: number } = {},
  ) {
    this.#unsubscribe = transport.onConnect(() => this.#flush());
    const retryAfter = options.retryAfterMs ?? 10_000;
    if (retryAfter > 0) {
      this.#timer = setInterval(() => this.#flush(retryAfter), Math.max(250, retryAfter / 4));
    }
  }

  isPending(key: string): boolean {
    return (this.pending[key] ?? 0) > 0;
  }

  get anyPending(): boolean {
    return Object.values(this.pending).some((n) => n > 0);
  }

  /**
   * Sends `{ id, type, ...payload }`. Resolves with the acknowledgement; a refusal is shown as
   * a toast (unless `quiet`) and resolved, never thrown.
   */
  send(
    type: string,
    payload: Record<string, unknown> = {},
    options: { key?: string; quiet?: boolean } = {},
  ): Promise<CommandAck> {
    const id = (this.options.newId ?? (() => crypto.randomUUID()))();
    const command: WireCommand = { ...payload, id, type };
    const key = options.key ?? type;
    this.pending[key] = (this.pending[key] ?? 0) + 1;
    return new Promise<CommandAck>((resolve) => {
      const entry: InFlight = {
        command,
        key,
        sentAt: 0,
        resolve: (ack) => {
          this.pending[key] = Math.max(0, (this.pending[key] ?? 1) - 1);
          if (this.pending[key] === 0) delete this.pending[key];
          if (!ack.ok && !options.quiet) this.toasts?.push('error', describeRefusal(ack));
          resolve(ack);
        },
      };
      this.#inflight.set(id, entry);
      this.#emit(entry);
    });
  }

  /** Stops retrying; pending commands are resolved as not sent. */
  destroy(): void {
    this.#unsubscribe();
    if (this.#timer) clearInterval(this.#timer);
    for (const [id, entry] of this.#inflight) {
      this.#inflight.delete(id);
      clearTimeout(entry.unsure?.timer);
      entry.resolve({ ok: false, code: 'closed', message: messages.get().closed });
    }
  }

  #emit(entry: InFlight): void {
    if (!this.transport.connected) return; // sent by #flush on reconnection
    entry.sentAt = Date.now();
    this.transport.emit(entry.command, (answer) => {
      const current = this.#inflight.get(entry.command.id);
      if (current !== entry) return; // already answered by an earlier attempt
      const ack = normalizeAck(answer);
      if (!ack.ok && ack.code === 'unknown-outcome' && this.#againLater(entry)) return;
      this.#inflight.delete(entry.command.id);
      clearTimeout(entry.unsure?.timer);
      entry.resolve(ack);
    });
  }

  /** Sends an `unknown-outcome` again later under its id; false once it was unsure too long. */
  #againLater(entry: InFlight): boolean {
    const now = Date.now();
    const unsure = (entry.unsure ??= { since: now, tries: 0 });
    if (now - unsure.since >= UNSURE_FOR_MS) return false;
    clearTimeout(unsure.timer);
    const wait = UNSURE_WAITS_MS[Math.min(unsure.tries, UNSURE_WAITS_MS.length - 1)]!;
    unsure.tries++;
    unsure.timer = setTimeout(() => {
      if (this.#inflight.get(entry.command.id) === entry) this.#emit(entry);
    }, wait);
    return true;
  }

  /** Re-sends what is unanswered: all of it on reconnection, or what waited too long. */
  #flush(olderThanMs = 0): void {
    const now = Date.now();
    for (const entry of this.#inflight.values()) {
      if (olderThanMs === 0 || (entry.sentAt > 0 && now - entry.sentAt >= olderThanMs)) {
        this.#emit(entry);
      } else if (entry.sentAt === 0) {
        this.#emit(entry);
      }
    }
  }
}

/**
 * A join's secret: 32 random bytes in base64url. Only a retried join carrying it (or sent by
 * the seat itself) gets a seat token, so someone who learns the join's id cannot take the seat.
 */
export function joinSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/={1,2}$/, '');
}

export function normalizeAck(answer: unknown): CommandAck {
  const ack = v.safeParse(AckSchema, answer);
  if (ack.success) return ack.output;
  return { ok: false, code: 'bad-answer', message: messages.get().badAnswer };
}

/**
 * A refusal as a sentence for the toast: the server's message (already meant for people) in
 * English; in another language its reason's words, else its code's, else "Refused (code)" in
 * that language, never the server's English.
 */
export function describeRefusal(ack: {
  code: string;
  message: string;
  reason?: RefusalAck['reason'];
}): string {
  const message = ack.message.trim();
  const words = messages.get();
  if (locale.get() === 'en')
    return message.length > 0 ? message : words.refused({ code: ack.code });
  const why = ack.reason === undefined ? undefined : reasonWords(ack.reason);
  if (why !== undefined) return why;
  const code = knownCode(ack.code);
  return code !== undefined ? messagesCodes.get()[code] : words.refused({ code: ack.code });
}

/** The commands' transport over a socket.io connection: `command` events with an ack. */
export function socketTransport(socket: LazySocket): CommandTransport {
  return {
    get connected() {
      return socket.connected;
    },
    emit(command: WireCommand, ack: (answer: unknown) => void) {
      socket.current?.emit('command', command, ack);
    },
    onConnect: (callback) => socket.listen('connect', callback),
  };
}
