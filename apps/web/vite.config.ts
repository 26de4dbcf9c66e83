import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './service-worker/vite-plugin.ts';

const server = `http://localhost:${process.env.API_PORT ?? 3000}`;

type AstNode = { type: string; start: number };
const isNode = (v: unknown): v is AstNode => typeof v === 'object' && v !== null && typeof (v as AstNode).type === 'string';

/** Start offsets of the calls evaluated with `node` (not those in functions it defines: they run later). */
function callStarts(node: AstNode, out: Set<number>): Set<number> {
  if (/Function|Class/.test(node.type)) return out;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') out.add(node.start);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) callStarts(child, out);
  }
  return out;
}

/**
 * @bourse/contract modules only declare values (zod schemas, messages, event maps), but the bundler
 * cannot tell that building a schema has no side effects, so every schema of a module the client
 * imports anything from would ship, and zod with it, used or not. Marking the calls of top-level
 * initialisers pure lets the unused ones go: a screen that needs only `channels` or `priceSocket`
 * does not carry zod. (The package's `sideEffects: false` does the same for whole modules.)
 */
function contractSchemasArePure(): Plugin {
  return {
    name: 'bourse:contract-schemas-are-pure',
    transform(code, id) {
      if (!id.includes('/packages/contract/src/') || id.endsWith('.test.ts')) return null;
      const starts = new Set<number>();
      for (const node of this.parse(code).body) {
        const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (decl?.type !== 'VariableDeclaration') continue;
        for (const { init } of decl.declarations) if (init) callStarts(init as AstNode, starts);
      }
      let out = code;
      for (const at of [...starts].sort((a, b) => b - a)) out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`;
      // The comments only shift columns within lines: the previous source map stays right enough.
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), contractSchemasArePure(), serviceWorker()],
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
