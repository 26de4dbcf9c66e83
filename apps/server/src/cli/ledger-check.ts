import { parseArgs } from 'node:util';
import { checkLedger } from '../modules/accounts/ledger-check.ts';
import { EXIT } from './cli-errors.ts';
import { cliConfig, openCliDatabase } from './cli-support.ts';

/** How many accounts of each kind of failure are named; the count is always whole. */
const NAMED = 20;

/**
 * `bourse ledger-check`: the worker's ledger check on demand. Every account's balance must be the
 * sum of its journal and no live balance below zero; exits 1 naming the accounts otherwise.
 */
export async function ledgerCheck(args: string[]): Promise<number> {
  parseArgs({ args, options: {} });
  const database = await openCliDatabase(cliConfig());
  try {
    const { unbalanced, negative } = await checkLedger(database.db);
    if (unbalanced.length === 0 && negative.length === 0) {
      console.log('Ledger balanced: every balance is the sum of its journal, and no live balance is below zero.');
      return EXIT.ok;
    }
    if (unbalanced.length) {
      console.error(`${unbalanced.length} account(s) whose balance is not the sum of their journal:`);
      for (const a of unbalanced.slice(0, NAMED)) console.error(`  account ${a.id}: balance ${a.balance}, journal ${a.journal}`);
    }
    if (negative.length) {
      console.error(`${negative.length} live account(s) below zero:`);
      for (const a of negative.slice(0, NAMED)) console.error(`  account ${a.id}: balance ${a.balance}`);
    }
    return EXIT.failed;
  } finally {
    await database.close();
  }
}
