/**
 * The operator CLI's exit codes: scripts and cron jobs branch on them.
 * 0 done; 1 the command ran and found a problem or could not do its work (ledger unbalanced, audit
 * chain broken, user exists); 2 wrong usage; 3 the environment (configuration, database) let nothing run.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, environment: 3 } as const;

/** An error the CLI prints as one line (no stack) and exits with `code`. */
export class CliError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message);
