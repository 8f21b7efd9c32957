import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The bytes of a fixture under packages/interop/fixtures/. */
export function fixture(path: string): Uint8Array {
  return readFileSync(fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url)));
}
