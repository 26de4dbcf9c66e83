// The README's test command: typecheck, lint, dependency audit, every suite (unit, server integration, browser), then one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
mkdirSync('screenshots', { recursive: true });

type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function run(label: string, command: string, args: string[]) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const res = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (res.status !== 0) {
    console.error(`${label} exited with ${res.status ?? res.signal}`);
    broken = true;
  }
}

/** Adds a Vitest JSON report's counts; false when the report is missing. */
function addVitest(file: string): boolean {
  if (!existsSync(file)) return false;
  const v = JSON.parse(readFileSync(file, 'utf8'));
  add({ passed: v.numPassedTests, failed: v.numFailedTests, skipped: v.numTotalTests - v.numPassedTests - v.numFailedTests });
  return true;
}

type PlaywrightSuite = { title: string; specs?: { title: string; tests: { status: string }[] }[]; suites?: PlaywrightSuite[] };

/** The titles of the tests Playwright's JSON report marks flaky: failed first, passed on retry. */
function flakyTitles(suites: PlaywrightSuite[], path: string[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => spec.tests.some((t) => t.status === 'flaky')).map((spec) => [...path, suite.title, spec.title].join(' › ')),
    ...flakyTitles(suite.suites ?? [], [...path, suite.title]),
  ]);
}

type Timing = { suite: string; title: string; ms: number };
const timings: Timing[] = [];

/** Every test's duration from a Vitest JSON report, labelled with the suite that ran it. */
function vitestTimings(file: string, suite: string): Timing[] {
  if (!existsSync(file)) return [];
  const v = JSON.parse(readFileSync(file, 'utf8')) as { testResults: { name: string; assertionResults: { fullName: string; duration?: number }[] }[] };
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

run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npm', ['run', 'lint']);
run('dependency audit', 'node', ['scripts/audit-deps.ts']);
run('unit and integration', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile=${results}/vitest.json`]);
if (!addVitest(`${results}/vitest.json`)) broken = true;
timings.push(...vitestTimings(`${results}/vitest.json`, 'unit and integration'));

run('browser', 'npm', ['run', 'test:e2e']);
if (existsSync(`${results}/playwright.json`)) {
  const p = JSON.parse(readFileSync(`${results}/playwright.json`, 'utf8'));
  add({ passed: p.stats.expected + p.stats.flaky, failed: p.stats.unexpected, skipped: p.stats.skipped });
  for (const title of flakyTitles(p.suites)) console.log(`flaky (passed on retry): ${title}`);
  timings.push(...playwrightTimings(p.suites));
} else broken = true;

// CI (and anyone with a PostgreSQL to spare) runs the server integration suite again on PostgreSQL,
// with Redis for the multi-node tests.
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const env = { ...process.env, DATABASE_URL: pgUrl, REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
  console.log('\n=== server integration on PostgreSQL');
  const res = spawnSync('vitest', ['run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile=${results}/vitest-pg.json`], { stdio: 'inherit', env });
  if (res.status !== 0) broken = true;
  if (!addVitest(`${results}/vitest-pg.json`)) broken = true;
  timings.push(...vitestTimings(`${results}/vitest-pg.json`, 'integration on PostgreSQL'));
}

// Where the run's time goes, so the slowest tests are the ones looked at first.
console.log('\n=== the twenty slowest tests');
for (const t of timings.sort((a, b) => b.ms - a.ms).slice(0, 20)) console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.suite}: ${t.title}`);

if (broken && total.failed === 0) total.failed = 1;
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || broken ? 1 : 0);
