import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The shell files every build has (public/), fetched when the worker installs. */
const FIXED_SHELL = ['/', '/offline.html', '/offline.js', '/theme-boot.js', '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png'];

/** The entry chunk's JS, the chunks it imports statically and their CSS: what the first screen loads. */
function firstScreenFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  return [...seen].map((file) => `/${file}`);
}

/**
 * Emits sw.js from service-worker/sw.js with this build's shell list, and a version taken from the
 * build's file names, so a deploy installs a new worker and the old shell is dropped.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'bourse:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const precache = [...FIXED_SHELL, ...firstScreenFiles(bundle)];
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
      const template = readFileSync(fileURLToPath(new URL('./sw.js', import.meta.url)), 'utf8');
      const source = template.replace('__VERSION__', version).replace('__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
