#!/usr/bin/env node
// `npx bourse <command>`: the operator CLI (apps/server/src/cli/bourse.ts). Its TypeScript runs on
// Node.js 24, which the project pins through the `node` package; npx finds that one first on the
// PATH, and any other node that starts this file hands over to it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../apps/server/src/cli/bourse.ts', import.meta.url));
if (process.versions.node.split('.')[0] === '24') {
  await import(cli);
} else {
  const pinned = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
  if (!existsSync(pinned)) {
    console.error(`bourse: Node.js 24 is needed (this is ${process.version}) and the pinned one is not installed; run npm ci first.`);
    process.exit(3);
  }
  const run = spawnSync(pinned, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
