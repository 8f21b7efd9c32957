import type { Locator, Page } from '@playwright/test';

// Where things sit on a screen, measured in the page: whether a locator is on the first
// screen or covered, and how tall the page and its columns are.

/** Whether an element lies wholly on the first screen, the window not scrolled. */
export async function onFirstScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = locator.page().viewportSize()?.height ?? 0;
  return !!box && box.y >= 0 && box.y + box.height <= height;
}

/** The page's height, and how tall it would be were every column laid out in one page. */
export async function heights(page: Page): Promise<{ page: number; tallestColumn: number }> {
  return page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    tallestColumn: Math.max(
      ...Array.from(document.querySelectorAll<HTMLElement>('main > .col'), (c) => {
        return c.getBoundingClientRect().top + window.scrollY + c.scrollHeight;
      }),
    ),
  }));
}

/** Nothing sits over the middle of the element: it can be clicked where it shows. */
export async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
}
