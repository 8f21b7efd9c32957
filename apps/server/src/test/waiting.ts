// Waiting in tests: for a condition, or for a while.

export async function waitFor(
  check: () => boolean,
  what = 'condition',
  timeoutMs = 5000,
): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
