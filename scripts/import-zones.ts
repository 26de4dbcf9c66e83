// Checks the import zones: a web feature reaches another feature only through its public surface,
// a server module reaches another module only through its services, shared web code never imports
// a feature or the app shell, and nothing in packages/ imports an app. Run by `npm run lint`.
// Crossings that predate the rule are listed in import-zones.known.txt and tolerated until fixed;
// a new crossing, or a listed one that is gone, fails the check (so the list only ever shrinks).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

export type Crossing = { file: string; line: number; target: string; rule: string };

const KNOWN = 'scripts/import-zones.known.txt';
const APP_PACKAGES = /^@bourse\/(server|web)(\/|$)/;

const RULES = {
  feature: "reaches into another feature; use its top-level files or api/, or move the shared part to src/components, src/lib or src/hooks",
  shared: 'shared web code (components, lib, hooks, stores, config, i18n) imports a feature or the app shell',
  module: "reaches into another server module; use its *.service.ts, or move the shared part to src/lib",
  packages: 'a package imports an app',
};

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier a file names (imports, re-exports, literal dynamic imports) with its line. */
function specifiers(file: string, source: string): { spec: string; line: number }[] {
  const { module } = parseSync(file, source);
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const found = [
    ...module.staticImports.map((i) => ({ spec: i.moduleRequest.value, at: i.start })),
    ...module.staticExports.flatMap((e) => e.entries.flatMap((x) => (x.moduleRequest ? [{ spec: x.moduleRequest.value, at: e.start }] : []))),
    ...module.dynamicImports.flatMap((d) => {
      const text = source.slice(d.moduleRequest.start, d.moduleRequest.end);
      return /^(['"`])[^'"`$]*\1$/.test(text) ? [{ spec: text.slice(1, -1), at: d.start }] : [];
    }),
  ];
  const seen = new Set<string>();
  return found.filter((f) => !seen.has(`${f.spec}@${f.at}`) && seen.add(`${f.spec}@${f.at}`)).map((f) => ({ spec: f.spec, line: lineOf(f.at) }));
}

/** The repository-relative path a specifier points at, or null for a package. */
function resolve(file: string, spec: string): string | null {
  if (spec.startsWith('@/') && file.startsWith('apps/web/')) return path.posix.join('apps/web/src', spec.slice(2));
  if (spec.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return null;
}

/** Which rule an import from `file` to `spec` breaks, or null when it stays in its zone. */
function brokenRule(file: string, spec: string, target: string | null): keyof typeof RULES | null {
  if (file.startsWith('packages/')) return APP_PACKAGES.test(spec) || target?.startsWith('apps/') ? 'packages' : null;
  if (!target) return null;
  const from = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  const to = /^apps\/web\/src\/features\/([^/]+)\/(.+)$/.exec(target);
  if (from && to && from[1] !== to[1]) return to[2]!.includes('/') && !to[2]!.startsWith('api/') ? 'feature' : null;
  const shared = /^apps\/web\/src\/(components|lib|hooks|stores|config|i18n)\//.test(file);
  if (shared && /^apps\/web\/src\/(features|app)\//.test(target)) return 'shared';
  const fromModule = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file);
  const toModule = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(target);
  if (fromModule && toModule && fromModule[1] !== toModule[1]) return toModule[2]!.endsWith('.service.ts') ? null : 'module';
  return null;
}

/** Every import under `root` that leaves its zone. */
export function findCrossings(root: string): Crossing[] {
  const dirs = ['apps/web/src', 'apps/server/src', 'packages'];
  return dirs.flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap((full) => {
      const file = path.relative(root, full).split(path.sep).join('/');
      return specifiers(file, readFileSync(full, 'utf8')).flatMap(({ spec, line }) => {
        const target = resolve(file, spec);
        const rule = brokenRule(file, spec, target);
        return rule ? [{ file, line, target: target ?? spec, rule: RULES[rule] }] : [];
      });
    }),
  );
}

const keyOf = (c: Pick<Crossing, 'file' | 'target'>) => `${c.file} -> ${c.target}`;

/** The lines to print for what is wrong under `root` (empty when the zones hold). */
export function checkImportZones(root: string): string[] {
  const knownFile = path.join(root, KNOWN);
  const known = new Set(existsSync(knownFile) ? readFileSync(knownFile, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')) : []);
  const crossings = findCrossings(root);
  const fresh = crossings.filter((c) => !known.has(keyOf(c))).map((c) => `${c.file}:${c.line}  imports ${c.target}: ${c.rule}`);
  const present = new Set(crossings.map(keyOf));
  const gone = [...known].filter((k) => !present.has(k)).map((k) => `${KNOWN}: "${k}" no longer crosses; delete the line`);
  return [...fresh, ...gone];
}

if (import.meta.main) {
  const problems = checkImportZones(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`import zones: ${problems.length} problem(s); the zones are described in scripts/import-zones.ts`);
    process.exit(1);
  }
}
