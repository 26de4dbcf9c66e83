import path from 'node:path';
import { build } from 'esbuild';

const browserDir = path.resolve(import.meta.dirname, '../browser');

/**
 * Bundles a script of bench/browser for the page: an IIFE to run before the page's own scripts, or
 * an ES module for a page of its own. (They are typechecked with the web client, which has the DOM.)
 */
export async function browserBundle(file: string, format: 'iife' | 'esm' = 'iife'): Promise<string> {
  const out = await build({
    entryPoints: [path.join(browserDir, file)],
    bundle: true,
    write: false,
    minify: true,
    format,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}
