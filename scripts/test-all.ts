// The README's test command: typecheck, lint, dependency audit, every suite (unit, server integration
// on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, browser), the twenty slowest tests, then one summary line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
mkdirSync('screenshots', { recursive: true });

type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
/** Every failed test, named again just above the summary line, where a log cut short still shows them. */
const failures: string[] = [];

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; duration?: number }[] }[];
};

/** Adds a Vitest JSON report's counts and failures; false when the report is missing. */
function addVitest(file: string, suite: string): boolean {
  if (!existsSync(file)) return false;
  const v = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  add({ passed: v.numPassedTests, failed: v.numFailedTests, skipped: v.numTotalTests - v.numPassedTests - v.numFailedTests });
  for (const f of v.testResults) {
    const path = f.name.replace(`${process.cwd()}/`, '');
    for (const a of f.assertionResults.filter((a) => a.status === 'failed')) failures.push(`${suite}: ${path} › ${a.fullName}`);
    // A file that failed before its tests ran (a hook, an import) has no failed test to name.
    if (f.message && !f.assertionResults.some((a) => a.status === 'failed')) failures.push(`${suite}: ${path}: ${f.message.split('\n')[0]}`);
  }
  return true;
}

type PlaywrightSuite = { title: string; specs?: { title: string; tests: { status: string }[] }[]; suites?: PlaywrightSuite[] };

/** The titles of the tests Playwright's JSON report gives a status: `flaky` (failed first, passed on retry) or `unexpected` (failed). */
function titlesWith(status: 'flaky' | 'unexpected', suites: PlaywrightSuite[], path: string[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => spec.tests.some((t) => t.status === status)).map((spec) => [...path, suite.title, spec.title].join(' › ')),
    ...titlesWith(status, suite.suites ?? [], [...path, suite.title]),
  ]);
}

type Timing = { suite: string; title: string; ms: number };
const timings: Timing[] = [];

/** Every test's duration from a Vitest JSON report, labelled with the suite that ran it. */
function vitestTimings(file: string, suite: string): Timing[] {
  if (!existsSync(file)) return [];
  const v = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  return v.testResults.flatMap((f) => f.assertionResults.map((a) => ({ suite, title: `${f.name.replace(`${process.cwd()}/`, '')} › ${a.fullName}`, ms: a.duration ?? 0 })));
}

type PlaywrightTimedSuite = { title: string; specs?: { title: string; file: string; tests: { results: { duration: number }[] }[] }[]; suites?: PlaywrightTimedSuite[] };

/** Every browser test's duration, its retries included (the time CI spent on it). */
function playwrightTimings(suites: PlaywrightTimedSuite[]): Timing[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).map((spec) => ({ suite: 'browser', title: `${spec.file} › ${spec.title}`, ms: spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0) })),
    ...playwrightTimings(suite.suites ?? []),
  ]);
}

function add(t: Tally) {
  total.passed += t.passed;
  total.failed += t.failed;
  total.skipped += t.skipped;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/**
 * Runs a command, its output straight to the terminal, or kept and printed in one piece when it
 * ends (`buffered`), so that passes running side by side stay readable. Prints how long it took.
 */
function run(label: string, command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; buffered?: boolean } = {}): Promise<void> {
  const began = performance.now();
  const heading = `\n=== ${label}: ${command} ${args.join(' ')}`;
  if (!opts.buffered) console.log(heading);
  const child = spawn(command, args, { env: opts.env ?? process.env, stdio: opts.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      if (opts.buffered) console.log(`${heading}\n${output.trimEnd()}`);
      console.log(`=== ${label}: ${code === 0 ? 'done' : `exited with ${code ?? signal}`} in ${seconds(began)}`);
      if (code !== 0) broken = true;
      resolve();
    }),
  );
}

const began = performance.now();
const vitest = (projects: string[], report: string) => ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile=${results}/${report}`];
// CI (and anyone with a PostgreSQL to spare) runs the suites about the database engine again on
// PostgreSQL, with Redis for the multi-node tests; vitest.config.ts lists which.
const pgUrl = process.env.TEST_DATABASE_URL;
const { DATABASE_URL: _, ...pgliteEnv } = process.env;

// The checks and the PostgreSQL pass run beside the PGlite pass: much of a server test's time is
// waiting (timers, child processes, the database server), which leaves a core to the others.
const checks = (async () => {
  await run('typecheck', 'npm', ['run', 'typecheck'], { buffered: true });
  await run('lint', 'npm', ['run', 'lint'], { buffered: true });
  await run('dependency audit', 'node', ['scripts/audit-deps.ts'], { buffered: true });
})();
const postgresPass = pgUrl
  ? run('server integration on PostgreSQL', 'vitest', vitest(['postgres'], 'vitest-pg.json'), {
      env: { ...process.env, DATABASE_URL: pgUrl, REDIS_URL: process.env.TEST_REDIS_URL ?? '' },
      buffered: true,
    })
  : null;
await Promise.all([checks, postgresPass, run('unit and integration on PGlite', 'vitest', vitest(['unit', 'integration'], 'vitest.json'), { env: pgliteEnv })]);
console.log(`\n=== everything but the browser tests took ${seconds(began)}`);
if (!addVitest(`${results}/vitest.json`, 'unit and integration')) broken = true;
timings.push(...vitestTimings(`${results}/vitest.json`, 'unit and integration'));
if (pgUrl) {
  if (!addVitest(`${results}/vitest-pg.json`, 'integration on PostgreSQL')) broken = true;
  timings.push(...vitestTimings(`${results}/vitest-pg.json`, 'integration on PostgreSQL'));
}

await run('browser', 'npm', ['run', 'test:e2e']);
if (existsSync(`${results}/playwright.json`)) {
  const p = JSON.parse(readFileSync(`${results}/playwright.json`, 'utf8'));
  add({ passed: p.stats.expected + p.stats.flaky, failed: p.stats.unexpected, skipped: p.stats.skipped });
  for (const title of titlesWith('flaky', p.suites)) console.log(`flaky (passed on retry): ${title}`);
  failures.push(...titlesWith('unexpected', p.suites).map((title) => `browser: ${title}`));
  timings.push(...playwrightTimings(p.suites));
} else broken = true;

// Where the run's time goes, so the slowest tests are the ones looked at first.
console.log('\n=== the twenty slowest tests');
for (const t of timings.sort((a, b) => b.ms - a.ms).slice(0, 20)) console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.suite}: ${t.title}`);

if (failures.length > 0) console.log(`\n=== failed\n${failures.join('\n')}`);
if (broken && total.failed === 0) total.failed = 1;
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped in ${seconds(began)}`);
process.exit(total.failed > 0 || broken ? 1 : 0);
