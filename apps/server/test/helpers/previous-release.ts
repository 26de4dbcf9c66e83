import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const MIGRATIONS = 'apps/server/src/db/migrations';

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

/**
 * Why the previous release cannot be had from this checkout (not a git repository, or a shallow
 * clone without the history), or null when it can.
 */
export function previousReleaseUnavailable(): string | null {
  try {
    if (git('rev-parse', '--is-shallow-repository') === 'true') return 'this clone is shallow: the previous release is not in it';
    return null;
  } catch {
    return 'this checkout is not a git repository';
  }
}

/**
 * The release this build upgrades from: `UPGRADE_FROM` when set, otherwise the commit before the
 * one that last added a migration, so the upgrade runs through the newest schema change.
 */
export function previousReleaseRef(): string {
  const from = process.env.UPGRADE_FROM;
  if (from) return git('rev-parse', '--verify', `${from}^{commit}`);
  const lastMigration = git('log', '-1', '--format=%H', '--diff-filter=A', 'HEAD', '--', MIGRATIONS);
  return git('rev-parse', '--verify', `${lastMigration}^`);
}

/** The migration files of `ref`, in the order they apply. */
export function migrationsAt(ref: string): string[] {
  return git('ls-tree', '--name-only', `${ref}:${MIGRATIONS}`)
    .split('\n')
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * The tree of `ref` written to `dir`, runnable as it is: its own workspace packages, and this
 * checkout's installed dependencies for everything else (a release's lockfile changes are rare;
 * when one matters, the old node fails to start and says which module it misses).
 */
export function checkOutRelease(ref: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive --format=tar ${ref} | tar -x -C '${dir}'`], { cwd: repoRoot });
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@bourse'), { recursive: true });
  for (const name of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (name === '@bourse' || name === '.bin' || name.startsWith('.')) continue;
    symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(modules, name));
  }
  for (const name of readdirSync(path.join(dir, 'packages'))) symlinkSync(path.join(dir, 'packages', name), path.join(modules, '@bourse', name));
  return dir;
}
