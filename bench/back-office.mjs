// What the back office's benches share: the built shop API on PostgreSQL, and signed-in staff sessions.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The built shop API (apps/shop-api/dist) on DATABASE_URL at `port`, without the demo seed, its fair share sized for `clients`. */
export function startShopApi(port, clients) {
  return spawn(process.execPath, ['apps/shop-api/dist/main.js'], {
    cwd: root,
    env: { ...process.env, SHOP_API_PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: 'false', API_CLIENT_CONCURRENCY: String(clients * 2) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A signed-in session (second factor done) per client for a staff member of `role`, made directly: no authenticator in a bench. */
export async function staffSessions(db, { email, role, count }) {
  const { rows } = await db.query(
    `insert into staff (email, role) values ($1, $2) on conflict (email) do update set disabled = false, role = excluded.role returning id`,
    [email, role],
  );
  const tokens = [];
  for (let client = 0; client < count; client++) {
    const token = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(token).digest('hex');
    await db.query(`insert into staff_sessions (token_hash, staff_id, second_factor_at, expires_at) values ($1, $2, now(), now() + interval '1 hour')`, [hash, rows[0].id]);
    tokens.push(token);
  }
  return tokens;
}
