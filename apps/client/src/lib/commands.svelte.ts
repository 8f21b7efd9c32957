import * as v from 'valibot';
import { AckSchema, REFUSAL_WORDS, knownCode } from '@fateboard/table';
import type { Ack, RefusalReasonId } from '@fateboard/table';
import type { Toasts } from '../components/shell/toasts.svelte';
import { i18n, locale, params } from './i18n';
import type { LazySocket } from './socket';

/** The client's own refusals (no server said them), and the sentence for an unknown code. */
export const messages = i18n('lib/commands', {
  closed: 'The table was closed.',
  badAnswer: 'The server gave an answer we cannot read.',
  refused: params('Refused ({code}).'),
});

/**
 * What a refusal's code says: the table's words for each code (@fateboard/table's
 * REFUSAL_CODES), in the reader's language. In English the server's own message stays (it is
 * already meant for people, and often says more); in another language the refusal's reason
 * (below) says it where the server sent one this version knows, else its code's words here,
 * else `refused`: never the server's English. Keys are the codes.
 */
export const messagesCodes = i18n('lib/refusal-codes', REFUSAL_WORDS);

/**
 * A refusal's reason (the acknowledgement's `reason`, @fateboard/table's RefusalReason), said
 * in the reader's language with its parameters. Keys are the reason ids in camelCase; a key
 * for every id, which the test checks.
 */
export const messagesReasons = i18n('lib/refusal-reasons', {
  noCharacter: 'That character is not at the table.',
  noAspect: 'That aspect is not at the table.',
  blankAspect: 'That aspect is blank.',
  noSeat: 'That seat is not at the table.',
  noRoll: 'That roll is no longer among the recent ones.',
  noCompel: 'That compel is no longer open.',
  noConsequence: 'That consequence is no longer there.',
  noCountdown: 'That countdown is not at the table.',
  noHandout: 'That handout is not prepared.',
  tooManyHandouts: params('A table keeps at most {max} handouts; delete one first.'),
  noNote: 'That note is gone.',
  noHidden: 'That is no longer hidden.',
  noHelpRequest: 'That request for help is no longer open.',
  noStressBox: params('{name} has no such stress box.'),
  noSkill: params('{ruleset} has no such skill.'),
  rulesetUnavailable: params('The ruleset "{ruleset}" is not available.'),
  noConsequenceBonus: 'This consequence gives no bonus to a roll.',
  notAHealingRoll: params('That roll was not a healing action for {name}.'),
  healingFailed: params("The healing failed: {name}'s physical damage stays."),
  healingUsed: 'That healing roll has already been used.',
  stillInConflict: params(
    '{name} is still in the conflict: lost levels come back once it is over.',
  ),
  helpOpposing: params('{name} is on the other side of this roll and cannot help it.'),
  helpNotAgreed: params('{name} helps once their player agrees: ask them first.'),
  claimNeeded: params("{name}'s seat waits for its player: ask the GM for its claim link."),
  badClaim: params("This claim link is not (or no longer) {name}'s: ask the GM for a new one."),
  alreadyApplied: 'That roll’s outcome was already applied.',
  alreadyOut: params('{name} is already out.'),
  noteNeedsText: 'A new note needs some text.',
  recoveryNeedsConsequence: 'Name the consequence to recover.',
  recoveryIsOvercome: 'A recovery roll is an overcome.',
  recoveryAlone: 'A recovery roll is against the consequence alone.',
  renameNeedsRecovery: 'Only a recovery roll renames a consequence.',
  sheetAspectEdit: 'A sheet’s aspects change in its editor, consequences with their own buttons.',
  defenderRolls: 'A defender rolls their own defence.',
  nameTaken: params('“{name}” is already a character at this table: give this one another name.'),
  proposeFirst: "Put the declaration to the table's vote first.",
  voteOpen: params(
    'The table is still voting on this declaration ({count} to vote); the GM may close the vote.',
  ),
  voteClosed: 'The vote on this declaration is closed.',
  alreadyVoted: 'You have already voted on this declaration.',
  declarationOpen: 'Your declaration is still before the table: roll or withdraw it.',
  notAVoter: 'You joined after this declaration was put to the vote.',
  ownDeclaration: 'You made this declaration: the others vote on it.',
  notDeclarer: params("{name}'s player makes {name}'s declarations."),
  noDeclaration: 'That declaration is no longer before the table.',
  gmSaysWhen: params(
    "The rest of {name}'s lost levels come back when the GM says the situation is over, or after healing.",
  ),
  notController: params("Only {name}'s player takes a consequence for {name}."),
  noZone: 'That zone is not on the board.',
  noBorder: 'That border is not on the board.',
  zoneOffBoard: 'That zone would reach past the edge of the board.',
  zoneOverlap: params('That zone would overlap {name}.'),
  boardFull: params('The board holds at most {limit} of those.'),
  borderSameZone: 'A border joins two different zones.',
  borderExists: 'Those two zones already share a border.',
  placeNeedsSituation: 'Only a situation aspect stands on a zone or border.',
  placePrepared: 'That zone or border is still prepared: reveal the board first.',
  placeFull: params('A zone or border holds at most {limit} aspects.'),
  sameZone: 'That token is already there.',
  notThisMove: 'That roll was not this move’s overcome.',
  moveRollUsed: 'That roll already made its move.',
  zoneAttackAlone: 'Nobody in that zone to attack.',
  zoneAttackStunt: params('{name} has no stunt that attacks everyone in a zone.'),
  notInScene: params('{name} is not in the scene.'),
  unreachable: 'No border leads there: only the GM can place a token so.',
  moveRollFailed: 'The overcome failed: the way stays barred.',
  moveNeedsOvercome: params('That move needs an overcome against {difficulty} ({distance} zones).'),
});

