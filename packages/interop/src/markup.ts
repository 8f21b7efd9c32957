/**
 * Markup out of an HTML fragment in one pass from left to right. Every character is looked at
 * a bounded number of times, so the work is linear in the fragment whatever it holds: the
 * regular expressions this replaces looked for a tag's `>` again from every `<`, and a title
 * of `'<br '` repeated took minutes at the file limit.
 *
 * - `<!-- … -->` goes, up to the end of the text when it is never closed;
 * - `<script>`, `<style>`, `<template>`, `<iframe>`, `<object>` and `<noscript>` go with their
 *   content, up to their closing tag (`</script >`, any case) or the end;
 * - `<br>`, `<p>`, `<div>`, `<li>` and `<h1>`…`<h6>`, opening or closing, become `lineBreak`;
 * - any other tag (`<name …>`, `</name …>`, `<!DOCTYPE …>`) becomes `tag`; one never closed
 *   runs to the end of the text;
 * - a `<` that starts no tag (`a < b`, `<3`, `< br>`) is text, as a browser reads it.
 */
export interface MarkupOut {
  /** What a block-level tag leaves in the text. */
  lineBreak: string;
  /** What any other tag leaves. */
  tag: string;
}

/** Elements whose content is code or styling, never text a person wrote. */
const RAW_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript']);
/** Block-level tags: each ends a line. */
const LINE_BREAK = new Set(['br', 'div', 'p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function stripMarkup(html: string, out: MarkupOut): string {
  const parts: string[] = [];
  let from = 0;
  let lt = html.indexOf('<');
  while (lt !== -1) {
    const piece = markupAt(html, lt);
    if (piece) {
      parts.push(html.slice(from, lt), piece.lineBreak ? out.lineBreak : out.tag);
      from = piece.end;
    }
    // A piece always ends after `lt`; text resumes the search one past its `<`.
    lt = html.indexOf('<', piece ? piece.end : lt + 1);
  }
  parts.push(html.slice(from));
  return parts.join('');
}

interface Piece {
  /** Just past the piece. */
  end: number;
  lineBreak: boolean;
}

/** The comment or tag that starts at `html[lt] === '<'`, or `undefined` if that `<` is text. */
function markupAt(html: string, lt: number): Piece | undefined {
  if (html.startsWith('!--', lt + 1)) {
    const close = html.indexOf('-->', lt + 4);
    return { end: close === -1 ? html.length : close + 3, lineBreak: false };
  }
  const closing = html[lt + 1] === '/';
  const nameStart = lt + (closing ? 2 : 1);
  let nameEnd = nameStart;
  if (!closing && html[nameStart] === '!') nameEnd += 1;
  else if (isAsciiLetter(html.charCodeAt(nameStart))) {
    // A tag's name runs to white space, `/` or `>`, as the HTML tokenizer reads it.
    while (nameEnd < html.length && !endsName(html.charCodeAt(nameEnd))) nameEnd += 1;
  } else return undefined;
  const name = html.slice(nameStart, nameEnd).toLowerCase();
  const gt = html.indexOf('>', nameEnd);
  if (gt === -1) return { end: html.length, lineBreak: false };
  if (!closing && RAW_CONTENT.has(name))
    return { end: rawContentEnd(html, gt + 1, name), lineBreak: false };
  return { end: gt + 1, lineBreak: LINE_BREAK.has(name) };
}

/** Just past the `</name>` (any case, white space before `>`) closing raw content, or the end. */
function rawContentEnd(html: string, from: number, name: string): number {
  let close = html.indexOf('</', from);
  while (close !== -1) {
    const afterName = close + 2 + name.length;
    if (html.slice(close + 2, afterName).toLowerCase() === name) {
      let i = afterName;
      while (i < html.length && isSpace(html.charCodeAt(i))) i += 1;
      if (html[i] === '>') return i + 1;
    }
    close = html.indexOf('</', close + 2);
  }
  return html.length;
}

const isAsciiLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
/** Tab, line feed, form feed, carriage return, space: HTML's white space. */
const isSpace = (code: number) =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
const endsName = (code: number) => isSpace(code) || code === 0x2f || code === 0x3e;
