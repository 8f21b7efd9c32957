import * as v from 'valibot';

/**
 * The rules for text people type (names, aspects, reasons, notes), shared by every command
 * schema and the server's REST body so that one field is never stricter than another.
 * Guarantee 7 (docs/GUARANTEES.md): what breaks the table for others is refused, not cleaned
 * up, so the sender sees why.
 *
 * - `name`: one line that must show something (names, aspects, a table's name).
 * - `line`: one line that may be empty (a reason, a blank sheet slot), but not invisible.
 * - `multiline`: free text (notes, stunt texts) where `\n` and `\t` are allowed.
 */
export type TextKind = 'name' | 'line' | 'multiline';

/**
 * C0 and C1 controls (NUL, escape sequences, carriage return…) and the line and paragraph
 * separators, which break a line as `\n` does but are not what any text box sends.
 */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_BUT_NEWLINE_TAB = /(?![\n\t])[\p{Cc}\u2028\u2029]/u;
/**
 * Bidi embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI): one left
 * open reorders whatever follows it on screen (a log line, a name next to a point count).
 * No keyboard types them; the marks LRM/RLM, which do not open anything, stay allowed.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Unpaired surrogates: not text at all, and they do not survive UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Text made only of these renders as nothing: spaces, zero-width and format characters,
 * default-ignorable fillers (U+3164…), a combining mark with nothing to sit on, the blank
 * braille pattern.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong with `text` as text of this kind (a phrase after the field's name), if anything. */
export function textProblem(text: string, kind: TextKind): string | undefined {
  if (LONE_SURROGATE.test(text)) return 'is not valid Unicode (an unpaired surrogate)';
  const control = (kind === 'multiline' ? CONTROL_BUT_NEWLINE_TAB : CONTROL).exec(text);
  if (control) {
    const which =
      control[0] === '\n' || control[0] === '\t' ? 'a line break or tab' : 'a control character';
    return `must not contain ${which} (${codePoint(control[0])})`;
  }
  const bidi = BIDI_CONTROL.exec(text);
  if (bidi) return `must not contain a bidirectional override or isolate (${codePoint(bidi[0])})`;
  if (text === '') return kind === 'name' ? 'must not be empty' : undefined;
  if (INVISIBLE_ONLY.test(text)) {
    return 'must show something: it has only spaces, invisible characters or lone combining marks';
  }
  return undefined;
}

/**
 * A valibot schema for a text field of `kind`, at most `max` UTF-16 units, refusing with a
 * message that starts with `label` (e.g. "name must not contain a control character (U+0000)").
 * One-line kinds are trimmed first, so surrounding spaces are neither stored nor refused.
 */
/* @__NO_SIDE_EFFECTS__ */
export function userText(kind: TextKind, max: number, label: string) {
  const problem = (text: string) => textProblem(text, kind);
  const rules = [
    v.maxLength<string, number, string>(max, `${label} must be at most ${max} characters`),
    v.check<string, (issue: v.CheckIssue<string>) => string>(
      (text) => problem(text) === undefined,
      (issue) => `${label} ${problem(issue.input) ?? 'is not valid'}`,
    ),
  ] as const;
  return kind === 'multiline'
    ? v.pipe(v.string(`${label} must be text`), ...rules)
    : v.pipe(v.string(`${label} must be text`), v.trim(), ...rules);
}
