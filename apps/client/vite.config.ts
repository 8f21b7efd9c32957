import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// In development the client runs on Vite's port and forwards the server's three doors
// (REST, socket.io, y-websocket) to the table server, so the browser sees one origin. The
// server checks Origin against its own host, so the proxy presents the server's origin.
const server = process.env.FATEBOARD_SERVER ?? 'http://localhost:3000';
const forward = { target: server, changeOrigin: true, headers: { origin: server } };

export default defineConfig({
  plugins: [svelte()],
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
  },
});
