import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const server = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
      '/app': { target: server, ws: true },
    },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // @bourse/domain pairs float helpers (used here) with decimal ones (server only) in the same
      // modules; decimal.js is pure, so it can go when nothing in the client calls it.
      treeshake: { moduleSideEffects: (id) => !id.includes('/node_modules/decimal.js/') },
    },
  },
});
