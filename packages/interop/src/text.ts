/**
 * Text that arrives from another program, made into plain text Fateboard's schemas accept.
 * Fari's labels and values come from a contentEditable and Foundry's descriptions are HTML, so
 * either may hold markup (or a script someone slipped in). No DOM here: markup is removed by a
 * small scanner (markup.ts), `<script>` and `<style>` with their content, and entities decoded
 * once. Every step is linear in the text (no regular expression here that can backtrack or
 * rescan), since the text is anyone's and the same functions run on the server and in the
 * browser's import.
 */
import { stripMarkup } from './markup';

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
};

/** An entity's body between `&` and `;`: hexadecimal, decimal or a name. */
const ENTITY_BODY = /^(?:#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8})$/i;
/** `&` + the longest body (`#` and seven digits) + `;`. */
const LONGEST_ENTITY = 10;

/** Entities decoded once, left to right: what one decodes to is never read again. */
function decodeEntities(text: string): string {
  const parts: string[] = [];
  let from = 0;
  let amp = text.indexOf('&');
  while (amp !== -1) {
    // The `;` is looked for in the next few characters only, never across the text.
    const semi = text.slice(amp + 1, amp + LONGEST_ENTITY).indexOf(';') + amp + 1;
    const char = semi > amp ? entityChar(text.slice(amp + 1, semi)) : undefined;
    if (char !== undefined) {
      parts.push(text.slice(from, amp), char);
      from = semi + 1;
    }
    amp = text.indexOf('&', char === undefined ? amp + 1 : from);
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** The character an entity's body stands for, if it is one this decoder knows. */
function entityChar(body: string): string | undefined {
  if (!ENTITY_BODY.test(body)) return undefined;
  if (!body.startsWith('#')) return NAMED[body.toLowerCase()];
  const code =
    body[1] === 'x' || body[1] === 'X'
      ? Number.parseInt(body.slice(2), 16)
      : Number.parseInt(body.slice(1), 10);
  // Surrogates and out-of-range code points are not characters: keep the entity as text.
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : undefined;
}

/**
 * Controls (but newline and tab, where allowed), line/paragraph separators, bidi overrides and
 * isolates, lone surrogates: what `@fateboard/table`'s text rules refuse. Dropped on import so
 * that a sheet made elsewhere is not refused for a character nobody can see.
 */
const UNSAFE = /[\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]|(?![\n\t])\p{Cc}/gu;

/** The text of an HTML fragment, on one line: markup dropped, entities decoded, spaces folded. */
export function plainLine(html: string): string {
  return oneLine(plainText(html));
}

/** Plain text on one line: runs of white space folded to one space. Never decodes again. */
export function oneLine(text: string): string {
  // Only the runs that are not already one space: ordinary text has thousands of those.
  return text.replace(/\s{2,}|[^\S ]/g, ' ').trim();
}

/** The text of an HTML fragment, keeping its line breaks (stunt texts, notes). */
export function plainText(html: string): string {
  const stripped = stripMarkup(html, { lineBreak: '\n', tag: '' }).split(/\r\n?/).join('\n');
  return trimLineEnds(decodeEntities(stripped).replace(UNSAFE, ''))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Spaces and tabs at the end of each line dropped. A loop rather than `/[ \t]+\n/g`, which
 * rescans a long run of spaces from each of its spaces when no line break follows.
 */
function trimLineEnds(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i += 1) {
    const line = lines[i]!;
    let end = line.length;
    while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
    lines[i] = line.slice(0, end);
  }
  return lines.join('\n');
}

/** At most `max` UTF-16 units, cut at a code point boundary; `cut` says whether it was. */
export function clip(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end).trimEnd(), cut: true };
}

/** A label folded for matching: lower case, accents off, punctuation and digits as spaces. */
export function fold(label: string): string {
  return plainLine(label)
    .normalize('NFD')
    .split(/\p{M}+/u)
    .join('')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replace(/\P{L}{2,}|[^\p{L} ]/gu, ' ')
    .trim();
}
