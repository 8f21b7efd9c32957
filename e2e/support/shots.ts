import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Screenshots of each view land here (gitignored), so a person can look. A full page capture
 * is taller than the screen: what is fixed to the screen (a modal sheet, its backdrop, the
 * sticky tabs) shows at the screen's place in it, with the page going on below; such views
 * are taken as the screen shows them (`fullPage: false`).
 */
export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}
