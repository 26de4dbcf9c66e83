// Checks the import zones (scripts/import-zones.ts), then lints the sources with Biome (rules in
// biome.jsonc); any warning fails. The project installs only Biome's Linux x64 binary, so other
// platforms skip Biome rather than fail to install; the zone check runs everywhere.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const biome = join(root, 'node_modules/@biomejs/cli-linux-x64/biome');
const zones = spawnSync(process.execPath, [join(root, 'scripts/import-zones.ts')], { cwd: root, stdio: 'inherit' });
if (zones.status !== 0) process.exit(zones.status ?? 1);

const glibc = Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

if (process.platform !== 'linux' || process.arch !== 'x64' || !glibc) {
  console.log(`Biome skipped: the project installs Biome for linux-x64 (glibc) only, not ${process.platform}-${process.arch}`);
  process.exit(0);
}
if (!existsSync(biome)) {
  console.error(`Biome is missing at ${biome}; run npm ci (optional dependencies included).`);
  process.exit(1);
}
const res = spawnSync(biome, ['lint', '--error-on-warnings', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
