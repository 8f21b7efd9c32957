import { fileURLToPath } from 'node:url';

/** The path of a file among the interop package's fixtures (Fari, Foundry, Fateboard files). */
export const fixture = (path: string) =>
  fileURLToPath(new URL(`../../packages/interop/fixtures/${path}`, import.meta.url));
