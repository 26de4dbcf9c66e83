import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createFileStore } from '../lib/uploads/file-store.ts';
import { audit } from '../modules/audit/audit.service.ts';
import { customerDataEntries } from '../modules/privacy/customer-data.ts';
import { userForPrivacy } from '../modules/privacy/privacy.repository.ts';
import { zipArchive } from '../modules/privacy/zip-archive.ts';
import { findUserByEmail } from '../modules/users/users.repository.ts';
import { CliError, EXIT, usageError } from './cli-errors.ts';
import { cliConfig, openCliDatabase } from './cli-support.ts';

const options = z
  .object({ id: z.coerce.number().int().positive().optional(), email: z.email().optional(), out: z.string({ error: 'give the file to write with --out' }).min(1, 'give the file to write with --out') })
  .refine((o) => (o.id === undefined) !== (o.email === undefined), 'give either --id or --email');

/**
 * `bourse export-customer`: the copy of a customer's data a request by letter is answered with, the
 * same ZIP the customer downloads from the client area and an admin from the back office (JSON of
 * every section and their files). Audited as the system's; the file is written readable by its
 * owner only and never over an existing one.
 */
export async function exportCustomer(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { id: { type: 'string' }, email: { type: 'string' }, out: { type: 'string' } } });
  const input = options.safeParse(values);
  if (!input.success) throw usageError(input.error.issues.map((i) => i.message).join('\n'));

  const config = cliConfig();
  const database = await openCliDatabase(config);
  try {
    const { id, email, out } = input.data;
    const userId = id ?? (await findUserByEmail(database.db, email!))?.id;
    const user = userId === undefined ? null : await userForPrivacy(database.db, userId);
    if (!user || userId === undefined) throw new CliError(EXIT.failed, `No user ${id !== undefined ? `with id ${id}` : `with email ${email}`}.`);
    if (user.erased_at) throw new CliError(EXIT.failed, `User ${userId} was erased on ${new Date(user.erased_at).toISOString().slice(0, 10)}: there is no personal data left to copy.`);
    const entries = await customerDataEntries(database.db, createFileStore(config), userId);
    if (!entries) throw new CliError(EXIT.failed, `No user with id ${userId}.`);
    const zip = await zipArchive(entries);
    await writeFile(out, zip, { flag: 'wx', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
      throw new CliError(EXIT.failed, error.code === 'EEXIST' ? `${out} exists already; give another file.` : `cannot write ${out}: ${error.message}`);
    });
    await audit(database.db, 'system', { action: 'privacy.export_downloaded', subjectType: 'user', subjectId: userId, userId, details: { size: zip.length, by: 'cli' } });
    console.log(`Wrote ${out}: ${entries.length} file(s), ${zip.length} bytes, the data of user ${userId}.`);
    return EXIT.ok;
  } finally {
    await database.close();
  }
}
