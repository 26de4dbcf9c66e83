// Lints the sources with Biome (rules in biome.jsonc); any warning fails. The project installs
// only Biome's Linux x64 binary, so other platforms skip the lint rather than fail to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const biome = join(root, 'node_modules/@biomejs/cli-linux-x64/biome');
const glibc = Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

if (process.platform !== 'linux' || process.arch !== 'x64' || !glibc) {
  console.log(`lint skipped: the project installs Biome for linux-x64 (glibc) only, not ${process.platform}-${process.arch}`);
  process.exit(0);
}
if (!existsSync(biome)) {
  console.error(`Biome is missing at ${biome}; run npm ci (optional dependencies included).`);
  process.exit(1);
}
const res = spawnSync(biome, ['lint', '--error-on-warnings', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
