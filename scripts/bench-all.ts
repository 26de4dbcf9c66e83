// Runs every benchmark in bench/ one after another; each prints its own JSON.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.ts') && !f.startsWith('_') && (!only.length || only.some((o) => f.includes(o))));
let failed = 0;
for (const file of files.sort()) {
  console.error(`\n=== bench/${file}`);
  const res = spawnSync('node', [`bench/${file}`], { stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
