import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { tableChunkHints } from './table-chunk-hints';

interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
}

/**
 * Whether a module runs as the page starts: the entry, or statically imported by a module
 * that does. Memoised per build; a cycle counts as not (its other paths decide).
 */
function upFrontTest(): (id: string, info: (id: string) => ModuleInfo | null) => boolean {
  const known = new Map<string, boolean>();
  const visit = (id: string, info: (id: string) => ModuleInfo | null): boolean => {
    const had = known.get(id);
    if (had !== undefined) return had;
    known.set(id, false);
    const module = info(id);
    const yes = !!module && (module.isEntry || module.importers.some((i) => visit(i, info)));
    known.set(id, yes);
    return yes;
  };
  return visit;
}

// In development the client runs on Vite's port and forwards the server's three doors
// (REST, socket.io, y-websocket) to the table server, so the browser sees one origin. The
// server checks Origin against its own host, so the proxy presents the server's origin.
const server = process.env.FATEBOARD_SERVER ?? 'http://localhost:3000';
const forward = { target: server, changeOrigin: true, headers: { origin: server } };

export default defineConfig({
  plugins: [
    svelte(),
    // What a table opens with: the view's parts, the player's tools, the command socket.
    tableChunkHints([
      'src/parts/table-parts.ts',
      'src/parts/player-tools.ts',
      'src/lib/socket-io-chunk.ts',
    ]),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': forward,
      '/healthz': forward,
      '/socket.io': { ...forward, ws: true },
      '/yjs': { ...forward, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // What the page runs as it starts, in one file: split by what the lazy chunks share
        // with it, it was some twenty files, and a phone on a 150 ms link fetched them six at
        // a time (HTTP/1.1), one round trip after another, the table's summary queued behind.
        codeSplitting: {
          groups: [
            {
              name: (() => {
                const upFront = upFrontTest();
                return (id: string, ctx: { getModuleInfo: (id: string) => ModuleInfo | null }) =>
                  upFront(id, (m) => ctx.getModuleInfo(m)) ? 'boot' : null;
              })(),
            },
          ],
        },
      },
    },
  },
});
