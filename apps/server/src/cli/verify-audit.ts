import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { checkAuditChain } from '../modules/audit/audit.service.ts';

/**
 * `npm run verify-audit`: checks the audit log's hash chain and prints the latest hash (to keep
 * elsewhere: a later check whose chain no longer reaches it shows entries cut off the end).
 * Exits 1 when an entry was changed, removed or slipped in.
 */
const config = loadConfig();
const database = await openDatabase(config);
await migrate(database);
const check = await checkAuditChain(database.db);
await database.close();
if (check.intact) {
  console.log(`Audit log intact: ${check.entries} entries, latest hash ${check.head ?? '(none)'}.`);
} else {
  const what = check.brokenAt!.reason === 'changed' ? 'was changed' : 'does not follow the entry before it (an entry was removed or slipped in)';
  console.error(`Audit log broken: entry ${check.brokenAt!.id} ${what}.`);
  process.exitCode = 1;
}
