import { CliError, EXIT } from './cli-errors.ts';
import { DAILY_JOBS, rerunJobUsage } from './daily-jobs.ts';

/**
 * The operator CLI, `npx bourse <command>` (bin/bourse.js starts it on the pinned Node.js). It reads
 * the same environment as a node (DATABASE_URL or DATA_DIR, NODE_ENV and the secrets production
 * requires) and applies this build's migrations first, as a node does. A command's code is loaded
 * only when it runs, so `help` and usage errors answer at once.
 */
const COMMANDS: Record<string, { usage: string; about: string; run(args: string[]): Promise<number> }> = {
  'create-admin': {
    usage: 'create-admin --email E --password P [--first-name F] [--last-name L]',
    about: 'creates an active admin who can sign in at once',
    run: async (args) => (await import('./create-admin.ts')).createAdmin(args),
  },
  'verify-audit': {
    usage: 'verify-audit',
    about: "checks the audit log's hash chain and prints its latest hash",
    run: async (args) => (await import('./verify-audit.ts')).verifyAudit(args),
  },
  'ledger-check': {
    usage: 'ledger-check',
    about: 'checks that every balance is the sum of its journal and no live balance is below zero',
    run: async (args) => (await import('./ledger-check.ts')).ledgerCheck(args),
  },
  'export-customer': {
    usage: 'export-customer (--id N | --email E) --out FILE.zip',
    about: "writes a customer's data (JSON and their files) to a ZIP, as they would download it",
    run: async (args) => (await import('./export-customer.ts')).exportCustomer(args),
  },
  'rerun-job': {
    usage: rerunJobUsage,
    about: 'runs a daily job again for one day; it does only what was not done for that day',
    run: async (args) => (await import('./rerun-job.ts')).rerunJob(args),
  },
  help: {
    usage: 'help',
    about: 'prints this text',
    run: async () => {
      console.log(helpText());
      return EXIT.ok;
    },
  },
};

function helpText(): string {
  return [
    'Usage: npx bourse <command> [options]',
    '',
    'Commands:',
    ...Object.values(COMMANDS).flatMap((c) => [`  ${c.usage}`, `      ${c.about}`]),
    '',
    'Daily jobs (rerun-job):',
    ...DAILY_JOBS.flatMap((j) => [`  ${j.name}`, `      ${j.about}`]),
    '',
    'The command uses the environment a node of this install uses: DATABASE_URL (or DATA_DIR for the',
    'embedded database, with the server stopped), NODE_ENV and, in production, the required secrets.',
    "Like a node, it applies this build's database migrations first.",
    '',
    'Exit codes: 0 done; 1 the command found a problem or could not do its work; 2 wrong usage;',
    '3 the configuration or the database let nothing run.',
  ].join('\n');
}

/** Runs one command line; answers the process's exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === '--help' || name === '-h') return COMMANDS.help!.run([]);
  if (name === undefined) {
    console.error(helpText());
    return EXIT.usage;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(`bourse: unknown command "${name}". Run "npx bourse help" for the list.`);
    return EXIT.usage;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`bourse ${name}: ${error.message}`);
      return error.code;
    }
    // parseArgs: an unknown option, a value missing.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`bourse ${name}: ${(error as Error).message}\nUsage: npx bourse ${command.usage}`);
      return EXIT.usage;
    }
    console.error(`bourse ${name} failed: ${(error as Error).message}`);
    return EXIT.failed;
  }
}

// Pipes and files take console output synchronously on Linux, so exiting at once loses nothing; it
// also ends what a command left open (a pool's idle timers).
process.exit(await main(process.argv.slice(2)));
