import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { chunkGroups } from './chunk-groups';
import { tableChunkHints } from './table-chunk-hints';

/** What a table opens with: the view's parts, the player's tools, the command socket. */
const TABLE_OPENS = [
  'src/parts/table-parts.ts',
  'src/parts/player-tools.ts',
  'src/lib/socket-io-chunk.ts',
];

// In development the client runs on Vite's port and forwards the server's three doors
// (REST, socket.io, y-websocket) to the table server, so the browser sees one origin. The
// server checks Origin against its own host, so the proxy presents the server's origin.
const server = process.env.FATEBOARD_SERVER ?? 'http://localhost:3000';
const forward = { target: server, changeOrigin: true, headers: { origin: server } };

export default defineConfig({
  plugins: [svelte(), tableChunkHints(TABLE_OPENS)],
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
        // Few files before the table can draw (chunk-groups.ts says why and which).
        codeSplitting: { groups: chunkGroups(TABLE_OPENS) },
      },
    },
  },
});
