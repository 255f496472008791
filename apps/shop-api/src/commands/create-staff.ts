/**
 * `npm run staff:create -- <email> <role>`: creates a staff member (the first owner of a fresh shop) and prints their
 * one-time set-up link (password and authenticator). For an existing email address it prints a new link (a lost
 * phone): the account works as before until the link is used. Opens the database itself, with the API's settings
 * (DATABASE_URL or DATA_DIR); but the embedded database (PGlite) is opened by one process at a time, so while the
 * API runs on it the script asks the API instead, with ADMIN_TOKEN (the scripts' key, as for `npm run refund`).
 */
import { emailSchema } from '@shop/contract';
import { STAFF_ROLES, type StaffRole } from '@shop/contract/admin';
import { readConfig } from '../config.ts';
import { prepareDatabase, StartupError } from '../start.ts';
import { issueSetupLink } from '../staff/setup.ts';

const [emailArgument, roleArgument] = process.argv.slice(2);
const email = emailSchema.safeParse(emailArgument ?? '');
if (!email.success || !STAFF_ROLES.includes(roleArgument as StaffRole)) {
  console.error(`Usage: npm run staff:create -- <email> <role>   (role: ${STAFF_ROLES.join(', ')})`);
  process.exit(2);
}
const config = readConfig();
const member = { email: email.data, role: roleArgument as StaffRole };

/** Through the running API, which holds the embedded database. */
async function askApi(): Promise<{ url: string; created: boolean }> {
  if (!config.adminToken) {
    console.error(`The shop API answers on port ${config.port} and holds the embedded database: set ADMIN_TOKEN (the API's), or stop the shop and run this again.`);
    process.exit(1);
  }
  const apiUrl = (process.env.ADMIN_API_URL ?? process.env.SHOP_API_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  const answer = await fetch(`${apiUrl}/admin/scripts/staff-setup-links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(member),
  });
  const body = (await answer.json().catch(() => null)) as { psdata?: { url: string; created: boolean }; message?: string } | null;
  if (!answer.ok || !body?.psdata) throw new Error(`the API refused (${answer.status}): ${body?.message ?? 'no reason given'}`);
  return body.psdata;
}

try {
  const running = !config.databaseUrl && (await fetch(`http://127.0.0.1:${config.port}/health/live`, { signal: AbortSignal.timeout(1_000) }).catch(() => null));
  let issued: { url: string; created: boolean };
  if (running) {
    issued = await askApi();
  } else {
    const handle = await prepareDatabase(config, false);
    issued = await issueSetupLink(handle.db, member, { script: 'npm run staff:create' }, config.backOfficeUrl);
    await handle.close();
  }
  const { url, created } = issued;
  console.log(`${created ? 'Created' : 'New set-up link for'} ${email.data} (${roleArgument}). Open this link within 72 hours to set a password and an authenticator:\n${url}`);
} catch (error) {
  console.error(`staff:create: ${error instanceof StartupError ? error.message : String(error)}`);
  process.exit(1);
}
