import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Debian's Chromium when it is installed (CI installs it with apt), else Playwright's own.
// The browser itself, not Debian's /usr/bin/chromium wrapper script: the wrapper only adds
// flags Playwright sets anyway (--disable-dev-shm-usage), and its shared-memory check prints
// "[: …: unexpected operator" on every launch where findmnt lists /dev/shm twice.
const systemChromium = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) =>
  existsSync(p),
);
const launchOptions = systemChromium
  ? {
      executablePath: systemChromium,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
    }
  : {};

// A free port and a fresh data directory per run, so runs never share tables. The port is one
// the system hands out for port 0 (bound on 127.0.0.1 by a child and released at once); the
// config is loaded synchronously, hence the child. The config is also loaded by each worker
// process: the choice travels to them in the env.
process.env.E2E_PORT ??= execFileSync(
  process.execPath,
  [
    '-e',
    "const s = require('node:net').createServer();" +
      "s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
  ],
  { encoding: 'utf8' },
).trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fateboard-e2e-'));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
// The client is built into the run's own directory: two runs side by side would otherwise
// rebuild apps/client/dist under each other's server.
const clientDir = join(dataDir, 'client');
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 180_000,
  // In CI the whole browser suite stops at 45 minutes (it takes 13-17): a run that hangs
  // then still ends inside CI's 90 with its report, where CI's own limit would cut it silently.
  globalTimeout: process.env.CI ? 45 * 60_000 : 0,
  expect: { timeout: 10_000 },
  // A test that passed only on its retry is listed at the end; more than one fails the run.
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    ['./e2e/flaky-report.ts', { limit: 1 }],
  ],
  use: {
    baseURL,
    // Rolls land die by die when motion is allowed: specs read totals and outcomes
    // right after rolling, so every page reduces motion and shows results at once. A spec that
    // watches the landing turns it back on (e2e/dice.spec.ts).
    reducedMotion: 'reduce',
    // An action (a click, a read) waits at most a minute for its element, not the whole test's
    // time: a story that looked for an option that was never there held CI for 25 minutes.
    actionTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    command: `pnpm --filter @fateboard/client build --outDir ${JSON.stringify(clientDir)} --emptyOutDir && pnpm --filter @fateboard/server start`,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PUBLIC_URL: baseURL,
    },
  },
});
