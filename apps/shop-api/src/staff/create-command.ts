/**
 * `npm run staff:create -- <email> <role>`: creates a staff member (the first owner of a fresh shop) and prints their
 * one-time set-up link (password and authenticator). For an existing email address it prints a new link (a lost
 * phone): the account works as before until the link is used. Opens the database itself, with the API's settings
 * (DATABASE_URL or DATA_DIR); the embedded database (PGlite) is opened by one process at a time, so on it the shop
 * must be stopped first.
 */
import { emailSchema } from '@shop/contract';
import { STAFF_ROLES, type StaffRole } from '@shop/contract/admin';
import { readConfig } from '../config.ts';
import { prepareDatabase, StartupError } from '../start.ts';
import { issueSetupLink } from './setup.ts';

const [emailArgument, roleArgument] = process.argv.slice(2);
const email = emailSchema.safeParse(emailArgument ?? '');
if (!email.success || !STAFF_ROLES.includes(roleArgument as StaffRole)) {
  console.error(`Usage: npm run staff:create -- <email> <role>   (role: ${STAFF_ROLES.join(', ')})`);
  process.exit(2);
}
const config = readConfig();
if (!config.databaseUrl) {
  const running = await fetch(`http://127.0.0.1:${config.port}/health/live`, { signal: AbortSignal.timeout(1_000) }).catch(() => null);
  if (running) {
    console.error(`The shop API answers on port ${config.port} and holds the embedded database: stop the shop, run this again, then start it.`);
    process.exit(1);
  }
}
try {
  const handle = await prepareDatabase(config, false);
  const { url, created } = await issueSetupLink(handle.db, { email: email.data, role: roleArgument as StaffRole }, { script: 'npm run staff:create' }, config.backOfficeUrl);
  await handle.close();
  console.log(`${created ? 'Created' : 'New set-up link for'} ${email.data} (${roleArgument}). Open this link within 72 hours to set a password and an authenticator:\n${url}`);
} catch (error) {
  console.error(`staff:create: ${error instanceof StartupError ? error.message : String(error)}`);
  process.exit(1);
}
