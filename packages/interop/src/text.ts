/**
 * Text that arrives from another program, made into plain text Fateboard's schemas accept.
 * Fari's labels and values come from a contentEditable and Foundry's descriptions are HTML, so
 * either may hold markup (or a script someone slipped in). No DOM here: tags are removed by a
 * small scanner, `<script>` and `<style>` with their content, and entities decoded once.
 */

/** Elements whose content is code or styling, never text a person wrote. */
const RAW_CONTENT =
  /<(script|style|template|iframe|object|noscript)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi;
/** A block-level tag ends a line: `<div>`, `<br>`, `<p>`, `<li>`. */
const LINE_BREAK_TAG = /<\s*(br|\/?div|\/?p|\/?li|\/?h[1-6])\b[^>]*>/gi;
/** Any other tag or comment; an unclosed `<` at the end goes too. */
const TAG = /<!--[\s\S]*?(-->|$)|<\/?[a-zA-Z!][^>]*(>|$)/g;

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

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10);
      // Surrogates and out-of-range code points are not characters: keep the entity as text.
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
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
  return text.replace(/\s+/g, ' ').trim();
}

/** The text of an HTML fragment, keeping its line breaks (stunt texts, notes). */
export function plainText(html: string): string {
  const stripped = html
    .replace(RAW_CONTENT, '')
    .replace(LINE_BREAK_TAG, '\n')
    .replace(TAG, '')
    .replace(/\r\n?/g, '\n');
  return decodeEntities(stripped)
    .replace(UNSAFE, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
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
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}
