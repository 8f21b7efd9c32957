import { test, expect } from '@playwright/test';
import { createTable, joinAndCreate, shot } from './helpers';

test('smoke: create, join, see each other', async ({ browser }) => {
  const { gm, links } = await createTable(browser, 'Smoke table', 'fate-core');
  await shot(gm, 'smoke-gm-new');
  const { page: p1 } = await joinAndCreate(browser, links.player, 'Ann', {
    name: 'Zird',
    highConcept: 'Arcane scholar',
    trouble: 'Rivals everywhere',
  });
  await shot(p1, 'smoke-p1');
  await expect(gm.getByTestId('character-card').filter({ hasText: 'Zird' })).toBeVisible();
  await shot(gm, 'smoke-gm');
});
