/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The interface's English that no Portuguese string says (e2e/english-words.json, kept current
 * by the client's english-words.test.ts): a word of it on a Portuguese screen is English left.
 */
const ENGLISH = new Set<string>(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'english-words.json'), 'utf8'),
  ) as string[],
);

/** The texts a reader meets on the page: visible text nodes and the labels of visible elements. */
function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent ?? '';
      if (!el || text.trim() === '' || el.closest('script, style, noscript')) continue;
      // Content marked as not for translation (the book's ready-made characters) is as written.
      if (el.closest('[translate="no"]')) continue;
      // An option shows when its select does (in the select, or its list when opened).
      const shown = el instanceof HTMLOptionElement ? el.closest('select') : el;
      if (!shown?.checkVisibility()) continue;
      out.push(text);
    }
    const labelled = document.body.querySelectorAll<HTMLElement>(
      '[aria-label], [title], [placeholder], [alt]',
    );
    for (const el of Array.from(labelled)) {
      if (!el.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** The texts on a page that hold English words: each text once, with its English words. */
export async function englishOn(page: Page): Promise<string[]> {
  const found = new Map<string, Set<string>>();
  for (const raw of await textsOf(page)) {
    const text = raw.trim().replace(/\s+/g, ' ').slice(0, 100);
    for (const m of raw.matchAll(/\p{L}+/gu)) {
      const word = m[0].toLowerCase();
      if (!ENGLISH.has(word)) continue;
      const words = found.get(text) ?? new Set<string>();
      words.add(word);
      found.set(text, words);
    }
  }
  return [...found].map(([text, words]) => `«${text}» [${[...words].join(' ')}]`);
}