type ReasonKey = keyof ReturnType<typeof messagesReasons.get>;

/** Every reason id's key (checked to be complete by the type and the test). */
export const REASON_KEYS: Record<RefusalReasonId, ReasonKey> = {
  'no-character': 'noCharacter',
  'no-aspect': 'noAspect',
  'blank-aspect': 'blankAspect',
  'no-seat': 'noSeat',
  'no-roll': 'noRoll',
  'no-compel': 'noCompel',
  'no-consequence': 'noConsequence',
  'no-countdown': 'noCountdown',
  'no-handout': 'noHandout',
  'too-many-handouts': 'tooManyHandouts',
  'no-note': 'noNote',
  'no-hidden': 'noHidden',
  'no-help-request': 'noHelpRequest',
  'no-stress-box': 'noStressBox',
  'no-skill': 'noSkill',
  'ruleset-unavailable': 'rulesetUnavailable',
  'no-consequence-bonus': 'noConsequenceBonus',
  'not-a-healing-roll': 'notAHealingRoll',
  'healing-failed': 'healingFailed',
  'healing-used': 'healingUsed',
  'still-in-conflict': 'stillInConflict',
  'help-opposing': 'helpOpposing',
  'help-not-agreed': 'helpNotAgreed',
  'claim-needed': 'claimNeeded',
  'bad-claim': 'badClaim',
  'already-applied': 'alreadyApplied',
  'already-out': 'alreadyOut',
  'note-needs-text': 'noteNeedsText',
  'recovery-needs-consequence': 'recoveryNeedsConsequence',
  'recovery-is-overcome': 'recoveryIsOvercome',
  'recovery-alone': 'recoveryAlone',
  'rename-needs-recovery': 'renameNeedsRecovery',
  'sheet-aspect-edit': 'sheetAspectEdit',
  'defender-rolls': 'defenderRolls',
  'name-taken': 'nameTaken',
  'propose-first': 'proposeFirst',
  'vote-open': 'voteOpen',
  'vote-closed': 'voteClosed',
  'already-voted': 'alreadyVoted',
  'declaration-open': 'declarationOpen',
  'not-a-voter': 'notAVoter',
  'own-declaration': 'ownDeclaration',
  'not-declarer': 'notDeclarer',
  'no-declaration': 'noDeclaration',
  'gm-says-when': 'gmSaysWhen',
  'not-controller': 'notController',
  'no-zone': 'noZone',
  'no-border': 'noBorder',
  'zone-off-board': 'zoneOffBoard',
  'zone-overlap': 'zoneOverlap',
  'board-full': 'boardFull',
  'border-same-zone': 'borderSameZone',
  'border-exists': 'borderExists',
  'place-needs-situation': 'placeNeedsSituation',
  'place-prepared': 'placePrepared',
  'place-full': 'placeFull',
  'same-zone': 'sameZone',
  'not-this-move': 'notThisMove',
  'move-roll-used': 'moveRollUsed',
  'zone-attack-alone': 'zoneAttackAlone',
  'zone-attack-stunt': 'zoneAttackStunt',
  'not-in-scene': 'notInScene',
  unreachable: 'unreachable',
  'move-roll-failed': 'moveRollFailed',
  'move-needs-overcome': 'moveNeedsOvercome',
};

/** A reason in the reader's words, or undefined for an id this version does not know. */
function reasonWords(reason: NonNullable<RefusalAck['reason']>): string | undefined {
  const key = (REASON_KEYS as Record<string, ReasonKey | undefined>)[reason.id];
  if (key === undefined) return undefined;
  const said: unknown = messagesReasons.get()[key];
  return typeof said === 'function'
    ? (said as (p: Record<string, string | number>) => string)(reason.params ?? {})
    : String(said);
}

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
