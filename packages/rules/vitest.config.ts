import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Pure, CPU-bound tests (exhaustive grids, property runs): a few seconds alone, three times
    // that on a CI core shared with other workers. The timeout only catches a hang.
    testTimeout: 30_000,
  },
});
