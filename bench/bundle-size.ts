// Per-route JavaScript weight of the built web client, gzip. Builds into a private directory with a
// Vite manifest (or reads an existing one: --dist <dir> built with --manifest), then follows static
// imports from the app entry and from each lazily loaded route module. Prints JSON.
//   node bench/bundle-size.ts [--dist <dir>]
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import sourceMap from 'source-map-js';

type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

const repo = path.resolve(import.meta.dirname, '..');
const TRADING_ROOM = 'src/app/routes/trading-room.tsx';
const GOAL_KB = 250;

function build(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bourse-bundle-'));
  const vite = path.join(repo, 'apps/web/node_modules/vite/bin/vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--sourcemap'], { cwd: path.join(repo, 'apps/web'), encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`build failed:\n${res.stdout}\n${res.stderr}`);
  return outDir;
}

const argv = process.argv.slice(2);
const given = argv.includes('--dist') ? path.resolve(argv[argv.indexOf('--dist') + 1]!) : null;
const dist = given ?? build();
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const sizes = new Map<string, { raw: number; gzip: number }>();

function sizeOf(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const bytes = readFileSync(path.join(dist, file));
    s = { raw: bytes.length, gzip: gzipSync(bytes).length };
    sizes.set(file, s);
  }
  return s;
}

/** Every chunk a module needs before it runs: itself and its static imports, transitively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

/**
 * Where a chunk's bytes come from, by package (or app folder), from its source map: minified bytes,
 * sampled every 32 characters. Empty when the build has no source maps.
 */
function origins(files: string[], top = 8): Record<string, number> {
  const bytes = new Map<string, number>();
  for (const file of files) {
    let map: sourceMap.RawSourceMap;
    try {
      map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8'));
    } catch {
      continue;
    }
    const consumer = new sourceMap.SourceMapConsumer(map);
    readFileSync(path.join(dist, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (let col = 0; col < line.length; col += 32) {
          const src = consumer.originalPositionFor({ line: i + 1, column: col }).source ?? '(generated)';
          const pkg = src.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? src.match(/(?:src|packages)\/([^/]+(?:\/[^/]+)?)/)?.[1] ?? src;
          bytes.set(pkg, (bytes.get(pkg) ?? 0) + Math.min(32, line.length - col));
        }
      });
  }
  return Object.fromEntries([...bytes].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => [k, kb(v)]));
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
function weigh(keys: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  for (const k of keys) {
    const s = sizeOf(manifest[k]!.file);
    raw += s.raw;
    gzip += s.gzip;
  }
  return { rawKB: kb(raw), gzipKB: kb(gzip) };
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const entry = closure(entryKey);
// Route modules: what the router (in the app entry) imports lazily.
const routeKeys = new Set([...entry].flatMap((k) => manifest[k]?.dynamicImports ?? []));
const routes = [...routeKeys]
  .map((key) => {
    const own = [...closure(key)].filter((k) => !entry.has(k));
    return { route: key, ...weigh(own), initialGzipKB: weigh(new Set([...entry, ...own])).gzipKB };
  })
  .sort((a, b) => b.gzipKB - a.gzipKB);

const room = routes.find((r) => r.route === TRADING_ROOM);
// What the room itself loads on demand: dynamic imports of its own chunks (not the app entry's routes).
const roomOwn = [...closure(TRADING_ROOM)].filter((k) => !entry.has(k));
const roomLazy = [...new Set(roomOwn.flatMap((k) => manifest[k]?.dynamicImports ?? []))].filter((k) => !entry.has(k));
const cssGzipKB = kb(
  [...new Set(Object.values(manifest).flatMap((c) => c.css ?? []))].reduce((sum, f) => sum + sizeOf(f).gzip, 0),
);

console.log(
  JSON.stringify(
    {
      bench: 'bundle-size',
      compression: 'gzip (zlib default level)',
      appEntry: { ...weigh(entry), largestRawKB: origins([...entry].map((k) => manifest[k]!.file)) },
      css: { gzipKB: cssGzipKB },
      tradingRoom: room && {
        routeOnly: { rawKB: room.rawKB, gzipKB: room.gzipKB, largestRawKB: origins(roomOwn.map((k) => manifest[k]!.file)) },
        initialJsGzipKB: room.initialGzipKB,
        goalGzipKB: GOAL_KB,
        withinGoal: room.initialGzipKB <= GOAL_KB,
        loadedAfterFirstRender: roomLazy.map((k) => ({ chunk: k, ...weigh([...closure(k)].filter((c) => !entry.has(c) && !roomOwn.includes(c))) })),
      },
      peer: 'every route: its own chunks beyond the app entry, and entry + route (what a first visit to it downloads)',
      routes,
    },
    null,
    2,
  ),
);
if (!given) rmSync(dist, { recursive: true, force: true });
