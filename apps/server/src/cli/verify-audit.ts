import { parseArgs } from 'node:util';
import { checkAuditChain } from '../modules/audit/audit.service.ts';
import { EXIT } from './cli-errors.ts';
import { cliConfig, openCliDatabase } from './cli-support.ts';

/**
 * `bourse verify-audit`: checks the audit log's hash chain and prints the latest hash (to keep
 * elsewhere: a later check whose chain no longer reaches it shows entries cut off the end).
 * Exits 1 when an entry was changed, removed or slipped in.
 */
export async function verifyAudit(args: string[]): Promise<number> {
  parseArgs({ args, options: {} });
  const database = await openCliDatabase(cliConfig());
  try {
    const check = await checkAuditChain(database.db);
    if (check.intact) {
      console.log(`Audit log intact: ${check.entries} entries, latest hash ${check.head ?? '(none)'}.`);
      return EXIT.ok;
    }
    const what = check.brokenAt!.reason === 'changed' ? 'was changed' : 'does not follow the entry before it (an entry was removed or slipped in)';
    console.error(`Audit log broken: entry ${check.brokenAt!.id} ${what}.`);
    return EXIT.failed;
  } finally {
    await database.close();
  }
}
