/**
 * Every code a refusal may carry, over a command's or a chat message's acknowledgement and the
 * connection (docs/PROTOCOL.md, its error codes): the one list the reducer, the server and the
 * client read. `words` is the general English sentence for people, which a client says in its
 * own language when a refusal carries no reason it knows (the client's i18n keys are these
 * codes). `maybeStored` marks the one code after which the command may have been stored:
 * every other refusal stored nothing.
 */
export const REFUSAL_CODES = {
  // Any command.
  'bad-command': { words: 'The server could not read that command; reload the page.' },
  forbidden: { words: 'You are not allowed to do that.' },
  'not-found': { words: 'That is not at the table (any more).' },
  invalid: { words: 'The table could not take that as it was sent.' },
  rules: { words: 'The rules do not allow that now.' },
  // Seats and characters.
  'table-full': { words: 'The table is full; the GM can remove a seat to make room.' },
  'seat-taken': { words: 'That seat is taken.' },
  'claim-needed': { words: 'That seat waits for its player: ask the GM for its claim link.' },
  'bad-claim': { words: 'This claim link is no longer good: ask the GM for a new one.' },
  'replayed-join': { words: 'That join was already made by someone else.' },
  'already-claimed': { words: 'Another player already plays that character.' },
  // Fate points and invokes.
  'no-fate-points': { words: 'Not enough fate points.' },
  'no-free-invokes': { words: 'No free invoke to use.' },
  // Rolls, defence and conflict.
  'awaiting-defence': { words: 'That roll still awaits its defence.' },
  'no-defence-awaited': { words: 'No defence is awaited.' },
  'already-defended': { words: 'The defence was already rolled.' },
  'defence-rolled': { words: 'The defence was already rolled: too late to concede this exchange.' },
  'no-conflict': { words: 'There is no conflict going on.' },
  // Consequences, recovery and healing.
  'slot-empty': { words: 'That consequence slot holds nothing.' },
  'already-recovering': { words: 'That consequence is already recovering.' },
  'no-recovery-roll': { words: 'This game has no recovery roll for that.' },
  'recovery-failed': { words: 'The recovery roll failed.' },
  'rename-needs-success': { words: 'Only a successful recovery roll renames a consequence.' },
  'no-lower-severity': { words: 'A mild consequence has no lower level.' },
  'lower-slot-full': { words: 'The slot one level lower is taken.' },
  'no-healing': { words: 'This game has no healing.' },
  // The scene board.
  'no-scene': { words: 'No scene is running: start one first.' },
  'not-in-scene': { words: 'That character is not in the scene.' },
  unreachable: { words: 'No border leads there.' },
  'move-needs-overcome': { words: 'That move needs an overcome first.' },
  'move-roll-failed': { words: 'The overcome failed: the way stays barred.' },
  // Pictures (a command naming one).
  'bad-request': { words: 'The table could not take that picture as it was sent.' },
  // Chat.
  'bad-chat': { words: 'That message could not be sent as it was written.' },
  'chat-off': { words: 'The GM keeps the chat from spectators.' },
  // The server and its connection.
  'rate-limited': { words: 'Too many messages; slow down.' },
  storage: { words: 'The server could not save that; try again.' },
  'storage-full': {
    words:
      'This table has used all the storage the server gives a table: the GM can export it and restore it as a new table.',
  },
  'unknown-outcome': {
    words: 'The server could not confirm that was saved; check the table before sending it again.',
    maybeStored: true,
  },
  'unknown-event': { words: 'The server does not know that request; reload the page.' },
  internal: { words: 'Something went wrong on the server; try again.' },
  'outdated-client': { words: 'This page is out of date; reload it.' },
  'invalid-token': { words: 'Your link is no longer valid.' },
  'revoked-token': { words: 'Your link is no longer valid.' },
  'too-large': { words: 'That is too large to send.' },
} as const satisfies Record<string, { words: string; maybeStored?: true }>;

export type RefusalCode = keyof typeof REFUSAL_CODES;

/** The codes in the table's order. */
export const REFUSAL_CODE_LIST = Object.keys(REFUSAL_CODES) as RefusalCode[];

/** Each code's English words, keyed by the code (the client's i18n base for them). */
export const REFUSAL_WORDS = Object.fromEntries(
  REFUSAL_CODE_LIST.map((code) => [code, REFUSAL_CODES[code].words]),
) as { [C in RefusalCode]: (typeof REFUSAL_CODES)[C]['words'] };

export function isRefusalCode(code: string): code is RefusalCode {
  return Object.hasOwn(REFUSAL_CODES, code);
}

/** Whether a command refused with this code may have been stored all the same. */
export function mayHaveBeenStored(code: RefusalCode): boolean {
  return 'maybeStored' in REFUSAL_CODES[code];
}

/**
 * The rules package's refusal codes that the table says another way: the same meaning under
 * the table's stable code (`no-free-invoke` is the table's `no-free-invokes`; what the rules
 * do not find is `not-found`; a point someone lacks is `no-fate-points`).
 */
const FROM_RULES: ReadonlyMap<string, RefusalCode> = new Map(
  Object.entries({
    'no-free-invoke': 'no-free-invokes',
    'unknown-aspect': 'not-found',
    'unknown-character': 'not-found',
    'no-such-slot': 'not-found',
    'not-enough-points': 'no-fate-points',
    'gm-pool-empty': 'no-fate-points',
    'bank-empty': 'no-fate-points',
    'cannot-refuse-compel': 'no-fate-points',
    'gm-only': 'forbidden',
  } satisfies Record<string, RefusalCode>),
);

/** A code as the table says it (a rules code under its table code), or undefined if unknown. */
export function knownCode(code: string): RefusalCode | undefined {
  return FROM_RULES.get(code) ?? (isRefusalCode(code) ? code : undefined);
}

/**
 * A rules refusal's code as the table sends it: its table code where it has one, the code
 * itself where the table lists it, else `otherwise` (`rules`: the game does not allow it).
 */
export function tableCode(rulesCode: string, otherwise: RefusalCode = 'rules'): RefusalCode {
  return knownCode(rulesCode) ?? otherwise;
}
