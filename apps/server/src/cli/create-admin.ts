import { parseArgs } from 'node:util';
import { z } from 'zod';
import { hashPassword } from '../lib/tokens.ts';
import { findUserByEmail, insertUser } from '../modules/users/users.repository.ts';
import { CliError, EXIT, usageError } from './cli-errors.ts';
import { cliConfig, openCliDatabase } from './cli-support.ts';

/** `bourse create-admin`: the first admin of an install (or another one), active at once. */
export async function createAdmin(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Site' },
      'last-name': { type: 'string', default: 'Admin' },
    },
  });
  const input = z
    .object({ email: z.email(), password: z.string().min(12, 'Admin passwords need at least 12 characters') })
    .safeParse(values);
  if (!input.success) throw usageError(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));

  const config = cliConfig();
  const database = await openCliDatabase(config);
  try {
    if (await findUserByEmail(database.db, input.data.email)) throw new CliError(EXIT.failed, `A user with email ${input.data.email} already exists.`);
    const user = await insertUser(database.db, {
      email: input.data.email,
      passwordHash: await hashPassword(input.data.password),
      firstName: values['first-name']!,
      lastName: values['last-name']!,
      username: input.data.email.split('@')[0]!,
      role: 'admin',
      status: 'active',
    });
    console.log(`Admin ${user.email} created (id ${user.id}).`);
    return EXIT.ok;
  } finally {
    await database.close();
  }
}
