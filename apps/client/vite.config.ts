import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// In development the client runs on Vite's port and forwards the server's three doors
// (REST, socket.io, y-websocket) to the table server, so the browser sees one origin.
const server = process.env.FATEBOARD_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [svelte()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/healthz': { target: server, changeOrigin: true },
      '/socket.io': { target: server, changeOrigin: true, ws: true },
      '/yjs': { target: server, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
