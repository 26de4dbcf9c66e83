import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { hashPassword } from '../lib/tokens.ts';
import { findUserByEmail, insertUser } from '../modules/users/users.repository.ts';

/** `npm run create-admin -- --email E --password P [--first-name F --last-name L]` */
const { values } = parseArgs({
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
if (!input.success) {
  console.error(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config);
await migrate(database);
if (await findUserByEmail(database.db, input.data.email)) {
  console.error(`A user with email ${input.data.email} already exists.`);
  await database.close();
  process.exit(1);
}
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
await database.close();
