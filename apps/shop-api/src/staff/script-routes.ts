import { emailSchema } from '@shop/contract';
import { STAFF_ROLES } from '@shop/contract/admin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { failure, success } from '../http/envelope.ts';
import { sameSecret } from '../http/request-context.ts';
import { issueSetupLink } from './setup.ts';

const setupLinkBody = z.object({ email: emailSchema, role: z.enum(STAFF_ROLES) }).strict();

/**
 * The scripts' way in while the API runs on the embedded database (which one process opens): `npm run staff:create`
 * posts here with ADMIN_TOKEN, the scripts' key (as `npm run refund` does). Only there when ADMIN_TOKEN is set.
 */
export function registerStaffScripts(app: FastifyInstance, { db, config }: { db: Database; config: ApiConfig }): void {
  const token = config.adminToken;
  if (!token) return;
  app.post('/admin/scripts/staff-setup-links', async (request, reply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !sameSecret(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(failure('unauthorized', 'This call needs the back-office token'));
    }
    const body = setupLinkBody.safeParse(request.body ?? {});
    if (!body.success) return reply.status(400).send(failure('bad_request', `Name an email address and a role (${STAFF_ROLES.join(', ')})`));
    const { url, created } = await issueSetupLink(db, body.data, { script: 'npm run staff:create' }, config.backOfficeUrl);
    return success({ url, created });
  });
}
