import { expect, type Locator, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

// @axe-core/playwright is installed in apps/client (the client's dev tools); load it from there.
interface AxeResults {
  violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
}
type AxeBuilderCtor = new (options: { page: Page }) => { analyze(): Promise<AxeResults> };
const requireFromClient = createRequire(new URL('../../apps/client/package.json', import.meta.url));
const axeModule = requireFromClient('@axe-core/playwright') as {
  default?: AxeBuilderCtor;
  AxeBuilder?: AxeBuilderCtor;
};
const AxeBuilder = (axeModule.default ?? axeModule.AxeBuilder) as AxeBuilderCtor;

/** No serious or critical axe-core violations on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    ),
  ).toEqual([]);
}

/**
 * The element is the page's active element: what the person's next keystroke goes into.
 * `toBeFocused()` also needs `document.hasFocus()`, which headless Chromium drops now and then
 * for one of several windows open at once; a form keeping its focus is about the active element.
 */
export async function expectActive(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => el === el.ownerDocument.activeElement), {
      message: 'the control keeps the focus',
    })
    .toBe(true);
}
